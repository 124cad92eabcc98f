import type { TeamMembersChange } from '@core/teams/validation';
import { publishToSubscribers } from '../lib/api-publish';

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

/** The publish mutation's answer: AppSync admits only IAM callers (the function's own role); it echoes the change. */
export const membersChangedResult = (change: TeamMembersChange): TeamMembersChange => ({ ...change, userId: change.userId ?? null });
