import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { NudgeTeamMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** What one nudge did (schema.graphql NudgeResult): reminders queued now (Web Push, e-mail), and members nudged earlier today by anyone. */
export type NudgeResult = NudgeTeamMutation['nudgeTeam'];

const nudgeTeamMutation = gqlOperation(/* GraphQL */ `
  mutation NudgeTeam($teamId: ID!, $userId: ID) {
    nudgeTeam(teamId: $teamId, userId: $userId) {
      nudged
      alreadyNudged
    }
  }
`);

/**
 * Reminds the team's gamers who have not checked in today (only `userId` when given), each at most once a day
 * (docs/teams.md, "Compliance").
 */
const nudgeTeam = async (teamId: string, userId: string | null) => (await callApi(nudgeTeamMutation, { teamId, userId })).nudgeTeam;

/** Nudges the team, or one gamer of it; the caller's callbacks (toasts, closing the dialog) ride along. */
export const useNudgeTeam = (teamId: string, userId: string | null, options: Omit<UseMutationOptions<NudgeResult, Error, void>, 'mutationFn'> = {}) =>
  useMutation({ ...options, mutationFn: () => nudgeTeam(teamId, userId) });
