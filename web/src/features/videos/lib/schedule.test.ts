import { availableFromOf, dayInputValue, scheduledDay } from './schedule';

it('stores the start of the picked day and shows it back as that day', () => {
  const stored = availableFromOf('2026-11-30');
  expect(new Date(stored).getHours()).toBe(0);
  expect(scheduledDay(stored)).toBe('2026-11-30');
});

it('shows no day for a video that is not scheduled', () => {
  expect(scheduledDay(null)).toBe('');
});

it('writes days with two-digit months and dates', () => {
  expect(dayInputValue(new Date(2027, 0, 5, 13))).toBe('2027-01-05');
});
