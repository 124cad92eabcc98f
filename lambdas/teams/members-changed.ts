import { teamMembersChangeSchema, type TeamMembersChange } from '@core/validation/teams';
import { publishToSubscribers } from '../lib/api-publish';
import { parseInput } from '../lib/validation';

const publishMutation = /* GraphQL */ `
  mutation PublishTeamMembersChanged($teamId: ID!, $userId: ID, $change: TeamMembersChangeKind!, $at: AWSDateTime!) {
    publishTeamMembersChanged(teamId: $teamId, userId: $userId, change: $change, at: $at) {
      teamId
      userId
      change
      at
    }
  }
`;

/** Announces a member who joined or left to the team's onTeamMembersChanged subscribers (its open My Team pages). */
export async function announceMembersChanged(change: TeamMembersChange): Promise<void> {
  await publishToSubscribers(publishMutation, change);
}

/** The publish mutation's resolver: AppSync admits only IAM callers (the function's own role); it echoes the change. */
export function membersChangedResult(args: unknown): TeamMembersChange {
  const change = parseInput(teamMembersChangeSchema, args);
  return { ...change, userId: change.userId ?? null };
}
