import { type ChallengeWeek } from '@core/weekly-challenges';
import { isoWeekOf } from '@core/dates';
import { useState } from 'react';
import { Button } from '@/components/ui/button/button';

const DAY_NAMES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A day as people say it ("Thursday, November 26, 2026"), for screen readers. */
const spokenDay = (date: Date) =>
  date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A week as people say it ("Week 48, 2026, Monday, November 23 to Sunday, November 29, 2026"). */
const spokenWeek = (week: ChallengeWeek, days: Date[]) =>
  `Week ${week.week}, ${week.year}, ${spokenDay(days[0]!).replace(/, \d{4}$/, '')} to ${spokenDay(days[6]!)}`;

/** The Monday-first weeks that show a month: each week's seven days (UTC dates) and its ISO week. */
function weeksOfMonth(year: number, month: number): { week: ChallengeWeek; days: Date[] }[] {
  const first = new Date(Date.UTC(year, month, 1));
  let monday = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * DAY_MS);
  const weeks = [];
  while (monday.getUTCMonth() === month || monday.getTime() <= first.getTime()) {
    const days = Array.from({ length: 7 }, (_, index) => new Date(monday.getTime() + index * DAY_MS));
    weeks.push({ week: isoWeekOf(isoDay(days[3]!)), days });
    monday = new Date(monday.getTime() + 7 * DAY_MS);
  }
  return weeks;
}

const sameWeek = (a: ChallengeWeek | null, b: ChallengeWeek) => a !== null && a.year === b.year && a.week === b.week;

interface WeekCalendarProps {
  selected: ChallengeWeek | null;
  onSelect: (week: ChallengeWeek) => void;
  /** Weeks that already have a challenge, marked in the grid. */
  taken: readonly ChallengeWeek[];
  today: string;
}

/**
 * A month calendar with ISO week numbers (docs/recommendations-and-challenges.md, "Weekly challenges"): choosing a week
 * number or any of its days chooses that week. Previous and next move a month.
 */
export function WeekCalendar({ selected, onSelect, taken, today }: WeekCalendarProps) {
  const [month, setMonth] = useState(() => ({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) - 1 }));
  const title = new Date(Date.UTC(month.year, month.month, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const move = (by: number) =>
    setMonth(({ year, month: current }) => ({ year: year + Math.floor((current + by) / 12), month: (current + by + 12) % 12 }));

  return (
    <div className="fg-week-calendar">
      <div className="fg-week-calendar__bar">
        <Button size="small" onClick={() => move(-1)} aria-label="Previous month">
          ‹
        </Button>
        <h3 className="fg-week-calendar__title" aria-live="polite">
          {title}
        </h3>
        <Button size="small" onClick={() => move(1)} aria-label="Next month">
          ›
        </Button>
      </div>
      <table className="fg-week-calendar__grid">
        <caption className="fg-visually-hidden">Choose a week of {title}</caption>
        <thead>
          <tr>
            <th scope="col">Wk</th>
            {DAY_NAMES.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOfMonth(month.year, month.month).map(({ week, days }) => {
            const isSelected = sameWeek(selected, week);
            const isTaken = taken.some((other) => sameWeek(other, week));
            return (
              <tr key={`${week.year}-${week.week}`} className={isSelected ? 'fg-week-calendar__week--selected' : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="fg-week-calendar__week"
                    aria-pressed={isSelected}
                    aria-label={`${spokenWeek(week, days)}${isTaken ? ' (has a challenge)' : ''}`}
                    onClick={() => onSelect(week)}
                  >
                    {week.week}
                    {isTaken ? <span className="fg-week-calendar__taken" aria-hidden="true" /> : null}
                  </button>
                </th>
                {days.map((day) => (
                  <td key={day.getTime()}>
                    <button
                      type="button"
                      tabIndex={-1}
                      className={[
                        'fg-week-calendar__day',
                        day.getUTCMonth() === month.month ? '' : 'fg-week-calendar__day--outside',
                        isoDay(day) === today ? 'fg-week-calendar__day--today' : '',
                      ].join(' ')}
                      aria-label={spokenDay(day)}
                      onClick={() => onSelect(week)}
                    >
                      {day.getUTCDate()}
                    </button>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
