import type { MainScoreType } from '@core/pillars';
import type { ScoreSeries } from '@/components/charts/chart-data';
import type { MyScoreHistoryQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

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

export async function getMyScoreHistory(days: number): Promise<MyScoreHistory> {
  const { score, ...series } = await callApi(myScoreHistoryQuery, { days });
  return { score, series };
}
