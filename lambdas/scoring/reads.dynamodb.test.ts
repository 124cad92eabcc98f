import { daysOf } from '@core/dates';
import { QUESTIONS } from '@core/questionnaire';
import { roundScore } from '@core/scoring';
import { logger } from '../lib/appsync';
import { submitAnswers } from './check-in';
import {
  checkInCounts,
  myScore,
  myScoreStats,
  myTeamDataStats,
  myTeamScoreStats,
  teamMemberScores,
  userAnswerBySlug,
  userAnswers,
  userScoreStatistics,
} from './reads';
import { scoringHandlerOn } from './test-support/handler';
import { caller, scoringWorld } from './test-support/world';

/** Every pillar question answered with the option at `index` of its list (clamped): different gamers, different days. */
const answersAt = (index: number) =>
  QUESTIONS.filter((question) => question.pillar !== null).map((question) => ({
    questionSlug: question.slug,
    value: question.options[Math.min(index, question.options.length - 1)].value,
  }));

const now = new Date('2026-04-10T12:00:00Z');

/**
 * Gamers g1 and g2 and a coach in the director's owls, g3 in director2's wolves, a solo gamer and an admin, with fresh
 * ids on DynamoDB Local; g1 checked in on the 8th and 9th, g2 and g3 on the 9th.
 */
async function setup() {
  const { id, stores, scores } = await scoringWorld({
    users: { g1: null, g2: null, g3: null, solo: null, coach: null, director: null, director2: null, admin: null },
    teams: { owls: 'director', wolves: 'director2' },
    memberships: [
      ['owls', 'g1'],
      ['owls', 'g2'],
      ['owls', 'coach', 'COACH'],
      ['wolves', 'g3'],
    ],
  });
  const people = {
    gamer: caller(id('g1')),
    teammate: caller(id('g2')),
    rival: caller(id('g3')),
    solo: caller(id('solo')),
    coach: caller(id('coach'), ['COACH']),
    director: caller(id('director'), ['DIRECTOR']),
    otherDirector: caller(id('director2'), ['DIRECTOR']),
    admin: caller(id('admin'), ['ADMIN']),
  };
  const checkIn = (who: Who, index: number, iso: string) => submitAnswers(people[who].sub, { answers: answersAt(index) }, stores, new Date(iso));
  await checkIn('gamer', 3, '2026-04-08T12:00:00Z');
  await checkIn('gamer', 1, '2026-04-09T12:00:00Z');
  await checkIn('teammate', 2, '2026-04-09T12:00:00Z');
  await checkIn('rival', 0, '2026-04-09T12:00:00Z');
  /** A team read as the viewer `who` makes it: the team, and his clock. */
  const viewOf = async (team: string, who: Who) => ({ team: (await stores.teams.get(id(team)))!, viewerId: people[who].sub });
  return { id, people, stores, scores, viewOf, call: scoringHandlerOn(stores, () => now) };
}

type Who = 'gamer' | 'teammate' | 'rival' | 'solo' | 'coach' | 'director' | 'otherDirector' | 'admin';
type World = Awaited<ReturnType<typeof setup>>;

beforeAll(() => jest.spyOn(logger, 'warn').mockImplementation(() => undefined));

