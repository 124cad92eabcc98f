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

/** The signed-in user's profile (`me`, with their teams and invites); team changes refresh it through this key. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;
