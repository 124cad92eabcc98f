import { primaryRole } from '@core/roles';
import type { TeamDayAggregate } from '@core/scoring';
import type { Caller } from '../../lib/appsync';
import { dynamoJournalStore } from '../../lib/stores/journal-store';
import { type DayWrite, dynamoScoreStore, type ScoreStore } from '../../lib/stores/score-store';
import { dynamoTeamStore } from '../../lib/stores/team-store';
import { freshIds, membershipRecord, seedRecords, teamRecord, userRecord } from '../../lib/stores/test-support/records';
import { dynamoUserStore } from '../../lib/stores/user-store';

/**
 * Scoring's tests on DynamoDB Local (jest project `dynamodb`): people, teams and memberships named in the test are
 * written with fresh ids, and the score store keeps every check-in write it made, in order.
 */
interface ScoringSeed {
  /** Gamer or staff name -> the time zone the profile holds (null: none yet). */
  users: Record<string, string | null>;
  /** Team name -> its owner's name. */
  teams: Record<string, string>;
  /** [team, member, role]. */
  memberships: [string, string, ('GAMER' | 'COACH')?][];
}

export async function scoringWorld({ users, teams, memberships }: ScoringSeed) {
  const id = freshIds();
  await seedRecords({
    users: Object.entries(users).map(([name, timeZone]) => userRecord(id(name), { fullName: name, username: id(name), timeZone })),
    teams: Object.entries(teams).map(([name, owner]) => teamRecord(id(name), id(owner), { name })),
    memberships: memberships.map(([team, member, role]) => membershipRecord(id(team), id(member), role)),
    // Room for every gamer named, as bought extra seats give it.
    extraGamerSeats: memberships.length,
  });
  const writes: DayWrite[] = [];
  const scores: ScoreStore = {
    ...dynamoScoreStore,
    async saveDay(write) {
      await dynamoScoreStore.saveDay(write);
      writes.push(write);
    },
  };
  const stores = { users: dynamoUserStore, teams: dynamoTeamStore, scores, journal: dynamoJournalStore };
  /** The team's aggregate of one day, undefined until a member's check-in counted there. */
  const teamDay = async (team: string, date: string): Promise<TeamDayAggregate | undefined> =>
    (await dynamoScoreStore.teamDays(id(team), { startDate: date, endDate: date }))[0];
  return { id, stores, scores, writes, teamDay };
}

export const caller = (sub: string, groups: string[] = ['GAMER']): Caller => ({ sub, email: null, groups, role: primaryRole(groups) });
