import fc from 'fast-check';
import { aggregateTeamDay, baselineOf, baselineWindow, dayScoreValue, fgScoreSeries, memberBaselines, scoreDay } from '@core/scoring';
import { SCORE_TYPES } from '@core/pillars';
import { shiftDay } from '@core/dates';
import { answersWith, inSlugOrder } from '@core/test-support/answers';
import { logger } from '../lib/appsync';
import { DayVersionConflict, KEPT_CHECK_IN_IDS } from '../lib/stores/score-store';
import { currentCheckIn, memberDayRecord, submitAnswers } from './check-in';
import { membershipRecord } from '../lib/stores/test-support/records';
import { scoringHandlerOn } from './test-support/handler';
import { caller, scoringWorld } from './test-support/world';

/** Gamers g1 (teams t1 and t2) and g2 (t1, in Berlin), and coach of t1, with fresh ids on DynamoDB Local. */
async function setup() {
  const world = await scoringWorld({
    users: { g1: null, g2: 'Europe/Berlin', coach: null },
    teams: { t1: 'director', t2: 'director' },
    memberships: [
      ['t1', 'g1'],
      ['t1', 'g2'],
      ['t2', 'g1'],
      ['t1', 'coach', 'COACH'],
    ],
  });
  const call = scoringHandlerOn(world.stores, () => at('2026-04-10T10:00:00Z'));
  return { ...world, call };
}

const at = (iso: string) => new Date(iso);

beforeAll(() => jest.spyOn(logger, 'warn').mockImplementation(() => undefined));

