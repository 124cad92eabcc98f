/**
 * The invites the signed-in user received (docs/teams.md, "Operations"): listed, accepted or rejected once, or joined
 * with the one-time code of an invite e-mail.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReceivedInvitesQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/query-client';
import { teamKeys } from './keys';

export type ReceivedInvite = ReceivedInvitesQuery['receivedInvites'][number];

const receivedInvitesQuery = gqlOperation(/* GraphQL */ `
  query ReceivedInvites {
    receivedInvites {
      id
      teamId
      role
      createdAt
      Team {
        id
        name
        avatar
      }
      TeamInviter {
        fullName
        email
      }
    }
  }
`);

const acceptInviteMutation = gqlOperation(/* GraphQL */ `
  mutation AcceptInvite($inviteId: ID!) {
    acceptInvite(inviteId: $inviteId) {
      id
    }
  }
`);

const rejectInviteMutation = gqlOperation(/* GraphQL */ `
  mutation RejectInvite($inviteId: ID!) {
    rejectInvite(inviteId: $inviteId) {
      id
    }
  }
`);

const joinWithCodeMutation = gqlOperation(/* GraphQL */ `
  mutation JoinTeamWithCode($code: String!) {
    joinTeamWithCode(code: $code) {
      id
      name
    }
  }
`);

const fetchReceivedInvites = async () => (await callApi(receivedInvitesQuery)).receivedInvites;

const acceptInvite = async (inviteId: string) => (await callApi(acceptInviteMutation, { inviteId })).acceptInvite;

const rejectInvite = async (inviteId: string) => (await callApi(rejectInviteMutation, { inviteId })).rejectInvite;

const joinTeamWithCode = async (code: string) => (await callApi(joinWithCodeMutation, { code })).joinTeamWithCode;

const receivedInvitesQueryOptions = () => queryOptions({ queryKey: teamKeys.receivedInvites(), queryFn: fetchReceivedInvites });

/** The signed-in user's pending invites. */
export const useReceivedInvites = () => useQuery(receivedInvitesQueryOptions());

/** The invites and the profile, which lists the user's teams and invites, are read again after an answer or a join. */
function useRefreshMemberships() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.receivedInvites() });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
}

/**
 * Accepts (`mutate(true)`) or rejects (`mutate(false)`) the invite; `onAnswered` runs before the invites and the
 * profile are read again, `onError` on a refusal.
 */
export function useAnswerInvite(inviteId: string, handlers: { onAnswered: (accepted: boolean) => void; onError: (error: Error) => void }) {
  const refresh = useRefreshMemberships();
  return useMutation({
    mutationFn: (accept: boolean) => (accept ? acceptInvite(inviteId) : rejectInvite(inviteId)),
    onSuccess: (_result, accept) => {
      handlers.onAnswered(accept);
      refresh();
    },
    onError: handlers.onError,
  });
}

/** Joins the team of an invite's one-time code; resolves with the team, then the invites and the profile are read again. */
export function useJoinTeamWithCode() {
  const refresh = useRefreshMemberships();
  return useMutation({ mutationFn: joinTeamWithCode, onSuccess: refresh });
}
