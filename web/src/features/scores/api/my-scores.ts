import { MAIN_SCORE_TYPES, type MainScoreType } from '@core/pillars';
import type { ScoreSeries } from '@/components/charts/chart-data';
import { callApi, gqlOperation } from '@/lib/api-client';

/** The gamer's score card now (schema.graphql Score). */
export interface MyScore {
  date: string;
  score: number | null;
  prevDayScore: number | null;
  todayScore: number | null;
  streak: number;
  gaming: boolean;
}

/** The statistics the My scores page draws: each main score's series, and the pillars' (they come with every type). */
export interface MyScoreHistory {
  score: MyScore | null;
  series: Record<MainScoreType, ScoreSeries | null>;
}

const POINT = 'date value';

// One request: the score card and one statistics call per main score (aliases), each with the pillars' series.
const myScoreHistoryQuery = gqlOperation<{ score: MyScore | null } & Record<MainScoreType, ScoreSeries | null>, { days: number }>(/* GraphQL */ `
  query MyScoreHistory($days: Int) {
    score: myScore {
      date
      score
      prevDayScore
      todayScore
      streak
      gaming
    }
    ${MAIN_SCORE_TYPES.map(
      (type) => `${type}: myScoreStats(type: ${type}, days: $days) {
      startDate
      endDate
      mainScoreStatistics { ${POINT} }
      ${type === 'fgScore' ? `perPillarScoreStatistics { pillarSlug points { ${POINT} } }` : ''}
    }`,
    ).join('\n')}
  }
`);

export async function getMyScoreHistory(days: number): Promise<MyScoreHistory> {
  const data = await callApi(myScoreHistoryQuery, { days });
  const series = Object.fromEntries(
    MAIN_SCORE_TYPES.map((type) => {
      const stats = data[type];
      return [type, stats ? { ...stats, perPillarScoreStatistics: stats.perPillarScoreStatistics ?? [] } : null];
    }),
  ) as Record<MainScoreType, ScoreSeries | null>;
  return { score: data.score, series };
}
