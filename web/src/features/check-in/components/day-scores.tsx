import type { Ref } from 'react';
import { ScoreTiles } from '@/components/scores/score-tile';
import { dayScoreEntries, formatScoreDay } from '@/lib/score-display';
import type { CheckInDay } from '../api/check-in';

interface DayScoresProps {
  day: CheckInDay;
  /** The heading takes focus after a submission, so the new scores are announced and in view. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Today's scores after a check-in: the overall score with its tier, the day's scores and one per pillar. */
export function DayScores({ day, headingRef }: DayScoresProps) {
  const { main, pillars } = dayScoreEntries(day);
  return (
    <section className="fg-day-scores" aria-labelledby="fg-day-scores-title">
      <h2 id="fg-day-scores-title" ref={headingRef} tabIndex={-1}>
        Today&apos;s scores
      </h2>
      <p className="fg-day-scores__meta">
        {formatScoreDay(day.date)} · Streak {day.streak} {day.streak === 1 ? 'day' : 'days'} · {day.avgCompletion}% answered
        {day.watchedVideos ? ' · Watched videos (+10)' : ''}
      </p>
      <ScoreTiles entries={main} label="Main scores" emphasisFirst />
      <h3 className="fg-day-scores__subtitle">Pillars</h3>
      <ScoreTiles entries={pillars} label="Pillar scores" />
    </section>
  );
}
