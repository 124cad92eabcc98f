import { memo, type ReactNode, useDeferredValue, useState } from 'react';
import type { ScoreWindow } from '@/components/charts/chart-data';
import { ScoreChartGrid } from '@/components/charts/score-chart-card';
import { WindowSwitch } from '@/components/charts/window-switch';
import { LoadError } from '@/components/errors/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { formatScoreDay } from '@/lib/score-display';
import { type MyScoreHistory, useMyScoreHistory, useMyScoreNow } from '../api/my-scores';
import { historySeries, isEmptyHistory } from '../lib/chart-data';
import { ScoreNow } from './score-now';
import '../scores.css';

/** /home/my-scores: the overall score, the streak and each score over the last 7, 30 or 90 days. */
export function MyScoresPage() {
  const [days, setDays] = useState<ScoreWindow>(7);
  // Switching windows keeps the current charts on screen until the new ones arrive.
  const history = useMyScoreHistory(days);
  const now = useMyScoreNow();

  let body: ReactNode;
  if (history.isPending || now.isPending) {
    body = <PageLoader label="Loading your scores…" />;
  } else if (history.isError) {
    body = <LoadError heading="Your scores could not be loaded" error={history.error} onRetry={() => void history.refetch()} />;
  } else if (now.data?.score == null && isEmptyHistory(history.data)) {
    body = (
      <EmptyState
        title="No scores yet"
        description="Your scores appear here after your first daily check-in."
        actions={
          <ButtonLink variation="primary" to={paths.home.checkIn}>
            Go to check-in
          </ButtonLink>
        }
      />
    );
  } else {
    body = <ScoreHistory history={history.data} days={days} updating={history.isPlaceholderData} onDays={setDays} />;
  }

  return (
    <div className="fg-page fg-my-scores">
      <header className="fg-page__header">
        <h1>My scores</h1>
        <p>Your overall score, your streak, and how each score moved day by day.</p>
      </header>
      {body}
    </div>
  );
}

interface ScoreHistoryProps {
  history: MyScoreHistory;
  days: ScoreWindow;
  updating: boolean;
  onDays: (days: ScoreWindow) => void;
}

function ScoreHistory({ history, days, updating, onDays }: ScoreHistoryProps) {
  const span = history.series.fgScore ?? history.series.daily;
  // The charts come after the tiles, in a deferred render that yields to the browser every few milliseconds
  // (docs/performance.md).
  const shownHistory = useDeferredValue(history, null);
  return (
    <>
      <section aria-labelledby="fg-my-scores-now">
        <h2 id="fg-my-scores-now">Now</h2>
        <ScoreNow withDaily />
      </section>

      <section aria-labelledby="fg-my-scores-history" aria-busy={updating}>
        <div className="fg-my-scores__history-head">
          <h2 id="fg-my-scores-history">History</h2>
          <WindowSwitch name="window" value={{ days }} onChange={(choice) => 'days' in choice && onDays(choice.days)} />
        </div>
        {span ? (
          <p className="fg-my-scores__window">
            {formatScoreDay(span.startDate)} to {formatScoreDay(span.endDate)}
            {updating ? ' · updating…' : ''}
          </p>
        ) : null}
        {shownHistory ? <HistoryCharts history={shownHistory} days={days} /> : null}
      </section>
    </>
  );
}

/** The charts of the window, or that it has no scores; memoised, so the render that draws the tiles skips them. */
const HistoryCharts = memo(function HistoryCharts({ history, days }: { history: MyScoreHistory; days: ScoreWindow }) {
  if (isEmptyHistory(history)) return <p className="fg-my-scores__none">No scores in the last {days} days.</p>;
  return (
    <ScoreChartGrid series={historySeries(history)} window={history.series.fgScore ?? history.series.daily} windowName={`the last ${days} days`} />
  );
});
