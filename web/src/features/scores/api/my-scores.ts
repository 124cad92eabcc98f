import type { MainScoreType } from '@core/pillars';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScoreSeries } from '@/components/charts/chart-data';
import type { MyScoreHistoryQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { SCORES_QUERY_KEY } from '@/lib/query-client';

/** The gamer's score card now (schema.graphql Score). */
export type MyScore = NonNullable<MyScoreHistoryQuery['score']>;

/** The statistics the My scores page draws: each main score's series, and the pillars' (they come with every type). */
export interface MyScoreHistory {
  score: MyScore | null;
  series: Record<MainScoreType, ScoreSeries | null>;
}

// One request: the score card and one statistics call per main score (aliases); the fgScore's brings the pillars' series.
const myScoreHistoryQuery = gqlOperation(/* GraphQL */ `
  query MyScoreHistory($days: Int) {
    score: myScore {
      date
      score
      prevDayScore
      todayScore
      streak
      gaming
    }
    fgScore: myScoreStats(type: fgScore, days: $days) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
      perPillarScoreStatistics {
        pillarSlug
        points {
          date
          value
        }
      }
    }
    daily: myScoreStats(type: daily, days: $days) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
    }
    gameReadiness: myScoreStats(type: gameReadiness, days: $days) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
    }
    gamePerformance: myScoreStats(type: gamePerformance, days: $days) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
    }
  }
`);

async function getMyScoreHistory(days: number): Promise<MyScoreHistory> {
  const { score, ...series } = await callApi(myScoreHistoryQuery, { days });
  return { score, series };
}

/** The scores feature's query keys: under SCORES_QUERY_KEY, so a check-in refreshes them with every other score read. */
const scoresKeys = {
  all: SCORES_QUERY_KEY,
  history: (days: number) => [...scoresKeys.all, 'history', days] as const,
};

const myScoreHistoryOptions = (days: number) =>
  queryOptions({
    queryKey: scoresKeys.history(days),
    queryFn: () => getMyScoreHistory(days),
    // Switching windows keeps the current charts on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** The gamer's score card and each score's series over the last `days` days. */
export const useMyScoreHistory = (days: number) => useQuery(myScoreHistoryOptions(days));
