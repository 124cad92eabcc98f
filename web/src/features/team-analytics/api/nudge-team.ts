import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { NudgeTeamMutation } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** What one nudge did (schema.graphql NudgeResult): reminders sent now, and members nudged earlier today by anyone. */
export type NudgeResult = NudgeTeamMutation['nudgeTeam'];

const nudgeTeamMutation = gqlOperation(/* GraphQL */ `
  mutation NudgeTeam($teamId: ID!) {
    nudgeTeam(teamId: $teamId) {
      nudged
      alreadyNudged
    }
  }
`);

/** Reminds the team's gamers who have not checked in today, each at most once a day (docs/teams.md, "Compliance"). */
const nudgeTeam = async (teamId: string) => (await callApi(nudgeTeamMutation, { teamId })).nudgeTeam;

/** Nudges the team; the caller's callbacks (toasts, closing the dialog) ride along. */
export const useNudgeTeam = (teamId: string, options: Omit<UseMutationOptions<NudgeResult, Error, void>, 'mutationFn'> = {}) =>
  useMutation({ ...options, mutationFn: () => nudgeTeam(teamId) });