// Through the handler (./fields.ts): each field's row, argument schema and subject, as AppSync calls it.
describe('who may read what', () => {
  // Reads change nothing: one world serves every case.
  let world: World;
  // The world is a few teams, profiles and check-ins on DynamoDB Local: more than the 5 s default on a loaded 2-core machine.
  beforeAll(async () => {
    world = await setup();
  }, 30_000);
  const as = (who: Who) => world.people[who];
  const userReads = {
    myScore: (who: Who, userId: string) => world.call('Query.myScore', as(who), { userId }),
    myScoreStats: (who: Who, userId: string) => world.call('Query.myScoreStats', as(who), { userId }),
    userAnswers: (who: Who, userId: string) => world.call('Query.userAnswers', as(who), { userId }),
    userAnswerBySlug: (who: Who, userId: string) =>
      world.call('Query.userAnswerBySlug', as(who), { userId, questionSlug: 'sleep-quality', date: '2026-04-09' }),
    userScoreStatistics: (who: Who, userId: string) => world.call('Query.userScoreStatistics', as(who), { userId }),
  };
  const teamReads = {
    myTeamScoreStats: (who: Who, teamId: string) => world.call('Query.myTeamScoreStats', as(who), { teamId }),
    myTeamDataStats: (who: Who, teamId: string) => world.call('Query.myTeamDataStats', as(who), { teamId }),
    myTeamDataStatsPro: (who: Who, teamId: string) => world.call('Query.myTeamDataStatsPro', as(who), { teamId }),
    teamMemberScores: async (who: Who, teamId: string) => ({
      teamId,
      rows: await world.call('Query.teamMemberScores', as(who), { teamId }),
    }),
  };

  // [caller, gamer whose data is read, allowed]
  const userCases: [Who, string, boolean][] = [
    ['gamer', 'g1', true],
    ['gamer', 'g2', false],
    ['solo', 'g1', false],
    ['coach', 'g1', true],
    ['coach', 'g3', false],
    ['director', 'g2', true],
    ['otherDirector', 'g1', false],
    ['otherDirector', 'g3', true],
    ['admin', 'g3', true],
  ];
  /** Whose data a read returned: the userId of each record (null for a missing one), once each. */
  const ownersOf = (result: unknown) => [
    ...new Set((Array.isArray(result) ? result : [result]).map((record) => (record as { userId?: string } | null)?.userId ?? null)),
  ];
  const allowedCases = (cases: [Who, string, boolean][]) => cases.filter(([, , allowed]) => allowed);
  const refusedCases = (cases: [Who, string, boolean][]) => cases.filter(([, , allowed]) => !allowed);

  for (const [read, run] of Object.entries(userReads)) {
    it.each(allowedCases(userCases))(`${read}: %s may read %s`, async (who, userId) => {
      expect(ownersOf(await run(who, world.id(userId)))).toEqual([world.id(userId)]);
    });
    it.each(refusedCases(userCases))(`${read}: %s may not read %s`, async (who, userId) => {
      await expect(run(who, world.id(userId))).rejects.toMatchObject({ name: 'Unauthorized' });
    });
  }

  // [caller, team, allowed]: gamers, their teammates included, see no team statistics.
  const teamCases: [Who, string, boolean][] = [
    ['gamer', 'owls', false],
    ['gamer', 'wolves', false],
    ['coach', 'owls', true],
    ['coach', 'wolves', false],
    ['director', 'owls', true],
    ['director', 'wolves', false],
    ['otherDirector', 'wolves', true],
    ['admin', 'owls', true],
    ['solo', 'owls', false],
  ];
  for (const [read, run] of Object.entries(teamReads)) {
    it.each(allowedCases(teamCases))(`${read}: %s may read team %s`, async (who, teamId) => {
      await expect(run(who, world.id(teamId))).resolves.toMatchObject({ teamId: world.id(teamId) });
    });
    it.each(refusedCases(teamCases))(`${read}: %s may not read team %s`, async (who, teamId) => {
      await expect(run(who, world.id(teamId))).rejects.toMatchObject({ name: 'Unauthorized' });
    });
  }

  it('answers NotFound for an unknown team', async () => {
    await expect(world.call('Query.myTeamScoreStats', as('admin'), { teamId: world.id('nope') })).rejects.toMatchObject({ name: 'NotFound' });
  });
});

