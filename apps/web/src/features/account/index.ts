// Public entry point of the account feature (other features import only from here).
export { useMe } from './api';
