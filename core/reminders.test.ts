import { nextWallClockHour } from './dates';
import { isPushServiceEndpoint, pushSubscriptionArgsSchemas, reminderSettingsSchema } from './reminders';

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

  it("takes endpoints of the browsers' push services with keys of the right length only", () => {
    const { save } = pushSubscriptionArgsSchemas(() => undefined);
    const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(save.safeParse({ input: { endpoint, ...keys } }).success).toBe(true);
    expect(save.safeParse({ input: { endpoint: 'https://push.example/abc', ...keys } }).success).toBe(false);
    expect(save.safeParse({ input: { endpoint, ...keys, auth: Buffer.alloc(15).toString('base64url') } }).success).toBe(false);
  });

  it("admits the hosts of FCM, Mozilla's, Apple's and Windows' push services on https's own port, nothing else", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://fcm.googleapis.com:443/wp/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGm8',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect({ endpoint, admitted: isPushServiceEndpoint(endpoint) }).toEqual({ endpoint, admitted: true });
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1:8443/push/abc',
      'https://10.0.0.5:8443/push/abc',
      'https://[::1]/push/abc',
      'https://2130706433/push/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://storage.googleapis.com/bucket/abc',
      'https://fcm.googleapis.com.attacker.example/abc',
      'https://push.services.mozilla.com/abc',
      'https://evilpush.apple.com.example/abc',
      'https://notify.windows.com/abc',
      'not a url',
    ]) {
      expect({ endpoint, admitted: isPushServiceEndpoint(endpoint) }).toEqual({ endpoint, admitted: false });
    }
  });

  it("admits the local push stand-in's origin only when it is configured, and then only that origin", () => {
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/push/abc', 'https://127.0.0.1:8443')).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:8444/push/abc', 'https://127.0.0.1:8443')).toBe(false);
    expect(isPushServiceEndpoint('https://user:pass@127.0.0.1:8443/push/abc', 'https://127.0.0.1:8443')).toBe(false);
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/push/abc')).toBe(false);
  });
});
