// Public entry point of the auth feature (other features import only from here).
export { authClient, authErrorMessage, useSession } from './api/auth-client';