describe('statistics', () => {
  it('averages a team per date over the members who checked in', async () => {
    const { viewOf, id, stores, scores } = await setup();
    const stats = await myTeamScoreStats(await viewOf('owls', 'coach'), { teamId: id('owls'), type: 'daily' }, stores, now);
    const [g1, g2] = await Promise.all(['g1', 'g2'].map((name) => scores.memberDays(id(name), { startDate: '2026-04-09', endDate: '2026-04-09' })));
    const g1Earlier = (await scores.memberDays(id('g1'), { startDate: '2026-04-08', endDate: '2026-04-08' }))[0];
    expect(stats).toMatchObject({ startDate: '2026-04-04', endDate: '2026-04-10', type: 'daily', count: 2 });
    expect(stats.mainScoreStatistics).toEqual([
      { date: '2026-04-08', value: g1Earlier.dailyScore },
      { date: '2026-04-09', value: roundScore((g1[0].dailyScore! + g2[0].dailyScore!) / 2) },
    ]);
    const readiness = await myTeamScoreStats(await viewOf('owls', 'coach'), { teamId: id('owls'), type: 'gameReadiness' }, stores, now);
    expect(readiness.mainScoreStatistics.map((point) => point.userId)).toEqual([id('g1'), id('g1'), id('g2')]);
  });

  it('lists a gamer’s days in the window, and the pro team variant adds one row per member, day and pillar', async () => {
    const { viewOf, id, stores } = await setup();
    const own = await myScoreStats(id('g1'), { type: 'fgScore', startDate: '2026-04-09', endDate: '2026-04-10' }, stores, now);
    expect(own.mainScoreStatistics.map((point) => point.date)).toEqual(['2026-04-09']);
    const plain = await myTeamDataStats(await viewOf('owls', 'director'), { teamId: id('owls'), days: 3 }, stores, { pro: false }, now);
    expect(plain).toMatchObject({ startDate: '2026-04-08', userStats: null });
    expect(plain.days.map((day) => [day.date, day.membersCheckedIn])).toEqual([
      ['2026-04-08', 1],
      ['2026-04-09', 2],
    ]);
    const pro = await myTeamDataStats(await viewOf('owls', 'director'), { teamId: id('owls'), days: 3 }, stores, { pro: true }, now);
    expect(pro.userStats).toHaveLength(3 * 5);
    expect(pro.userStats![0]).toMatchObject({ id: `${id('g1')}#2026-04-08#sleep`, userId: id('g1'), pillarSlug: 'sleep', totalQuestions: 3 });
  });

  it('gives one gamer’s rows per day and pillar, as the pro team variant does', async () => {
    const { viewOf, id, stores } = await setup();
    const rows = await userScoreStatistics(id('g1'), { days: 3 }, stores, now);
    const pro = await myTeamDataStats(await viewOf('owls', 'director'), { teamId: id('owls'), days: 3 }, stores, { pro: true }, now);
    expect(rows).toHaveLength(2 * 5);
    expect(rows).toEqual(pro.userStats!.filter((row) => row.userId === id('g1')));
  });

  it('lists each gamer of a team with his score card now, coaches left out', async () => {
    const { viewOf, id, stores } = await setup();
    await submitAnswers(id('g2'), { answers: answersAt(2) }, stores, now);
    const rows = await teamMemberScores(await viewOf('owls', 'director'), {}, stores, now);
    expect(rows.map((row) => row.userId).sort()).toEqual([id('g1'), id('g2')]);
    const [g1Card, g2Card] = await Promise.all([id('g1'), id('g2')].map((userId) => myScore(userId, stores, now)));
    const [g2Today] = await stores.scores.latestDays(id('g2'), 1);
    expect(rows.find((row) => row.userId === id('g1'))).toMatchObject({
      date: '2026-04-10',
      fgScore: g1Card.score,
      streak: g1Card.streak,
      gameReadiness: null,
      avgCompletion: null,
    });
    expect(rows.find((row) => row.userId === id('g2'))).toMatchObject({
      fgScore: g2Card.score,
      streak: 2,
      gameReadiness: g2Today.gameReadiness,
      avgCompletion: g2Card.pillars.avgCompletion,
    });
    expect(g2Today.gameReadiness).not.toBeNull();
  });

  it('gives each gamer today’s check-in, the time of his last one and his check-ins over the window', async () => {
    const { viewOf, id, stores } = await setup();
    await submitAnswers(id('g2'), { answers: answersAt(2) }, stores, now);
    const week = await teamMemberScores(await viewOf('owls', 'coach'), {}, stores, now);
    // Both joined before the window (2026-04-04..10); g1 checked in on the 8th and 9th, g2 on the 9th and today.
    expect(week.find((row) => row.userId === id('g1'))).toMatchObject({
      checkedInToday: false,
      lastCheckInAt: '2026-04-09T12:00:00.000Z',
      daysCheckedIn: 2,
      daysCounted: 6,
      checkInRate: 33,
    });
    expect(week.find((row) => row.userId === id('g2'))).toMatchObject({
      checkedInToday: true,
      lastCheckInAt: now.toISOString(),
      daysCheckedIn: 2,
      daysCounted: 7,
      checkInRate: 29,
    });
    const threeDays = await teamMemberScores(await viewOf('owls', 'coach'), { days: 3 }, stores, now);
    expect(threeDays.map(({ userId, daysCheckedIn, daysCounted }) => [userId, daysCheckedIn, daysCounted])).toEqual([
      [id('g1'), 2, 2],
      [id('g2'), 2, 3],
    ]);
  });

  it('holds against a member only the days he was in the team for whole and that are over', () => {
    const window = { startDate: '2026-04-04', endDate: '2026-04-10' };
    // Joined on the 5th: the 4th and the 5th count only checked in, as today (the 10th) does.
    expect(checkInCounts(daysOf(window), new Set(['2026-04-08']), '2026-04-05', '2026-04-10')).toEqual({
      daysCheckedIn: 1,
      daysCounted: 4,
      checkInRate: 25,
    });
    expect(checkInCounts(daysOf(window), new Set(['2026-04-05', '2026-04-10']), '2026-04-05', '2026-04-10')).toEqual({
      daysCheckedIn: 2,
      daysCounted: 6,
      checkInRate: 33,
    });
    // A day he checked in before his latest join (a member who left and came back) still counts.
    expect(checkInCounts(daysOf(window), new Set(['2026-04-04']), '2026-04-09', '2026-04-10')).toEqual({
      daysCheckedIn: 1,
      daysCounted: 1,
      checkInRate: 100,
    });
    expect(checkInCounts(daysOf(window), new Set(), '2026-04-09', '2026-04-10')).toEqual({ daysCheckedIn: 0, daysCounted: 0, checkInRate: null });
  });

  it('shows yesterday’s score on the card until the gamer checks in today', async () => {
    const { id, stores } = await setup();
    const card = await myScore(id('g1'), stores, now);
    expect(card).toMatchObject({ userId: id('g1'), date: '2026-04-10', todayScore: null, streak: 2 });
    expect(card.score).toBe(card.prevDayScore);
  });

  it('filters answers by pillar and finds one answer by its question', async () => {
    const { id, stores } = await setup();
    const sleep = await userAnswers(id('g1'), { pillarSlug: 'sleep' }, stores, now);
    expect(new Set(sleep.map((answer) => answer.pillarSlug))).toEqual(new Set(['sleep']));
    expect(sleep).toHaveLength(2 * 3);
    await expect(userAnswerBySlug(id('g1'), { questionSlug: 'sleep-quality', date: '2026-04-09' }, stores, now)).resolves.toMatchObject({
      value: 'neutral',
      score: 50,
    });
    await expect(userAnswerBySlug(id('g1'), { questionSlug: 'sleep-quality' }, stores, now)).resolves.toBeNull();
  });

  it.each([
    [{ startDate: '2026-04-10', endDate: '2026-04-01' }, 'startDate must not be after endDate.'],
    [{ startDate: '2024-01-01', endDate: '2026-04-01' }, 'A window spans at most 366 days.'],
    [{ startDate: '2026-02-30' }, 'startDate must be a real date in the form YYYY-MM-DD.'],
    [{ startDate: '2026-04-01', days: 3 }, 'Give startDate or days, not both.'],
    [{ type: 'speed' }, 'type must be one of: fgScore, daily, gameReadiness, gamePerformance, sleep, nutrition, mental, lifestyle, physical.'],
  ])('refuses the window %j', async (args, message) => {
    const { people, call } = await setup();
    await expect(call('Query.myScoreStats', people.gamer, args)).rejects.toMatchObject({ name: 'ValidationError', message });
  });
});
