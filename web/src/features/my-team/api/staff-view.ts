/** The staff's part of My Team (docs/teams.md, "Operations"): seats, the invites sent and the team codes; inviting and withdrawing an invite. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteRole } from '@core/teams';
import type { TeamStaffViewQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { useConfirmedAction } from './confirmed-action';
import { myTeamKeys } from './keys';

export type StaffView = TeamStaffViewQuery;

export type SentInvite = TeamStaffViewQuery['invites'][number];

export type TeamCode = TeamStaffViewQuery['codes'][number];

interface InviteInput {
  inviteeName: string;
  inviteeEmail: string;
  role: InviteRole;
  teamId: string;
}

// The staff's view of the team in one request: seats, invites sent and team codes.
const staffQuery = gqlOperation(/* GraphQL */ `
  query TeamStaffView($teamId: ID!) {
    seats: teamSeatsSubscriptions(teamId: $teamId) {
      gamerSeats
      gamersUsed
      coachSeats
      coachesUsed
      label
    }
    invites: teamInvites(teamId: $teamId) {
      id
      inviteeName
      inviteeEmail
      role
      status
      createdAt
    }
    codes: getTeamCodes(teamId: $teamId) {
      id
      code
      email
      used
      accepted
    }
  }
`);

const sendInviteMutation = gqlOperation(/* GraphQL */ `
  mutation SendInvite($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
    sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) {
      id
    }
  }
`);

const deleteInviteMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteTeamInvite($id: ID!, $teamId: ID!) {
    deleteTeamInvite(id: $id, teamId: $teamId)
  }
`);

const getTeamStaffView = (teamId: string) => callApi(staffQuery, { teamId });

async function sendInvite(input: InviteInput): Promise<void> {
  await callApi(sendInviteMutation, input);
}

async function deleteTeamInvite(teamId: string, id: string): Promise<void> {
  await callApi(deleteInviteMutation, { teamId, id });
}

const teamStaffViewQueryOptions = (teamId: string) => queryOptions({ queryKey: myTeamKeys.staff(teamId), queryFn: () => getTeamStaffView(teamId) });

/** Seats, invites sent and team codes: the staff's part of the page (asked only when `enabled`). */
export const useTeamStaffView = (teamId: string, enabled: boolean) => useQuery({ ...teamStaffViewQueryOptions(teamId), enabled });

/** Sends an invite; the server's refusal (seats full, already invited) rejects. Then the team's reads are refreshed. */
export function useSendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvite,
    onSuccess: (_result, invite) => void queryClient.invalidateQueries({ queryKey: myTeamKeys.team(invite.teamId) }),
  });
}

/** Withdrawing a sent invite after the confirmation (useConfirmedAction); `done` gives the message toasted after. */
export const useDeleteTeamInvite = (teamId: string, done: (invite: SentInvite) => string) =>
  useConfirmedAction(teamId, (invite: SentInvite) => deleteTeamInvite(teamId, invite.id), done);
