import type { TeamCheckIn } from '@core/score-api';
import { logger } from '../lib/observability';
import type { TeamStore } from '../lib/stores/team-store';

const publishMutation = /* GraphQL */ `
  mutation PublishTeamCheckIn($teamId: ID!, $userId: ID!, $date: AWSDate!, $at: AWSDateTime!) {
    publishTeamCheckIn(teamId: $teamId, userId: $userId, date: $date, at: $at) {
      teamId
      userId
      date
      at
    }
  }
`;

/** The gamer's teams, the publish of a server mutation (publishToSubscribers), and the clock. */
export interface TeamCheckInDeps {
  teams: Pick<TeamStore, 'membershipsOfUser'>;
  publish: (query: string, variables: TeamCheckIn) => Promise<void>;
  now: () => Date;
}

/**
 * Tells the open analytics pages of every team the gamer plays in that his check-in is stored (onTeamCheckIn), so they
 * read their statistics again. A failure is logged and forgotten: the day is saved already, and a page catches up on
 * its next load.
 */
export async function announceCheckIn(day: { userId: string; date: string }, deps: TeamCheckInDeps): Promise<void> {
  const at = deps.now().toISOString();
  try {
    const playsIn = (await deps.teams.membershipsOfUser(day.userId)).filter((membership) => membership.role === 'GAMER');
    await Promise.all(playsIn.map(({ teamId }) => deps.publish(publishMutation, { teamId, userId: day.userId, date: day.date, at })));
  } catch (error) {
    logger.warn('check-in not announced to team pages', { error: error as Error });
  }
}