describe('submitAnswers', () => {
  it('replaces the earlier answers of the same day instead of adding to them', async () => {
    const { id, scores, stores, teamDay } = await setup();
    const first = answersWith('best');
    const second = answersWith('worst', ['sleep-hours', 'pain']);
    await submitAnswers(id('g1'), { answers: first }, stores, at('2026-04-10T10:00:00Z'));
    const corrected = await submitAnswers(id('g1'), { answers: second }, stores, at('2026-04-10T11:00:00Z'));

    const expected = scoreDay('2026-04-10', second);
    expect(corrected).toMatchObject({ date: '2026-04-10', dailyScore: expected.dailyScore, gameReadiness: expected.gameReadiness });
    const stored = await scores.answers(id('g1'), { startDate: '2026-04-10', endDate: '2026-04-10' });
    expect(stored.map((answer) => answer.questionSlug).sort()).toEqual(second.map((answer) => answer.questionSlug).sort());
    expect(stored.find((answer) => answer.questionSlug === 'sleep-quality')?.value).toBe('terrible');
    // The team day counts the gamer once, with the corrected scores.
    const t1Day = (await teamDay('t1', '2026-04-10'))!;
    expect(t1Day.totals.daily).toEqual({ sum: expected.dailyScore, count: 1 });
    expect(t1Day.members[id('g1')]).toMatchObject({ gameReadiness: expected.gameReadiness, gamePerformance: 0, gaming: true, fgBaseline: null });
  });

  it("stores with the day the gamer's baselines of the 28 days before it, on his latest-day copy and in his teams' day", async () => {
    const { id, scores, stores, teamDay } = await setup();
    // Ten check-ins over twelve days (two skipped), good and bad mornings mixed, then the day that gets the baseline.
    const days = Array.from({ length: 12 }, (_, index) => shiftDay('2026-04-01', index)).filter((_, index) => index !== 3 && index !== 7);
    for (const [index, date] of days.entries()) {
      const answers = index % 3 === 0 ? answersWith('worst') : answersWith('best', index % 2 === 0 ? ['pain'] : []);
      await submitAnswers(id('g1'), { answers }, stores, at(`${date}T12:00:00Z`));
    }
    const today = '2026-04-13';
    await submitAnswers(id('g1'), { answers: answersWith('worst') }, stores, at(`${today}T12:00:00Z`));

    const before = await scores.memberDays(id('g1'), baselineWindow(today));
    expect(before).toHaveLength(10);
    const [stored] = await scores.latestDays(id('g1'), 1);
    for (const type of SCORE_TYPES) {
      expect(stored!.baselines?.[type]).toEqual(baselineOf(before.map((day) => dayScoreValue(day, type))));
    }
    expect(stored!.baselines!.fgScore).toMatchObject({ count: 10 });
    // The members table reads the copy, the heat map the team's day: both carry the same baseline.
    const [copy] = await scores.profilesWithLatestDays([id('g1')], () => today);
    expect(copy!.latest!.baselines).toEqual({ fgScore: stored!.baselines!.fgScore });
    expect((await teamDay('t1', today))!.members[id('g1')]).toMatchObject({ fgScore: stored!.fg!.fgScore, fgBaseline: stored!.baselines!.fgScore });
    // A correction keeps the day's baselines (the days before it are closed) without reading them again.
    const reads = jest.spyOn(scores, 'memberDays');
    await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at(`${today}T13:00:00Z`));
    expect(reads).not.toHaveBeenCalled();
    expect((await scores.latestDays(id('g1'), 1))[0]!.baselines).toEqual(stored!.baselines);
  });

  it('stores no baseline before 7 check-ins', async () => {
    const { id, scores, stores } = await setup();
    for (const date of ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06', '2026-04-07']) {
      await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at(`${date}T12:00:00Z`));
    }
    const [seventh] = await scores.latestDays(id('g1'), 1);
    expect(seventh!.baselines!.fgScore).toBeNull();
    await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-08T12:00:00Z'));
    expect((await scores.latestDays(id('g1'), 1))[0]!.baselines!.fgScore).toMatchObject({ count: 7 });
  });

  it('counts an answer at 03:59 on the gamer’s clock for the day before, and one at 04:00 for the new day', async () => {
    const { id, stores } = await setup();
    // Berlin is UTC+1 on 2026-03-10.
    const late = await submitAnswers(id('g2'), { answers: answersWith('best') }, stores, at('2026-03-10T02:59:00Z'));
    const next = await submitAnswers(id('g2'), { answers: answersWith('best') }, stores, at('2026-03-10T03:00:00Z'));
    expect([late.date, next.date]).toEqual(['2026-03-09', '2026-03-10']);
    expect(late).toMatchObject({ timeZone: 'Europe/Berlin', closesAt: '2026-03-10T03:00:00.000Z' });
    expect(next.streak).toBe(2);
  });

  it('never reopens a day that has ended, even from another time zone', async () => {
    const { id, stores } = await setup();
    await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-10T10:00:00Z'));
    // 05:00 UTC on the 11th is still the evening of the 10th in Honolulu, but the gamer's 10th ended at 04:00 UTC: the
    // answers count for the 11th in the zone his first check-in kept (UTC), and Honolulu applies from the next day.
    await expect(
      submitAnswers(id('g1'), { answers: answersWith('worst'), timeZone: 'Pacific/Honolulu' }, stores, at('2026-04-11T05:00:00Z')),
    ).resolves.toMatchObject({ date: '2026-04-11', timeZone: 'UTC' });
  });

  it('refuses answers for a day earlier than one already answered', async () => {
    const { id, scores, stores } = await setup();
    const later = memberDayRecord({
      userId: id('g1'),
      date: '2026-04-11',
      answers: answersWith('best'),
      watchedVideos: false,
      timeZone: 'Pacific/Kiritimati',
      at: '2026-04-10T20:00:00.000Z',
      current: null,
      previous: null,
      baselines: memberBaselines([], '2026-04-11'),
    });
    await scores.importHistory({ days: [later], teamDays: [] });
    await expect(submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-10T21:00:00Z'))).rejects.toMatchObject({
      name: 'Conflict',
    });
  });

  it('chains the overall score over missed days and keeps the videos flag on a correction that leaves it out', async () => {
    const { id, stores } = await setup();
    await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-06T12:00:00Z'));
    await submitAnswers(id('g1'), { answers: answersWith('worst'), watchedVideos: true }, stores, at('2026-04-08T12:00:00Z'));
    const corrected = await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-08T13:00:00Z'));
    const best = scoreDay('2026-04-06', answersWith('best')).dailyScore;
    const series = fgScoreSeries([
      { date: '2026-04-06', dailyScore: best, watchedVideos: false },
      { date: '2026-04-08', dailyScore: best, watchedVideos: true },
    ]);
    expect(corrected).toMatchObject({ watchedVideos: true, fgScore: series.at(-1)!.fgScore, streak: 1 });
  });

  it('keeps every team of the gamer equal to the aggregate of its members’ days', async () => {
    const { id, scores, stores, teamDay } = await setup();
    const g1 = await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-10T10:00:00Z'));
    await submitAnswers(id('g2'), { answers: answersWith('worst') }, stores, at('2026-04-10T10:00:00Z'));
    await submitAnswers(id('g2'), { answers: answersWith('best', ['energy']) }, stores, at('2026-04-10T11:00:00Z'));
    const days = await Promise.all(['g1', 'g2'].map(async (name) => (await scores.latestDays(id(name), 1))[0]));
    expect(await teamDay('t1', '2026-04-10')).toEqual(aggregateTeamDay('2026-04-10', days));
    expect(await teamDay('t2', '2026-04-10')).toEqual(aggregateTeamDay('2026-04-10', [days[0]]));
    expect(g1.date).toBe('2026-04-10');
  });

  it('counts a gamer who joins a team after checking in, on the correction, once and in full', async () => {
    const { id, scores, stores, teamDay } = await setup();
    await submitAnswers(id('g2'), { answers: answersWith('worst') }, stores, at('2026-04-10T10:00:00Z'));
    await stores.teams.addMember({ ...membershipRecord(id('t2'), id('g2')), joinedAt: '2026-04-10T10:30:00.000Z' });
    await submitAnswers(id('g2'), { answers: answersWith('best', ['energy']) }, stores, at('2026-04-10T11:00:00Z'));
    const [g2] = await scores.latestDays(id('g2'), 1);
    expect(await teamDay('t2', '2026-04-10')).toEqual(aggregateTeamDay('2026-04-10', [g2]));
    expect(await teamDay('t1', '2026-04-10')).toEqual(aggregateTeamDay('2026-04-10', [g2]));
  });

  it.each([
    ['no answers', { answers: [] }, 'Answer at least one question.'],
    [
      'unknown option',
      { answers: [{ questionSlug: 'sleep-quality', value: 'superb' }] },
      '"superb" is not an answer to "sleep-quality". Choose from: terrible, neutral, good, great.',
    ],
    ['unknown zone', { answers: answersWith('best'), timeZone: 'Mars/Olympus' }, 'Use an IANA time zone such as Europe/Berlin.'],
    ['videos flag not a boolean', { answers: answersWith('best'), watchedVideos: 'yes' }, 'watchedVideos must be true or false.'],
    ['check-in key not a UUID', { answers: answersWith('best'), checkInId: 'x'.repeat(37) }, 'checkInId must be a UUID.'],
    ['day not a date', { answers: answersWith('best'), forDate: '2026-02-30' }, 'forDate must be a real date in the form YYYY-MM-DD.'],
  ])('refuses bad input and changes nothing: %s', async (_case, args, message) => {
    const { id, call, writes } = await setup();
    await expect(call('Mutation.submitAnswers', caller(id('g1')), args)).rejects.toMatchObject({ name: 'ValidationError', message });
    expect(writes).toEqual([]);
  });

  it('never counts the day in a team the gamer left between reading his teams and writing the day', async () => {
    const { id, stores, teamDay } = await setup();
    let reads = 0;
    const teams = {
      // The first read still lists t2; the gamer leaves t2 right after it.
      async membershipsOfUser(userId: string) {
        const read = await stores.teams.membershipsOfUser(userId);
        if ((reads += 1) === 1) await stores.teams.removeMember(membershipRecord(id('t2'), id('g1')));
        return read;
      },
    };
    const checked = await submitAnswers(id('g1'), { answers: answersWith('best') }, { ...stores, teams }, at('2026-04-10T10:00:00Z'));
    expect(checked.date).toBe('2026-04-10');
    expect(await teamDay('t2', '2026-04-10')).toBeUndefined();
    expect((await teamDay('t1', '2026-04-10'))?.totals.daily).toEqual({ sum: checked.dailyScore, count: 1 });
  });

  it('announces the check-in to the teams its stored day counted in, without reading the gamer’s teams again', async () => {
    const { id, scores, stores, teamDay } = await setup();
    const saveDay = scores.saveDay.bind(scores);
    let clashes = 1;
    // The first attempt lists t1 and t2 and clashes; the gamer leaves t2 before the recomputation reads his teams again.
    scores.saveDay = async (write) => {
      if (clashes-- === 0) return saveDay(write);
      await stores.teams.removeMember(membershipRecord(id('t2'), id('g1')));
      throw new DayVersionConflict();
    };
    let reads = 0;
    const teams = { ...stores.teams, membershipsOfUser: (userId: string) => ((reads += 1), stores.teams.membershipsOfUser(userId)) };
    const published: unknown[] = [];
    const call = scoringHandlerOn(
      { ...stores, teams },
      () => at('2026-04-10T10:00:00Z'),
      async (_query, variables) => {
        published.push(variables);
      },
    );
    await call('Mutation.submitAnswers', caller(id('g1')), { answers: answersWith('best') });
    expect(published).toEqual([{ teamId: id('t1'), userId: id('g1'), date: '2026-04-10', at: '2026-04-10T10:00:00.000Z' }]);
    expect(reads).toBe(2);
    expect(await teamDay('t2', '2026-04-10')).toBeUndefined();
  });

  it('lets only gamers check in', async () => {
    const { id, call, writes } = await setup();
    await expect(call('Mutation.submitAnswers', caller(id('coach'), ['COACH']), { answers: answersWith('best') })).rejects.toMatchObject({
      name: 'Unauthorized',
    });
    await expect(call('Query.myCheckIn', caller(id('coach'), ['COACH']), {})).rejects.toMatchObject({ name: 'Unauthorized' });
    expect(writes).toEqual([]);
  });

  it('lets a coach who also plays (COACH and GAMER groups) check in', async () => {
    const { id, call } = await setup();
    const day = await call('Mutation.submitAnswers', caller(id('coach'), ['COACH', 'GAMER']), { answers: answersWith('best') });
    expect(day).toMatchObject({ userId: id('coach'), checkedIn: true });
  });

  it('recomputes when another submission changed the day meanwhile, and answers a clash that goes on with TryAgain', async () => {
    const { id, scores, stores, writes } = await setup();
    const saveDay = scores.saveDay.bind(scores);
    let clashes = 2;
    scores.saveDay = async (write) => {
      if (clashes-- > 0) throw new DayVersionConflict();
      return saveDay(write);
    };
    await expect(submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-10T10:00:00Z'))).resolves.toMatchObject({
      date: '2026-04-10',
    });
    clashes = 3;
    // Not a refusal: the app's queue keeps a check-in answered TryAgain and sends it again (docs/scoring.md).
    await expect(submitAnswers(id('g1'), { answers: answersWith('worst') }, stores, at('2026-04-10T11:00:00Z'))).rejects.toMatchObject({
      name: 'TryAgain',
    });
    expect(writes).toHaveLength(1);
  });
});

