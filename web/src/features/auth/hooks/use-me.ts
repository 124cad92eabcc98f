import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/lib/query-client';
import { fetchMe, type Me } from '../api/auth-api';
import { useSession } from './use-session';

export const meQueryKey = (userId: string) => [...ME_QUERY_KEY, userId] as const;

/** The signed-in user's profile (`me`), cached per user. */
export function useMe() {
  const session = useSession();
  const userId = session?.user.id ?? '';
  return useQuery({ queryKey: meQueryKey(userId), queryFn: fetchMe, enabled: session !== null, staleTime: 60_000 });
}

/** Loads `me` into the cache (the after-login routing needs it, and the frame then shows it at once). */
export const loadMe = (queryClient: QueryClient, userId: string): Promise<Me | null> =>
  queryClient.fetchQuery({ queryKey: meQueryKey(userId), queryFn: fetchMe });
