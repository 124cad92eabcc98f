/**
 * The Schedule tab's day (docs/product.md, "Content pages"): the admin picks a day in their own time zone; the video is
 * in the library from that day's start. availableFrom is stored as that instant (ISO, UTC).
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as the date input shows it (yyyy-MM-dd), in the browser's time zone. */
export function dayInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The stored availableFrom as the input's day ('' when not scheduled). */
export function scheduledDay(availableFrom: string | null): string {
  return availableFrom ? dayInputValue(new Date(availableFrom)) : '';
}

/** The start of a picked day (yyyy-MM-dd) in the browser's time zone, as availableFrom. */
export function availableFromOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toISOString();
}
