import { dayAt } from '../test-support/arbitraries';
import { fgScoreSeries } from './fg-score';
import { buildMemberDay, type MemberDay } from './member-day';
import { userScoreStatisticRows, userScoreStatistics } from './statistics';
import { scoreSummary } from './summary';

/** A gamer who checks in on days 0, 1 and 3 (day 2 missed), building each day on the one before as the server does. */
function history(): MemberDay[] {
  const plan: [number, string, boolean][] = [
    [0, 'sharp', true],
    [1, 'okay', true],
    [3, 'good', false],
  ];
  const days: MemberDay[] = [];
  for (const [offset, focus, gaming] of plan) {
    const answers = [
      { questionSlug: 'focus', value: focus },
      { questionSlug: 'gaming-today', value: String(gaming) },
    ];
    days.push(buildMemberDay({ userId: 'gamer-a', date: dayAt(offset), answers, previous: days.at(-1)?.fg ?? null, watchedVideos: false }));
  }
  return days;
}

describe("a gamer's statistics", () => {
  const days = history();

  it('lists the requested score per day with data, oldest first, and every pillar', () => {
    const stats = userScoreStatistics('mental', [...days].reverse(), { startDate: dayAt(0), endDate: dayAt(6) });
    expect(stats.mainScoreStatistics).toEqual([
      { date: dayAt(0), value: 25 },
      { date: dayAt(1), value: 13 },
      { date: dayAt(3), value: 19 },
    ]);
    expect(stats.count).toBe(3);
    expect(stats.perPillarScoreStatistics.find((pillar) => pillar.pillarSlug === 'sleep')!.points).toEqual([]);
  });

  it('carries the same fgScore as the day-by-day series of daily scores (missed days included)', () => {
    const series = fgScoreSeries(days.map((day) => ({ date: day.date, dailyScore: day.dailyScore, watchedVideos: false })));
    const stats = userScoreStatistics('fgScore', days, { startDate: dayAt(0), endDate: dayAt(3) });
    expect(stats.mainScoreStatistics.map((point) => point.value)).toEqual(series.filter((state) => state.checkedIn).map((state) => state.fgScore));
  });

  it('gives one user score statistic row per pillar per day', () => {
    const rows = userScoreStatisticRows(days[0]);
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.pillarSlug === 'mental')).toEqual({
      pillarSlug: 'mental',
      date: dayAt(0),
      fgScore: days[0].fg!.fgScore,
      gameReadiness: days[0].gameReadiness,
      score: 25,
      pureScore: 100,
      completenessScore: 25,
      totalAnswers: 1,
      totalQuestions: 4,
    });
  });
});

describe('score summary', () => {
  const days = history();

  it("uses today's fgScore and streak once the gamer checked in today", () => {
    const summary = scoreSummary({ today: dayAt(3), todayDay: days[2], lastStateBeforeToday: days[1].fg });
    expect(summary).toMatchObject({
      score: days[2].fg!.fgScore,
      todayScore: days[2].dailyScore,
      streak: 1,
      gaming: false,
      pillars: { avgCompletion: days[2].avgCompletion },
    });
    // yesterday (day 2) was missed: the previous day's score is day 1's state carried over a missed day
    expect(summary.prevDayScore).toBe(
      fgScoreSeries([
        { date: dayAt(0), dailyScore: days[0].dailyScore, watchedVideos: false },
        { date: dayAt(1), dailyScore: days[1].dailyScore, watchedVideos: false },
        { date: dayAt(2), dailyScore: null, watchedVideos: false },
      ])[2].fgScore,
    );
    expect(summary.extraPillarsTodayScores.map((extra) => extra.pillarSlug)).toEqual(['gameReadiness', 'gamePerformance']);
    expect(summary.pillarsIsolatedScore.find((pillar) => pillar.pillarSlug === 'mental')!.score).toBe(19);
  });

  it("keeps yesterday's score and streak while today is still open", () => {
    const summary = scoreSummary({ today: dayAt(2), todayDay: null, lastStateBeforeToday: days[1].fg });
    expect(summary).toMatchObject({ score: days[1].fg!.fgScore, prevDayScore: days[1].fg!.fgScore, todayScore: null, streak: 2, gaming: true });
    expect(summary.pillars.avgCompletion).toBeNull();
  });

  it('is empty for a gamer who never checked in', () => {
    expect(scoreSummary({ today: dayAt(0), todayDay: null, lastStateBeforeToday: null })).toMatchObject({
      score: null,
      prevDayScore: null,
      streak: 0,
    });
  });
});
