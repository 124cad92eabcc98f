/**
 * The scoring API against the running local stack: check-ins through the gateway into DynamoDB Local (one transaction
 * per check-in), team aggregates, the 4 am day boundary on the gamer's clock, and who may read what.
 * Seeded: director@ owns Night Owls (gamer1-5, coached by coach@) and Iron Wolves (gamer6-8), each gamer with 30 days
 * of check-ins; solo@ has no team. Check-ins that change a seeded account use gamer8; zone tests use fresh accounts.
 */
import { randomUUID } from 'node:crypto';
import type { AnswerInput } from '@core/check-in';
import { scoreDayBounds, scoreDayOf, shiftDay } from '@core/dates';
import { roundScore, scoreDay } from '@core/scoring';
import { answersWith } from '@core/test-support/answers';
import { demoTeams, graphql, signIn } from '../support/stack';

jest.setTimeout(60_000);

const [nightOwls, ironWolves] = demoTeams.map((team) => team.id);

const DAY_FIELDS = `userId date timeZone closesAt checkedIn dailyScore gameReadiness gamePerformance gaming avgCompletion watchedVideos fgScore streak
  answers { id questionSlug value score date pillarSlug }
  pillars { pillarSlug score pureScore completenessScore totalAnswers totalQuestions }`;
const SUBMIT = `mutation($answers: [AnswerInput!]!, $watchedVideos: Boolean, $timeZone: String) {
  submitAnswers(answers: $answers, watchedVideos: $watchedVideos, timeZone: $timeZone) { ${DAY_FIELDS} } }`;
const CHECK_IN = `query($timeZone: String) { myCheckIn(timeZone: $timeZone) { ${DAY_FIELDS} } }`;
const SCORE = `query($userId: ID) { myScore(userId: $userId) { userId date score prevDayScore todayScore streak gaming
  pillarsIsolatedScore { pillarSlug score } extraPillarsTodayScores { pillarSlug score } pillars { avgCompletion } } }`;
const STATS = `query($userId: ID, $type: ScoreType, $startDate: AWSDate, $endDate: AWSDate, $days: Int) {
  myScoreStats(userId: $userId, type: $type, startDate: $startDate, endDate: $endDate, days: $days) {
    type count startDate endDate mainScoreStatistics { date value } perPillarScoreStatistics { pillarSlug points { date value } } } }`;
const TEAM_STATS = `query($teamId: ID!, $type: ScoreType, $startDate: AWSDate, $endDate: AWSDate, $days: Int) {
  myTeamScoreStats(teamId: $teamId, type: $type, startDate: $startDate, endDate: $endDate, days: $days) {
    type count startDate endDate mainScoreStatistics { date value userId } perPillarScoreStatistics { pillarSlug points { date value } } } }`;
const TEAM_DATA = `query($teamId: ID!, $days: Int) { myTeamDataStats(teamId: $teamId, days: $days) {
  teamId startDate endDate days { date membersCheckedIn dailyScore fgScore avgCompletion members { userId gameReadiness } } userStats { id } } }`;
const TEAM_DATA_PRO = `query($teamId: ID!, $days: Int) { myTeamDataStatsPro(teamId: $teamId, days: $days) {
  teamId days { date membersCheckedIn } userStats { id userId date pillarSlug score pureScore completenessScore totalAnswers totalQuestions fgScore gameReadiness } } }`;
const ANSWERS = `query($userId: ID, $startDate: AWSDate, $endDate: AWSDate, $pillarSlug: String) {
  userAnswers(userId: $userId, startDate: $startDate, endDate: $endDate, pillarSlug: $pillarSlug) { id date questionSlug value score pillarSlug userId } }`;
const ANSWER_BY_SLUG = `query($questionSlug: String!, $date: AWSDate, $userId: ID) {
  userAnswerBySlug(questionSlug: $questionSlug, date: $date, userId: $userId) { date questionSlug value score } }`;
const ME = 'query { me { id timeZone } }';
const SIGN_UP = `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!) {
  signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword) { accessToken } }`;

