import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** The one query cache of the signed-in app (pricing, payment flow, dashboard). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (401, 404…) are answers, not blips: don't retry them.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});
