import { BASELINE_MIN_CHECK_INS, BASELINE_WINDOW_DAYS } from '@core/scoring/baseline';
import { LoadError } from '@/components/errors/load-error';
import { ScoreTiles } from '@/components/scores/score-tile';
import { ButtonLink } from '@/components/ui/link/button-link';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { scoreEntry } from '@/lib/score-display';
import { type MyScoreNow, useMyScoreNow } from '../api/my-scores';
import { bestStreak, type ScoreAgainstBaseline, scoreAgainstBaseline } from '../lib/score-now';
import '../scores.css';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** The change of the score against the gamer's own normal, in words (docs/scoring.md, "Baselines on the gamer's pages"). */
function BaselineChange({ against }: { against: ScoreAgainstBaseline }) {
  const { baseline, deviation, checkIns } = against;
  if (!baseline || !deviation) {
    return (
      <span className="fg-baseline" data-trend="none">
        Your normal shows after {BASELINE_MIN_CHECK_INS} check-ins in {BASELINE_WINDOW_DAYS} days ({checkIns} so far).
      </span>
    );
  }
  const normal = `your normal (${Math.round(baseline.mean)}, last ${BASELINE_WINDOW_DAYS} days)`;
  if (deviation.delta === 0) {
    return (
      <span className="fg-baseline" data-trend="flat">
        At {normal}
      </span>
    );
  }
  const up = deviation.delta > 0;
  return (
    <span className="fg-baseline" data-trend={up ? 'up' : 'down'} data-below={deviation.below || undefined}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      {Math.abs(deviation.delta)} {up ? 'above' : 'below'} {normal}
      {deviation.below ? ': lower than usual' : ''}
    </span>
  );
}

interface ScoreNowTilesProps {
  now: MyScoreNow;
  /** Also today's daily score, with a way to the check-in while it has none (My scores). */
  withDaily?: boolean;
}

/** The FG Score now in its tier's colour with its change against the gamer's normal, the streak with the personal best. */
export function ScoreNowTiles({ now, withDaily = false }: ScoreNowTilesProps) {
  const history = now.fgScoreHistory?.mainScoreStatistics ?? [];
  const best = bestStreak(
    now.streak,
    history.map((point) => point.date),
  );
  const fgScore = scoreEntry('fgScore', now.score);
  return (
    <ScoreTiles
      label="Overall score and streak"
      emphasisFirst
      entries={[
        { ...fgScore, detail: now.score === null ? null : <BaselineChange against={scoreAgainstBaseline(now, history)} /> },
        {
          type: 'streak',
          title: 'Streak',
          score: now.streak,
          label: now.streak === 1 ? 'day in a row' : 'days in a row',
          colour: null,
          detail: `Personal best: ${days(best)}`,
        },
        ...(withDaily
          ? [
              {
                ...scoreEntry('daily', now.todayScore),
                title: "Today's Daily Score",
                detail:
                  now.todayScore === null ? (
                    <ButtonLink variation="primary" to={paths.home.checkIn}>
                      Check in
                    </ButtonLink>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

/** The score card now, loaded: the tiles, or the loader, or the error with a retry. */
export function ScoreNow({ withDaily = false }: { withDaily?: boolean }) {
  const now = useMyScoreNow();
  if (now.isPending) return <PageLoader label="Loading your score…" />;
  if (now.isError) return <LoadError heading="Your score could not be loaded" error={now.error} onRetry={() => void now.refetch()} />;
  if (!now.data) return null;
  return <ScoreNowTiles now={now.data} withDaily={withDaily} />;
}