describe('a check-in sent again (the offline queue: checkInId and forDate)', () => {
  const KEY = '0b7e4a52-6c1d-4f7e-9a43-4e2d8f0a1b01';
  const queued = (extra: Record<string, unknown> = {}) => ({ answers: answersWith('best'), checkInId: KEY, forDate: '2026-04-10', ...extra });

  it('answers a repeated key with the stored day and writes nothing more, even with other answers', async () => {
    const { id, stores, writes, teamDay } = await setup();
    const first = await submitAnswers(id('g1'), queued(), stores, at('2026-04-10T10:00:00Z'));
    const again = await submitAnswers(id('g1'), queued({ answers: answersWith('worst') }), stores, at('2026-04-10T10:05:00Z'));
    expect(again).toEqual(inSlugOrder(first));
    expect(writes).toHaveLength(1);
    expect((await teamDay('t1', '2026-04-10'))?.totals.daily).toEqual({ sum: first.dailyScore, count: 1 });
  });

  it('writes two parallel sends of one key once: one version, the team day counted once', async () => {
    const { id, scores, stores, teamDay } = await setup();
    await submitAnswers(id('g1'), { answers: answersWith('worst') }, stores, at('2026-04-10T09:00:00Z'));
    const [one, other] = await Promise.all([1, 2].map(() => submitAnswers(id('g1'), queued(), stores, at('2026-04-10T10:00:00Z'))));
    expect(inSlugOrder(other)).toEqual(inSlugOrder(one));
    const [stored] = await scores.latestDays(id('g1'), 1);
    expect(stored).toMatchObject({ version: 2, checkInIds: [KEY] });
    expect((await teamDay('t1', '2026-04-10'))?.totals.daily).toEqual({ sum: one.dailyScore, count: 1 });
  });

  it('still answers a repeated key with its day once that day has closed', async () => {
    const { id, stores, writes } = await setup();
    const first = await submitAnswers(id('g1'), queued(), stores, at('2026-04-10T10:00:00Z'));
    await expect(submitAnswers(id('g1'), queued(), stores, at('2026-04-11T10:00:00Z'))).resolves.toEqual(inSlugOrder(first));
    expect(writes).toHaveLength(1);
  });

  it('refuses a check-in for a day that has closed (or not begun), naming both days, and writes nothing', async () => {
    const { id, stores, writes } = await setup();
    await expect(submitAnswers(id('g1'), queued({ forDate: '2026-04-09' }), stores, at('2026-04-10T10:00:00Z'))).rejects.toMatchObject({
      name: 'Conflict',
      message: 'This check-in was for 9 April, which has closed; answers now count for 10 April.',
    });
    await expect(
      submitAnswers(id('g1'), queued({ forDate: '2026-04-11', checkInId: null }), stores, at('2026-04-10T10:00:00Z')),
    ).rejects.toMatchObject({
      name: 'Conflict',
      message: 'This check-in was for 11 April, which has not started yet; answers now count for 10 April.',
    });
    expect(writes).toEqual([]);
  });

  it('keeps the newest keys of a day, so a day corrected many times stays one small item', async () => {
    const { id, scores, stores } = await setup();
    const keys = Array.from({ length: KEPT_CHECK_IN_IDS + 2 }, (_, index) => `${String(index).padStart(8, '0')}-6c1d-4f7e-9a43-4e2d8f0a1b01`);
    for (const [index, checkInId] of keys.entries()) {
      await submitAnswers(id('g1'), queued({ checkInId }), stores, at(`2026-04-10T10:${String(index).padStart(2, '0')}:00Z`));
    }
    const [stored] = await scores.latestDays(id('g1'), 1);
    expect(stored.checkInIds).toEqual(keys.slice(-KEPT_CHECK_IN_IDS));
  });
});

