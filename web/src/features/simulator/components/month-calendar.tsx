import type { ScoreDay } from '@core/dates';
import { type KeyboardEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Icon } from '@/components/ui/icon';
import { dayAfterKey, longDayLabel, type Month, monthLabel, monthOf, monthWeeks, shiftMonth, WEEKDAYS } from '../lib/calendar';
import type { DraftDay } from '../lib/simulator-state';

interface MonthCalendarProps {
  today: ScoreDay;
  days: Readonly<Record<ScoreDay, DraftDay>>;
  active: ScoreDay | null;
  problems: Readonly<Record<ScoreDay, string>>;
  onPick: (date: ScoreDay) => void;
}

/**
 * A month grid to pick days (WAI-ARIA date grid): one tab stop, arrows move by day and week, Home/End to the week's
 * ends, PageUp/PageDown by month, Enter or Space picks. Picked days show their score and a mark for watched videos.
 */
export function MonthCalendar({ today, days, active, problems, onPick }: MonthCalendarProps) {
  const [focusDay, setFocusDay] = useState<ScoreDay>(active ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const month: Month = monthOf(focusDay);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = dayAfterKey(focusDay, event.key);
    if (!next) return;
    event.preventDefault();
    // Keyboard moves take DOM focus along: render the day first (it may be in another month), then focus it.
    flushSync(() => setFocusDay(next));
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${next}"]`)?.focus();
  };

  const showMonth = (months: number) => setFocusDay(shiftMonth(focusDay, months));
  const titleId = 'fg-calendar-month';

  return (
    <div className="fg-calendar">
      <div className="fg-calendar__head">
        <button type="button" className="fg-icon-button" aria-label="Previous month" onClick={() => showMonth(-1)}>
          <Icon name="chevrons-left" />
        </button>
        <h2 id={titleId} className="fg-calendar__title" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <button type="button" className="fg-icon-button" aria-label="Next month" onClick={() => showMonth(1)}>
          <Icon name="chevrons-right" />
        </button>
      </div>
      <table ref={grid} role="grid" className="fg-calendar__grid" aria-labelledby={titleId} aria-describedby="fg-calendar-help" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, index) => (
            <tr key={`${monthLabel(month)}-${index}`}>
              {week.map((date, cell) =>
                date ? (
                  <DayCell
                    key={date}
                    date={date}
                    draft={days[date]}
                    isToday={date === today}
                    isActive={date === active}
                    hasProblem={problems[date] !== undefined}
                    focusable={date === focusDay}
                    onFocus={() => setFocusDay(date)}
                    onPick={() => {
                      setFocusDay(date);
                      onPick(date);
                    }}
                  />
                ) : (
                  <td key={`empty-${cell}`} role="gridcell" aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fg-calendar__help" id="fg-calendar-help">
        Pick a day to give it a daily score. Arrow keys move between days, Page Up and Page Down between months.
      </p>
    </div>
  );
}

interface DayCellProps {
  date: ScoreDay;
  draft: DraftDay | undefined;
  isToday: boolean;
  isActive: boolean;
  hasProblem: boolean;
  focusable: boolean;
  onFocus: () => void;
  onPick: () => void;
}

function DayCell({ date, draft, isToday, isActive, hasProblem, focusable, onFocus, onPick }: DayCellProps) {
  const picked = draft !== undefined;
  const details = [
    longDayLabel(date),
    isToday ? 'today' : null,
    picked ? `picked, score ${draft.score.trim() || 'not set'}` : null,
    draft?.watchedVideos ? 'watched videos' : null,
    isActive ? 'editing' : null,
  ].filter(Boolean);
  return (
    <td role="gridcell" aria-selected={picked}>
      <button
        type="button"
        className="fg-calendar__day"
        data-date={date}
        data-picked={picked || undefined}
        data-active={isActive || undefined}
        data-today={isToday || undefined}
        data-problem={hasProblem || undefined}
        aria-label={details.join(', ')}
        aria-current={isToday ? 'date' : undefined}
        tabIndex={focusable ? 0 : -1}
        onFocus={onFocus}
        onClick={onPick}
      >
        <span className="fg-calendar__date">{Number(date.slice(8))}</span>
        {picked ? (
          <span className="fg-calendar__score" aria-hidden="true">
            {draft.score.trim() || '?'}
            {draft.watchedVideos ? <span className="fg-calendar__video">▶</span> : null}
          </span>
        ) : null}
      </button>
    </td>
  );
}
