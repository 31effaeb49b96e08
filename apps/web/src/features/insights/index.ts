// Public entry point of the insights feature (the Painel); the router loads InsightsPage lazily.
export { insightKeys } from './api';
