import { QueryClient } from '@tanstack/react-query';

/** One cache for the app's server state. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** Every cached score read starts with this key, so a check-in can refresh them all at once. */
export const SCORES_QUERY_KEY = ['scores'] as const;
