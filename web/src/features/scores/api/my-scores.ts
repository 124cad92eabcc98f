import type { MainScoreType } from '@core/pillars';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScoreSeries } from '@/components/charts/chart-data';
import type { MyScoreNowQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { SCORES_QUERY_KEY } from '@/lib/query-client';

/** The statistics the My scores page draws: each main score's series, and the pillars' (they come with every type). */
export interface MyScoreHistory {
  series: Record<MainScoreType, ScoreSeries | null>;
}

/** The gamer's score card now (schema.graphql Score) and his fgScore's days of the last NOW_HISTORY_DAYS (lib/score-now.ts). */
export type MyScoreNow = NonNullable<MyScoreNowQuery['score']> & { fgScoreHistory: ScoreSeries | null };

/**
 * Days of fgScore history read with the score card: enough for the 28-day baseline of yesterday's score (shown before
 * today's check-in) and for the personal-best streak (docs/scoring.md, "Baselines on the gamer's pages"). One Query of at
 * most this many day items on the server.
 */
const NOW_HISTORY_DAYS = 90;

// One request: the score card and the fgScore's days (only its main points).
const myScoreNowQuery = gqlOperation(/* GraphQL */ `
  query MyScoreNow($days: Int) {
    score: myScore {
      date
      score
      todayScore
      streak
    }
    fgScoreHistory: myScoreStats(type: fgScore, days: $days) {
      startDate
      endDate
      mainScoreStatistics {
        date
        value
      }
    }
  }
`);

async function getMyScoreNow(): Promise<MyScoreNow | null> {
  const { score, fgScoreHistory } = await callApi(myScoreNowQuery, { days: NOW_HISTORY_DAYS });
  return score ? { ...score, fgScoreHistory } : null;
}

// One request: one statistics call per main score (aliases); the fgScore's brings the pillars' series.
const myScoreHistoryQuery = gqlOperation(/* GraphQL */ `
  query MyScoreHistory($days: Int) {
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
  return { series: await callApi(myScoreHistoryQuery, { days }) };
}

/** The scores feature's query keys: under SCORES_QUERY_KEY, so a check-in refreshes them with every other score read. */
const scoresKeys = {
  all: SCORES_QUERY_KEY,
  history: (days: number) => [...scoresKeys.all, 'history', days] as const,
  now: () => [...scoresKeys.all, 'now'] as const,
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

/** The gamer's score card now, with what its baseline and personal-best streak are read from (null: no score card). */
export const useMyScoreNow = () => useQuery(queryOptions({ queryKey: scoresKeys.now(), queryFn: getMyScoreNow }));
