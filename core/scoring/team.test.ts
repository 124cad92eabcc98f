import fc from 'fast-check';
import type { AnswerInput } from '../check-in';
import { SCORE_TYPES } from '../pillars';
import { answersArbitrary, dayAt } from '../test-support/arbitraries';
import { type FgState, fgScoreSeries } from './fg-score';
import { buildMemberDay, type MemberDay } from './member-day';
import {
  aggregateTeamDay,
  applyMemberDayChange,
  applyTeamDayDelta,
  gameScoresOf,
  memberDayDelta,
  type TeamDayAggregate,
  teamDayOfMembers,
  teamMetricAverage,
  teamMetricValues,
  teamScoreStatistics,
} from './team';

const DATE = dayAt(10);
const USERS = ['gamer-a', 'gamer-b', 'gamer-c', 'gamer-d'];

const memberDay = (userId: string, answers: readonly AnswerInput[], previous: FgState | null = null, date = DATE): MemberDay =>
  buildMemberDay({ userId, date, answers, previous, watchedVideos: false });

/** One change: a member's day is replaced by new answers (a correction or a first check-in) or removed. */
const changeArbitrary = fc.record({
  userId: fc.constantFrom(...USERS),
  answers: fc.option(answersArbitrary, { nil: null }),
  previousScore: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
});

describe('team daily aggregate', () => {
  it("recounted from its members' values and game scores (issue 33's member items), equals the aggregate of their days", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...USERS)), fc.array(answersArbitrary, { minLength: 4, maxLength: 4 }), (userIds, answers) => {
        const days = userIds.map((userId, index) => memberDay(userId, answers[index]!));
        const members = days.map((day) => ({ userId: day.userId, values: teamMetricValues(day), scores: gameScoresOf(day) })).reverse();
        expect(teamDayOfMembers(DATE, members)).toEqual(aggregateTeamDay(DATE, days));
      }),
    );
  });

  it('equals the aggregate recomputed from scratch after any sequence of member changes', () => {
    fc.assert(
      fc.property(fc.array(changeArbitrary, { maxLength: 25 }), (changes) => {
        const current = new Map<string, MemberDay>();
        let aggregate: TeamDayAggregate | null = null;
        for (const { userId, answers, previousScore } of changes) {
          const before = current.get(userId) ?? null;
          const previous = previousScore === null ? null : fgScoreSeries([{ date: dayAt(9), dailyScore: previousScore, watchedVideos: false }])[0];
          const after = answers ? memberDay(userId, answers, previous) : null;
          if (!before && !after) continue;
          aggregate = applyMemberDayChange(aggregate, before, after);
          if (after) current.set(userId, after);
          else current.delete(userId);
        }
        expect(aggregate ?? aggregateTeamDay(DATE, [])).toEqual(aggregateTeamDay(DATE, [...current.values()]));
      }),
      { numRuns: 200 },
    );
  });

  it('produces sparse deltas that apply like the change itself', () => {
    fc.assert(
      fc.property(answersArbitrary, answersArbitrary, (first, second) => {
        const before = memberDay('gamer-a', first);
        const after = memberDay('gamer-a', second);
        const base = aggregateTeamDay(DATE, [before, memberDay('gamer-b', second)]);
        const delta = memberDayDelta(before, after)!;
        for (const change of Object.values(delta.totals)) expect(change.sum !== 0 || change.count !== 0).toBe(true);
        expect(applyTeamDayDelta(base, delta)).toEqual(aggregateTeamDay(DATE, [after, memberDay('gamer-b', second)]));
      }),
    );
  });

  it('refuses to mix dates or members', () => {
    const day = memberDay('gamer-a', [{ questionSlug: 'focus', value: 'good' }]);
    expect(() => memberDayDelta(day, { ...day, userId: 'gamer-b' })).toThrow(RangeError);
    expect(() => applyMemberDayChange(aggregateTeamDay(dayAt(3), []), null, day)).toThrow(RangeError);
  });
});

describe('team statistics', () => {
  const answersFor = (focus: string, performance: string): AnswerInput[] => [
    { questionSlug: 'focus', value: focus },
    { questionSlug: 'game-performance', value: performance },
  ];
  const days = [
    memberDay('gamer-b', answersFor('sharp', 'great'), null, dayAt(1)),
    memberDay('gamer-a', answersFor('okay', 'poor'), null, dayAt(1)),
    memberDay('gamer-a', answersFor('good', 'good'), null, dayAt(2)),
  ];
  const aggregates = [dayAt(1), dayAt(2), dayAt(3)].map((date) =>
    aggregateTeamDay(
      date,
      days.filter((day) => day.date === date),
    ),
  );
  const window = { startDate: dayAt(0), endDate: dayAt(6) };

  it('averages members per date and skips dates without data', () => {
    // mental pillar: focus is 1 of 4 questions, so sharp (100) -> 25, okay (50) -> 13 (12.5 rounds up), good (75) -> 19
    const stats = teamScoreStatistics('mental', aggregates, window);
    expect(stats.mainScoreStatistics).toEqual([
      { date: dayAt(1), value: 19 },
      { date: dayAt(2), value: 19 },
    ]);
    expect(stats.count).toBe(2);
    expect(stats.perPillarScoreStatistics.map((pillar) => pillar.pillarSlug)).toEqual(['sleep', 'nutrition', 'mental', 'lifestyle', 'physical']);
    expect(stats.perPillarScoreStatistics[2].points).toEqual(stats.mainScoreStatistics);
    expect(teamMetricAverage(aggregates[0], 'mentalCompleteness')).toBe(25);
  });

  it("concatenates members' game scores instead of averaging them", () => {
    expect(teamScoreStatistics('gamePerformance', aggregates, window).mainScoreStatistics).toEqual([
      { date: dayAt(1), value: 25, userId: 'gamer-a' },
      { date: dayAt(2), value: 75, userId: 'gamer-a' },
      { date: dayAt(1), value: 100, userId: 'gamer-b' },
    ]);
  });

  it('keeps only dates inside the window and answers for every score type', () => {
    const narrow = { startDate: dayAt(2), endDate: dayAt(2) };
    for (const type of SCORE_TYPES) {
      const stats = teamScoreStatistics(type, aggregates, narrow);
      expect(stats.type).toBe(type);
      for (const point of stats.mainScoreStatistics) expect(point.date).toBe(dayAt(2));
    }
  });
});
