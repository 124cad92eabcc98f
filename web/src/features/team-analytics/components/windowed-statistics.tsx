import type { DayWindow } from '@core/dates';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/errors/load-error';
import { formatScoreDay } from '@/lib/score-display';
import { ChartSkeletons } from './chart-skeletons';

interface WindowedStatisticsProps<T> {
  query: UseQueryResult<T>;
  /** The window the data on screen covers. */
  window: DayWindow | null;
  /** How many chart cards the loading skeleton shows. */
  charts: number;
  /** Names the data in the loading and error messages ("the team's scores"). */
  what: string;
  children: (data: T) => ReactNode;
}

/** The dates of the window on screen, then the charts: skeletons while loading, the error with a retry, or the data. */
export function WindowedStatistics<T>({ query, window, charts, what, children }: WindowedStatisticsProps<T>) {
  return (
    <>
      {window ? (
        <p className="fg-section-note">
          {formatScoreDay(window.startDate)} to {formatScoreDay(window.endDate)}
          {query.isPlaceholderData ? ' · updating…' : ''}
        </p>
      ) : null}
      {query.isPending ? (
        <ChartSkeletons count={charts} label={`Loading ${what}…`} />
      ) : query.isError ? (
        <LoadError
          heading={`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        children(query.data)
      )}
    </>
  );
}