describe('time-zone changes (the day follows the zone stored on the user)', () => {
  const send = (stores: Awaited<ReturnType<typeof setup>>['stores'], who: string, iso: string, timeZone?: string) =>
    submitAnswers(who, { answers: answersWith('best'), ...(timeZone ? { timeZone } : {}) }, stores, at(iso));

  it('adopts the first zone a gamer sends at once, in its canonical spelling', async () => {
    const { id, stores } = await setup();
    const result = await send(stores, id('g1'), '2026-04-10T06:00:00Z', 'america/new_york');
    expect(result).toMatchObject({ date: '2026-04-09', timeZone: 'America/New_York', closesAt: '2026-04-10T08:00:00.000Z' });
    expect(await stores.users.get(id('g1'))).toMatchObject({ timeZone: 'America/New_York', timeZoneFrom: null, previousTimeZone: null });
  });

  it('answers the same day whatever zone each call sends, and schedules the last one for the end of that day', async () => {
    const { id, stores } = await setup();
    // g2 lives in Berlin (UTC+2 in April): 12:00 on the 10th there; the day ends at 02:00 UTC on the 11th.
    const zones = ['Pacific/Kiritimati', 'Pacific/Honolulu', 'UTC', 'Asia/Tokyo', 'Pacific/Pago_Pago', 'Europe/Berlin', 'Pacific/Kiritimati'];
    const results = [];
    for (const zone of zones) results.push(await send(stores, id('g2'), '2026-04-10T10:00:00Z', zone));
    expect(new Set(results.map((result) => `${result.date} ${result.timeZone} ${result.closesAt} streak ${result.streak}`))).toEqual(
      new Set(['2026-04-10 Europe/Berlin 2026-04-11T02:00:00.000Z streak 1']),
    );
    expect(await stores.users.get(id('g2'))).toMatchObject({
      timeZone: 'Pacific/Kiritimati',
      timeZoneFrom: '2026-04-11T02:00:00.000Z',
      previousTimeZone: 'Europe/Berlin',
    });
    await expect(currentCheckIn(id('g2'), { timeZone: 'Pacific/Honolulu' }, stores, at('2026-04-10T11:00:00Z'))).resolves.toMatchObject({
      date: '2026-04-10',
      timeZone: 'Europe/Berlin',
    });
  });

  it('after a westward change, keeps the ended day closed until the new zone’s next day begins', async () => {
    const { id, stores } = await setup();
    await send(stores, id('g2'), '2026-04-10T10:00:00Z', 'Pacific/Honolulu');
    // When Berlin's 10th ends (02:00 UTC), Honolulu (UTC-10) is still on the 10th: that day stays closed.
    await expect(send(stores, id('g2'), '2026-04-11T05:00:00Z')).rejects.toMatchObject({
      name: 'Conflict',
      message: 'The check-in for 2026-04-10 closed at 2026-04-11T02:00:00.000Z.',
    });
    // Another zone sent meanwhile does not reopen it either.
    await expect(send(stores, id('g2'), '2026-04-11T05:00:00Z', 'Europe/Berlin')).rejects.toMatchObject({ name: 'Conflict' });
    await expect(currentCheckIn(id('g2'), {}, stores, at('2026-04-11T05:00:00Z'))).resolves.toMatchObject({
      date: '2026-04-10',
      closesAt: '2026-04-11T02:00:00.000Z',
    });
    // 14:00 UTC is 04:00 on the 11th in Honolulu.
    await expect(send(stores, id('g2'), '2026-04-11T14:00:00Z')).resolves.toMatchObject({
      date: '2026-04-11',
      timeZone: 'Pacific/Honolulu',
      streak: 2,
    });
  });

  it('after an eastward change, starts the next day when the old one ends, and never a later one', async () => {
    const { id, stores } = await setup();
    await send(stores, id('g2'), '2026-04-10T10:00:00Z', 'Pacific/Kiritimati');
    // When Berlin's 10th ends, Kiritimati (UTC+14) is at 16:00 on the 11th: the 11th is open, the 12th is not.
    const next = await send(stores, id('g2'), '2026-04-11T02:00:00Z', 'Pacific/Pago_Pago');
    expect(next).toMatchObject({ date: '2026-04-11', timeZone: 'Pacific/Kiritimati', closesAt: '2026-04-11T14:00:00.000Z', streak: 2 });
  });

  it('keeps the zone of a first check-in sent without one, so a zone reported later cannot open the next day early', async () => {
    const { id, stores } = await setup();
    // 19:00 UTC on the 10th is 04:00 on the 11th in Tokyo: the day counted in UTC stays the day at that instant.
    await expect(send(stores, id('g1'), '2026-04-10T19:00:00Z')).resolves.toMatchObject({ date: '2026-04-10', timeZone: 'UTC' });
    await expect(send(stores, id('g1'), '2026-04-10T19:00:00Z', 'Asia/Tokyo')).resolves.toMatchObject({ date: '2026-04-10', timeZone: 'UTC' });
    await expect(send(stores, id('g1'), '2026-04-11T04:00:00Z')).resolves.toMatchObject({ date: '2026-04-11', timeZone: 'Asia/Tokyo' });
  });

  it('never lets zone changes answer more days than the clock allows, nor a day after it closed', async () => {
    const zones = ['Etc/GMT+12', 'Pacific/Honolulu', 'America/New_York', 'UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Pacific/Kiritimati'];
    const checkIns = fc.array(fc.record({ minutesLater: fc.integer({ min: 0, max: 600 }), zone: fc.option(fc.constantFrom(...zones)) }), {
      minLength: 1,
      maxLength: 40,
    });
    await fc.assert(
      fc.asyncProperty(checkIns, async (plan) => {
        const { id, stores } = await setup();
        const start = Date.parse('2026-04-10T10:00:00Z');
        let elapsed = 0;
        const answered: { date: string; at: number }[] = [];
        for (const { minutesLater, zone } of plan) {
          elapsed += minutesLater * 60_000;
          const result = await send(stores, id('g1'), new Date(start + elapsed).toISOString(), zone ?? undefined).catch((error: Error) => error);
          if (result instanceof Error) {
            expect(result).toMatchObject({ name: 'Conflict' });
            continue;
          }
          expect(Date.parse(result.closesAt)).toBeGreaterThan(start + elapsed);
          if (answered.length > 0) expect(result.date >= answered.at(-1)!.date).toBe(true);
          answered.push({ date: result.date, at: start + elapsed });
        }
        // At one instant there is one day, whatever zones are sent.
        const daysByInstant = new Map<number, Set<string>>();
        for (const { date, at: instant } of answered) daysByInstant.set(instant, (daysByInstant.get(instant) ?? new Set()).add(date));
        expect([...daysByInstant.values()].filter((days) => days.size > 1)).toEqual([]);
        // Over a stretch of H hours, days touch at most floor(H / 24) + 2 of them; a zone change moves the clock by at
        // most 26 hours (UTC-12 to UTC+14), as it would for a traveller.
        const days = new Set(answered.map(({ date }) => date)).size;
        const hours = answered.length > 0 ? (answered.at(-1)!.at - answered[0].at) / 3_600_000 : 0;
        expect(days).toBeLessThanOrEqual(Math.floor((hours + 26) / 24) + 2);
      }),
      { numRuns: 100 },
    );
    // About 2,000 check-ins on DynamoDB Local: some 30 s alone, more beside other suites.
  }, 120_000);
});

describe('currentCheckIn', () => {
  it('shows the open day with its answers, or empty scores before the first answer', async () => {
    const { id, stores } = await setup();
    await expect(currentCheckIn(id('g1'), {}, stores, at('2026-04-10T03:00:00Z'))).resolves.toMatchObject({
      date: '2026-04-09',
      checkedIn: false,
      answers: [],
      dailyScore: null,
      closesAt: '2026-04-10T04:00:00.000Z',
    });
    await submitAnswers(id('g1'), { answers: answersWith('best') }, stores, at('2026-04-10T03:00:00Z'));
    const open = await currentCheckIn(id('g1'), {}, stores, at('2026-04-10T03:30:00Z'));
    expect(open).toMatchObject({ date: '2026-04-09', checkedIn: true, dailyScore: 100, fgScore: 80, streak: 1 });
    expect(open.answers).toHaveLength(answersWith('best').length);
  });
});
