import { checkInZone, scoreDayUnder } from './user-zone';

const at = (iso: string) => new Date(iso);
const berlinToHonolulu = { timeZone: 'Pacific/Honolulu', timeZoneFrom: '2026-04-11T02:00:00.000Z', previousTimeZone: 'Europe/Berlin' };

describe('scoreDayUnder (the day of the zone history stored on the user)', () => {
  it.each([
    ['before the change, the old zone’s day', '2026-04-11T01:59:59Z', 'Europe/Berlin', '2026-04-10', '2026-04-11T02:00:00.000Z'],
    [
      'once the old day has ended, still that day (closed) while the new zone’s clock has not moved past it',
      '2026-04-11T05:00:00Z',
      'Europe/Berlin',
      '2026-04-10',
      '2026-04-11T02:00:00.000Z',
    ],
    ['from 4 am in the new zone, its next day', '2026-04-11T14:00:00Z', 'Pacific/Honolulu', '2026-04-11', '2026-04-12T14:00:00.000Z'],
  ])('%s', (_case, now, timeZone, date, closesAt) => {
    expect(scoreDayUnder(berlinToHonolulu, at(now))).toEqual({ timeZone, date, closesAt });
  });

  it('reads a zone without a change time as always in effect, and no zone as UTC', () => {
    expect(scoreDayUnder({ timeZone: 'Asia/Tokyo' }, at('2026-04-10T20:00:00Z'))).toMatchObject({ timeZone: 'Asia/Tokyo', date: '2026-04-11' });
    expect(scoreDayUnder({}, at('2026-04-10T03:00:00Z'))).toMatchObject({ timeZone: 'UTC', date: '2026-04-09' });
  });
});

describe('checkInZone', () => {
  it('adopts the first zone at once and leaves the profile alone when the zone is the stored one', () => {
    expect(checkInZone({}, 'asia/tokyo', at('2026-04-10T20:00:00Z'))).toMatchObject({
      timeZone: 'Asia/Tokyo',
      date: '2026-04-11',
      next: { timeZone: 'Asia/Tokyo', timeZoneFrom: null, previousTimeZone: null },
    });
    expect(checkInZone({ timeZone: 'Asia/Tokyo' }, 'Asia/Tokyo', at('2026-04-10T20:00:00Z')).next).toBeNull();
    expect(checkInZone({ timeZone: 'Asia/Tokyo' }, null, at('2026-04-10T20:00:00Z')).next).toBeNull();
  });

  it('keeps UTC for a first check-in sent without a zone, so the day it counted stays in that zone', () => {
    expect(checkInZone({}, null, at('2026-04-10T20:00:00Z'))).toMatchObject({
      timeZone: 'UTC',
      date: '2026-04-10',
      next: { timeZone: 'UTC', timeZoneFrom: null, previousTimeZone: null },
    });
  });

  it('schedules a new zone for the end of the current day and keeps that instant when the zone changes again', () => {
    const first = checkInZone({ timeZone: 'Europe/Berlin' }, 'Pacific/Honolulu', at('2026-04-10T10:00:00Z'));
    expect(first).toEqual({ timeZone: 'Europe/Berlin', date: '2026-04-10', closesAt: '2026-04-11T02:00:00.000Z', next: berlinToHonolulu });
    const again = checkInZone(berlinToHonolulu, 'Pacific/Kiritimati', at('2026-04-11T01:00:00Z'));
    expect(again.next).toEqual({ ...berlinToHonolulu, timeZone: 'Pacific/Kiritimati' });
    // During the westward gap too: the change still takes effect when Berlin's 10th ended.
    expect(checkInZone(berlinToHonolulu, 'Asia/Tokyo', at('2026-04-11T05:00:00Z')).next).toEqual({ ...berlinToHonolulu, timeZone: 'Asia/Tokyo' });
  });
});
