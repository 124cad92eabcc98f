import type { CSSProperties, ReactNode } from 'react';
import type { ScoreEntry } from '@/lib/score-display';

/** What a tile shows: a score, or another number shown the same way (the streak), and optionally a line under it. */
type TileEntry = Omit<ScoreEntry, 'type' | 'score'> & { type: string; score: number | null; detail?: ReactNode };
import './score-tile.css';

/**
 * One score: its name, the whole number (a dash when empty, the label then says No data), the tier or label, tinted with
 * the pillar's colour or, for the main score, its tier's (the tier then reads as a badge in that colour), and a detail line.
 */
function ScoreTile({ entry, emphasis = false }: { entry: TileEntry; emphasis?: boolean }) {
  const style = entry.colour ? ({ '--fg-score-colour': entry.colour } as CSSProperties) : undefined;
  return (
    <li
      className="fg-score-tile"
      data-score-type={entry.type}
      data-emphasis={emphasis || undefined}
      data-tier={entry.tier ?? undefined}
      style={style}
    >
      <span className="fg-score-tile__title">{entry.title}</span>
      <span className="fg-score-tile__value">{entry.score ?? '–'}</span>
      <span className="fg-score-tile__label">{entry.label}</span>
      {entry.explanation ? <span className="fg-score-tile__explanation">{entry.explanation}</span> : null}
      {entry.detail ? <span className="fg-score-tile__detail">{entry.detail}</span> : null}
    </li>
  );
}

/** A grid of score tiles under a heading. */
export function ScoreTiles({ entries, label, emphasisFirst = false }: { entries: readonly TileEntry[]; label: string; emphasisFirst?: boolean }) {
  return (
    <ul className="fg-score-tiles" aria-label={label}>
      {entries.map((entry, index) => (
        <ScoreTile key={entry.type} entry={entry} emphasis={emphasisFirst && index === 0} />
      ))}
    </ul>
  );
}
