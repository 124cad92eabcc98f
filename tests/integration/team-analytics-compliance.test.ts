/**
 * Compliance on the running local stack (docs/teams.md, "Compliance"): teamMemberScores gives each gamer of a fresh
 * team today's check-in, the time of his last one and his check-ins over the window, counting only the days he was in
 * the team for whole and that are over, or checked in; a shorter window is asked of the server. Who may read it:
 * tests/integration/authorization-matrix.test.ts.
 */
import { shiftDay, scoreDayOf } from '@core/dates';
import { answersWith } from '@core/test-support/answers';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { clearOfScoreDayEdge } from '../support/score-day-edge';
import { useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(60_000);

const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const MEMBERS = `query($teamId: ID!, $days: Int) { teamMemberScores(teamId: $teamId, days: $days) {
  userId checkedInToday lastCheckInAt daysCheckedIn daysCounted checkInRate } }`;

interface Compliance {
  userId: string;
  checkedInToday: boolean;
  lastCheckInAt: string | null;
  daysCheckedIn: number;
  daysCounted: number;
  checkInRate: number | null;
}

beforeAll(() => {
  useStackEnvironment();
});

it('tells the staff who checked in today, when, and each gamer’s check-ins over the window', async () => {
  // Every step on one score day: the counts below are of "today".
  await clearOfScoreDayEdge();
  const people = await accounts({ director: 'DIRECTOR', coach: 'COACH', early: 'GAMER', late: 'GAMER', newcomer: 'GAMER' }, 'compliance');
  const teamId = await teamOf(
    people.director,
    [
      [people.coach, 'COACH'],
      [people.newcomer, 'GAMER'],
    ],
    'Compliance',
  );
  // Two gamers joined three days ago (UTC, the accounts' zone): the two whole days since count against them.
  const today = scoreDayOf(new Date(), 'UTC');
  const joinedAt = `${shiftDay(today, -3)}T12:00:00.000Z`;
  for (const gamer of [people.early, people.late]) await dynamoTeamStore.addMember({ teamId, userId: gamer.id, role: 'GAMER', joinedAt });

  const before = Date.now();
  await ok(people.early, CHECK_IN, { answers: answersWith('best') });
  await ok(people.newcomer, CHECK_IN, { answers: answersWith('worst') });
  const after = Date.now();

  const read = async (days: number) => {
    const { teamMemberScores } = (await ok(people.coach, MEMBERS, { teamId, days })) as { teamMemberScores: Compliance[] };
    return new Map(teamMemberScores.map(({ userId, ...rest }) => [userId, rest]));
  };
  const week = await read(7);
  expect(week.size).toBe(3);
  const early = week.get(people.early.id)!;
  expect(early).toMatchObject({ checkedInToday: true, daysCheckedIn: 1, daysCounted: 3, checkInRate: 33 });
  expect(Date.parse(early.lastCheckInAt!)).toBeGreaterThanOrEqual(before - 1_000);
  expect(Date.parse(early.lastCheckInAt!)).toBeLessThanOrEqual(after + 1_000);
  expect(week.get(people.late.id)).toEqual({ checkedInToday: false, lastCheckInAt: null, daysCheckedIn: 0, daysCounted: 2, checkInRate: 0 });
  // Joined today: only his check-in counts, and today is not held against anyone who has not checked in yet.
  expect(week.get(people.newcomer.id)).toMatchObject({ checkedInToday: true, daysCheckedIn: 1, daysCounted: 1, checkInRate: 100 });

  // A one-day window is today alone.
  const todayOnly = await read(1);
  expect(
    [people.early, people.late, people.newcomer].map((gamer) => [todayOnly.get(gamer.id)!.daysCheckedIn, todayOnly.get(gamer.id)!.daysCounted]),
  ).toEqual([
    [1, 1],
    [0, 0],
    [1, 1],
  ]);
});
