/** The signed-in user's profile (`me`, schema.graphql; docs/accounts.md), with the session's tokens. */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { MeQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/query-client';
import { useSession } from '../hooks/use-session';

/** The signed-in user's profile as the frame and the after-login routing use it. */
export type Me = NonNullable<MeQuery['me']>;

const meQuery = gqlOperation(/* GraphQL */ `
  query Me {
    me {
      id
      email
      fullName
      avatar
      role
      selectedTeamId
      emailVerified
      Invites {
        id
        teamId
        role
        status
        Team {
          id
          name
        }
      }
      Team {
        id
        name
        avatar
        createdAt
      }
      coachedTeams {
        id
        name
        avatar
        createdAt
      }
      ownedTeams {
        id
        name
        avatar
        createdAt
      }
    }
  }
`);

const fetchMe = async () => (await callApi(meQuery)).me;

/** The account feature's query keys: the profile per user, under ME_QUERY_KEY (team changes refresh it through that). */
const authKeys = {
  me: (userId: string) => [...ME_QUERY_KEY, userId] as const,
};

const meQueryOptions = (userId: string) => queryOptions({ queryKey: authKeys.me(userId), queryFn: fetchMe });

/** The signed-in user's profile (`me`), cached per user. */
export function useMe() {
  const session = useSession();
  const userId = session?.user.id ?? '';
  return useQuery({ ...meQueryOptions(userId), enabled: session !== null, staleTime: 60_000 });
}

/** Loads `me` into the cache (the after-login routing needs it, and the frame then shows it at once). */
export const loadMe = (queryClient: QueryClient, userId: string): Promise<Me | null> => queryClient.fetchQuery(meQueryOptions(userId));