const tokens = new Map<string, string>();
async function tokenOf(who: string): Promise<string> {
  if (!tokens.has(who)) tokens.set(who, (await signIn(`${who}@fitgauge.test`)).accessToken);
  return tokens.get(who)!;
}

async function call<T = Record<string, any>>(who: string, query: string, variables: Record<string, unknown> = {}) {
  return graphql<T>(query, variables, { token: await tokenOf(who) });
}

async function ok<T = Record<string, any>>(who: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await call<T>(who, query, variables);
  expect(response.errors).toBeUndefined();
  return response.data!;
}

const userIds = new Map<string, string>();
async function idOf(who: string): Promise<string> {
  if (!userIds.has(who)) userIds.set(who, (await ok(who, ME)).me.id);
  return userIds.get(who)!;
}

/** A fresh gamer (signed up through the API), so time-zone changes touch no seeded account. */
async function freshGamer(): Promise<string> {
  const email = `zone-${randomUUID().slice(0, 8)}@fitgauge.test`;
  const response = await graphql(
    SIGN_UP,
    { data: { fullName: 'Zone Tester', email }, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' },
    { publicToken: true },
  );
  expect(response.errors).toBeUndefined();
  return response.data!.signUpUser.accessToken;
}

/** Fixed-offset zones whose wall clock reads `hour` o'clock now (Etc/GMT+3 is UTC-3), with their local date. */
function zonesAtHour(hour: number, now: Date): { zone: string; localDate: string }[] {
  const zones: { zone: string; localDate: string }[] = [];
  for (let offset = -12; offset <= 14; offset += 1) {
    const wallClock = new Date(now.getTime() + offset * 3_600_000);
    if (wallClock.getUTCHours() !== hour) continue;
    // UTC by the name the server stores it under (it canonicalises Etc/GMT to UTC).
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    zones.push({ zone, localDate: wallClock.toISOString().slice(0, 10) });
  }
  return zones;
}

/** Waits out the last minute before a 4 am boundary in `timeZone`, so two calls of a test land in the same day. */
async function awayFromBoundary(timeZone: string) {
  const now = Date.now();
  const { end } = scoreDayBounds(scoreDayOf(now, timeZone), timeZone);
  if (end.getTime() - now < 60_000) await new Promise((resolve) => setTimeout(resolve, end.getTime() - now + 1000));
}

/** Waits out the top of the hour, when the score day of some whole-hour zone changes. */
async function awayFromHourChange() {
  const msIntoHour = Date.now() % 3_600_000;
  if (msIntoHour > 3_540_000) await new Promise((resolve) => setTimeout(resolve, 3_600_000 - msIntoHour + 1000));
}

const errorTypeOf = (response: { errors?: { errorType?: string }[] }) => response.errors?.[0]?.errorType;

describe('check-in', () => {
  it('replaces the earlier answers of the same day: the scores and the team day count them once', async () => {
    await awayFromBoundary('UTC');
    const first = answersWith('best');
    const second = answersWith('worst', ['sleep-hours', 'pain', 'focus'], 'poor');
    const sent = (await ok('gamer8', SUBMIT, { answers: first, watchedVideos: true })).submitAnswers;
    const today = scoreDayOf(new Date(), 'UTC');
    expect(sent).toMatchObject({ date: today, timeZone: 'UTC', checkedIn: true, dailyScore: 100, watchedVideos: true });

    const corrected = (await ok('gamer8', SUBMIT, { answers: second })).submitAnswers;
    const expected = scoreDay(today, second);
    expect(corrected).toMatchObject({
      date: today,
      dailyScore: expected.dailyScore,
      gameReadiness: expected.gameReadiness,
      gamePerformance: 25,
      avgCompletion: expected.avgCompletion,
      watchedVideos: true,
    });
    expect(corrected.pillars.find((pillar: { pillarSlug: string }) => pillar.pillarSlug === 'physical')).toMatchObject({
      totalAnswers: 3,
      totalQuestions: 4,
    });

    // Stored: exactly the second set, nothing left of the first.
    const gamer8 = await idOf('gamer8');
    const stored = (await ok('gamer8', ANSWERS, { startDate: today, endDate: today })).userAnswers;
    expect(stored.map((answer: AnswerInput) => `${answer.questionSlug}=${answer.value}`).sort()).toEqual(
      second.map((answer) => `${answer.questionSlug}=${answer.value}`).sort(),
    );
    expect(stored.every((answer: { date: string; userId: string }) => answer.date === today && answer.userId === gamer8)).toBe(true);
    await expect(ok('gamer8', ANSWER_BY_SLUG, { questionSlug: 'sleep-hours', date: today })).resolves.toEqual({ userAnswerBySlug: null });
    await expect(ok('gamer8', ANSWER_BY_SLUG, { questionSlug: 'sleep-quality' })).resolves.toEqual({
      userAnswerBySlug: { date: today, questionSlug: 'sleep-quality', value: 'terrible', score: 0 },
    });
    const card = (await ok('gamer8', SCORE)).myScore;
    expect(card).toMatchObject({ date: today, todayScore: expected.dailyScore, score: corrected.fgScore, streak: corrected.streak });

    // The team's day holds gamer8 once, with the corrected scores.
    const day = (await ok('director', TEAM_DATA_PRO, { teamId: ironWolves, days: 1 })).myTeamDataStatsPro;
    const rows = day.userStats.filter((row: { userId: string }) => row.userId === gamer8);
    expect(rows).toHaveLength(5);
    expect(rows.find((row: { pillarSlug: string }) => row.pillarSlug === 'sleep')).toMatchObject({
      ...expected.pillars.sleep,
      date: today,
      fgScore: corrected.fgScore,
      gameReadiness: expected.gameReadiness,
    });
    const members = await Promise.all(
      ['gamer6', 'gamer7', 'gamer8'].map(
        async (who) => (await ok('director', STATS, { userId: await idOf(who), type: 'daily', days: 1 })).myScoreStats,
      ),
    );
    const todays = members.flatMap((stats) => stats.mainScoreStatistics.filter((point: { date: string }) => point.date === today));
    expect(day.days.find((entry: { date: string }) => entry.date === today).membersCheckedIn).toBe(todays.length);
    const team = (await ok('director', TEAM_STATS, { teamId: ironWolves, type: 'daily', days: 1 })).myTeamScoreStats;
    expect(team.mainScoreStatistics).toEqual([
      { date: today, value: roundScore(todays.reduce((sum, point) => sum + point.value, 0) / todays.length), userId: null },
    ]);
  });

  it('refuses bad answers and leaves the day as it was', async () => {
    const before = (await ok('gamer8', CHECK_IN)).myCheckIn;
    const response = await call('gamer8', SUBMIT, { answers: [{ questionSlug: 'sleep-quality', value: 'superb' }] });
    expect(response.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: '"superb" is not an answer to "sleep-quality". Choose from: terrible, neutral, good, great.',
    });
    const zone = await call('gamer8', SUBMIT, { answers: answersWith('best'), timeZone: 'Mars/Olympus' });
    expect(zone.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Use an IANA time zone such as Europe/Berlin.' });
    await expect(ok('gamer8', CHECK_IN)).resolves.toEqual({ myCheckIn: before });
  });

  it('lets only gamers check in', async () => {
    const response = await call('coach', SUBMIT, { answers: answersWith('best') });
    expect(errorTypeOf(response)).toBe('Unauthorized');
  });
});

describe('the 4 am day boundary on the gamer’s clock', () => {
  it('counts a check-in at 2 am for the day before, stores the zone, and keeps that day when the zone changes', async () => {
    await awayFromHourChange();
    const token = await freshGamer();
    const as = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await graphql(query, variables, { token });
      expect(response.errors).toBeUndefined();
      return response.data!;
    };
    const now = new Date();
    // Where it is 02:xx now, the calendar day has begun but the score day is still yesterday's.
    const [{ zone: night, localDate }] = zonesAtHour(2, now);
    const sent = (await as(SUBMIT, { answers: answersWith('best'), timeZone: night })).submitAnswers;
    expect(sent.date).toBe(scoreDayOf(now, night));
    expect(sent.date).toBe(shiftDay(localDate, -1));
    expect(sent).toMatchObject({ timeZone: night, closesAt: scoreDayBounds(sent.date, night).end.toISOString(), streak: 1 });
    // The first zone is kept on the user: later calls without one use it.
    expect((await as(ME)).me.timeZone).toBe(night);
    expect((await as(CHECK_IN)).myCheckIn).toMatchObject({ date: sent.date, timeZone: night, checkedIn: true });

    // Where it is 05:xx, the next score day has begun; the gamer's own day has not, so the answers still count
    // for it, and the new zone waits for that day's end.
    const [{ zone: morning }] = zonesAtHour(5, new Date());
    const corrected = (await as(SUBMIT, { answers: answersWith('worst', [], 'poor'), timeZone: morning })).submitAnswers;
    expect(corrected).toMatchObject({ date: sent.date, timeZone: night, closesAt: sent.closesAt, streak: 1 });
    expect((await as(ME)).me.timeZone).toBe(morning);
    expect((await as(SCORE)).myScore).toMatchObject({ date: sent.date, todayScore: corrected.dailyScore, streak: 1 });
  });

  it('keeps 50 check-ins sent with changing zones, at once and one after another, on one score day', async () => {
    await awayFromHourChange();
    const token = await freshGamer();
    const offsets = Array.from({ length: 27 }, (_, index) => index - 12);
    const zoneOf = (offset: number) => (offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`);
    const zones = Array.from({ length: 50 }, (_, index) => zoneOf(offsets[(index * 7) % offsets.length]));
    // The zones alone would spread the check-ins over two or three score days.
    expect(new Set(zones.map((zone) => scoreDayOf(new Date(), zone))).size).toBeGreaterThanOrEqual(2);
    const send = (timeZone: string) => graphql(SUBMIT, { answers: answersWith('best'), timeZone }, { token });

    const parallel = await Promise.all(zones.slice(0, 25).map(send));
    const sequential = [];
    for (const zone of zones.slice(25)) sequential.push(await send(zone));

    // Parallel writes of one gamer may clash (answered TryAgain: the app's queue sends them again), never for another
    // reason; one after another, every check-in is taken.
    const refused = parallel.filter((response) => response.errors).map(errorTypeOf);
    expect(refused.filter((errorType) => errorType !== 'TryAgain')).toEqual([]);
    expect(sequential.map(errorTypeOf)).toEqual(sequential.map(() => undefined));
    const answered = [...parallel, ...sequential].filter((response) => !response.errors);
    expect(answered.length).toBeGreaterThanOrEqual(26);
    const days = new Set(answered.map((response) => response.data!.submitAnswers.date));
    expect(days.size).toBe(1);
    const [day] = days;
    expect(answered.map((response) => response.data!.submitAnswers.streak)).toEqual(answered.map(() => 1));

    const { myScoreStats } = (await graphql(STATS, { type: 'daily', days: 7 }, { token })).data!;
    expect(
      myScoreStats.mainScoreStatistics.filter((point: { value: number | null }) => point.value !== null).map((point: { date: string }) => point.date),
    ).toEqual([day]);
    // Whatever zone it is asked in, the current day is that same day.
    for (const timeZone of [zoneOf(-12), zoneOf(14)]) {
      expect((await graphql(CHECK_IN, { timeZone }, { token })).data!.myCheckIn).toMatchObject({ date: day, checkedIn: true });
    }
  });
});

describe('team statistics', () => {
  it('average the members per date over the seeded month, and list each member’s game readiness', async () => {
    for (const [teamId, gamers] of [
      [nightOwls, ['gamer1', 'gamer2', 'gamer3', 'gamer4', 'gamer5']],
      [ironWolves, ['gamer6', 'gamer7', 'gamer8']],
    ] as const) {
      for (const type of ['daily', 'sleep', 'fgScore']) {
        const team = (await ok('director', TEAM_STATS, { teamId, type, days: 30 })).myTeamScoreStats;
        const members = await Promise.all(
          gamers.map(async (who) => (await ok('director', STATS, { userId: await idOf(who), type, days: 30 })).myScoreStats),
        );
        const byDate = new Map<string, number[]>();
        for (const point of members.flatMap((stats) => stats.mainScoreStatistics as { date: string; value: number }[])) {
          byDate.set(point.date, [...(byDate.get(point.date) ?? []), point.value]);
        }
        const averages = [...byDate.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, values]) => ({ date, value: roundScore(values.reduce((sum, value) => sum + value, 0) / values.length), userId: null }));
        expect(averages.length).toBeGreaterThanOrEqual(25);
        expect(team.mainScoreStatistics).toEqual(averages);
      }
      const readiness = (await ok(teamId === nightOwls ? 'coach' : 'director', TEAM_STATS, { teamId, type: 'gameReadiness', days: 30 }))
        .myTeamScoreStats;
      const ids = await Promise.all(gamers.map(idOf));
      const own = await Promise.all(
        ids.map(async (userId) => (await ok('director', STATS, { userId, type: 'gameReadiness', days: 30 })).myScoreStats),
      );
      expect(readiness.count).toBe(own.reduce((sum, stats) => sum + stats.count, 0));
      expect(new Set(readiness.mainScoreStatistics.map((point: { userId: string }) => point.userId))).toEqual(new Set(ids));
    }
  });

  it('give a day view and, in the pro variant, one row per member, day and pillar', async () => {
    const data = (await ok('coach', TEAM_DATA, { teamId: nightOwls, days: 7 })).myTeamDataStats;
    expect(data).toMatchObject({ teamId: nightOwls, userStats: null });
    expect(data.days.length).toBeGreaterThanOrEqual(6);
    const pro = (await ok('coach', TEAM_DATA_PRO, { teamId: nightOwls, days: 7 })).myTeamDataStatsPro;
    const checkIns = pro.days.reduce((sum: number, day: { membersCheckedIn: number }) => sum + day.membersCheckedIn, 0);
    expect(pro.userStats).toHaveLength(checkIns * 5);
  });

  it('refuse a window that ends before it starts', async () => {
    const response = await call('director', TEAM_STATS, { teamId: nightOwls, startDate: '2026-04-10', endDate: '2026-04-01' });
    expect(response.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'startDate must not be after endDate.' });
  });
});

describe('who may read what', () => {
  const teamReads = [TEAM_STATS, TEAM_DATA, TEAM_DATA_PRO];
  const teamIdOf = (name: string) => demoTeams.find((team) => team.name === name)!.id;
  it.each([
    ['coach', 'Night Owls', true],
    ['coach', 'Iron Wolves', false],
    ['director', 'Night Owls', true],
    ['director', 'Iron Wolves', true],
    ['admin', 'Iron Wolves', true],
    ['gamer1', 'Night Owls', false],
    ['gamer1', 'Iron Wolves', false],
    ['solo', 'Night Owls', false],
    ['newcoach', 'Iron Wolves', false],
  ])('team statistics: %s reading %s is allowed: %s', async (who, teamName, allowed) => {
    for (const query of teamReads) {
      const response = await call(who, query, { teamId: teamIdOf(teamName as string), days: 7 });
      if (allowed) expect(response.errors).toBeUndefined();
      else expect(errorTypeOf(response)).toBe('Unauthorized');
    }
  });

  const userReads = [STATS, SCORE, ANSWERS, ANSWER_BY_SLUG];
  it.each([
    ['gamer1', 'gamer1', true],
    ['gamer1', 'gamer2', false],
    ['gamer6', 'gamer1', false],
    ['solo', 'gamer1', false],
    ['coach', 'gamer2', true],
    ['coach', 'gamer6', false],
    ['director', 'gamer6', true],
    ['director', 'solo', false],
    ['admin', 'solo', true],
  ])('a gamer’s scores and answers: %s reading %s is allowed: %s', async (who, whose, allowed) => {
    const userId = await idOf(whose);
    for (const query of userReads) {
      const response = await call(who, query, { userId, questionSlug: 'sleep-quality' });
      if (allowed) expect(response.errors).toBeUndefined();
      else expect(errorTypeOf(response)).toBe('Unauthorized');
    }
  });

  it('refuses calls without a token', async () => {
    const response = await graphql(TEAM_STATS, { teamId: nightOwls });
    expect(response.data ?? null).toBeNull();
    expect(errorTypeOf(response)).toBe('UnauthorizedException');
  });
});
