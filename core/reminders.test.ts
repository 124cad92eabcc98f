import { nextWallClockHour } from './dates';
import { pushSubscriptionSchema, reminderSettingsSchema } from './reminders';

describe('nextWallClockHour (when a reminder hour next comes)', () => {
  it('is later today when the hour is still to come, tomorrow once it has passed', () => {
    expect(nextWallClockHour(19, 'Europe/Berlin', new Date('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-10T18:00:00.000Z');
    expect(nextWallClockHour(7, 'Europe/Berlin', new Date('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });

  it('follows clock changes: the same hour of the clock moves by one hour of UTC across a DST change', () => {
    expect(nextWallClockHour(7, 'America/New_York', new Date('2026-03-07T12:00:00Z')).toISOString()).toBe('2026-03-08T11:00:00.000Z');
    expect(nextWallClockHour(7, 'America/New_York', new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T11:00:00.000Z');
    expect(nextWallClockHour(7, 'America/New_York', new Date('2026-03-06T12:00:00Z')).toISOString()).toBe('2026-03-07T12:00:00.000Z');
  });

  it('moves an hour skipped by the clock change to the end of the gap', () => {
    // 02:00 does not exist in New York on 8 March 2026: 03:00 EDT (07:00 UTC) instead.
    expect(nextWallClockHour(2, 'America/New_York', new Date('2026-03-08T05:00:00Z')).toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('reads an unknown zone as UTC', () => {
    expect(nextWallClockHour(5, 'Not/AZone', new Date('2026-03-10T04:59:59Z')).toISOString()).toBe('2026-03-10T05:00:00.000Z');
  });
});

describe('reminder settings and push subscriptions', () => {
  it('needs a channel only when reminders are on', () => {
    expect(reminderSettingsSchema.safeParse({ enabled: false, hour: 7, channels: [] }).success).toBe(true);
    expect(reminderSettingsSchema.safeParse({ enabled: true, hour: 7, channels: [] }).success).toBe(false);
    expect(reminderSettingsSchema.safeParse({ enabled: true, hour: 23, channels: ['PUSH', 'EMAIL'] }).success).toBe(true);
  });

  it('takes https endpoints with keys of the right length only', () => {
    const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'https://push.example/abc', ...keys }).success).toBe(true);
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'http://push.example/abc', ...keys }).success).toBe(false);
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: 'https://push.example/abc', ...keys, auth: Buffer.alloc(15).toString('base64url') }).success,
    ).toBe(false);
  });
});
