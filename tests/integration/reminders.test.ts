/**
 * Check-in reminders and the staff's Nudge on the running local stack (docs/reminders.md): the hourly job reminds the
 * gamers whose hour has come and who have not checked in, once per score day, on their channels (Web Push through the
 * push stand-in, which decrypts what it receives as a browser would, and e-mail to the outbox); nothing after they turn
 * reminders off; a device the push service says is gone is removed; 20 parallel nudges remind each member once; the
 * account's deletion takes its settings and devices. The job runs in this process with the stack's environment; what it
 * and the nudge send goes through the stack's mail queue, whose sender pushes and mails (docs/architecture.md, "Mail and
 * push").
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { answersWith } from '@core/test-support/answers';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { productionDeps } from '../../lambdas/reminders/deps';
import { reminderMessage } from '../../lambdas/reminders/delivery';
import { pushToDevices, sendPush } from '../../lambdas/lib/push';
import { runReminderJob } from '../../lambdas/reminders/job';
import { nudgeTeam } from '../../lambdas/reminders/nudge';
import { dynamoReminderStore } from '../../lambdas/reminders/store';
import type { PushRecord } from '../../scripts/local/push/server';
import { PUSH_CONTROL_PATH } from '../../scripts/local/push/server';
import type { RoleAccount } from '../support/accounts';
import { deviceKeys, startConnectionCounter, startHostilePushHost, withPeakMemory, type HostilePushHost } from '../support/hostile-push-host';
import { mailQueueIdle, readOutbox, stackInfo, useStackEnvironment } from '../support/stack';
import { clearOfScoreDayEdge } from '../support/score-day-edge';
import { accounts, ok, refusal, teamOf } from '../support/team-fixtures';

jest.setTimeout(120_000);

const SETTINGS_FIELDS = 'enabled hour channels timeZone nextReminderAt pushPublicKey';
const UPDATE = `mutation($input: ReminderSettingsInput!) { updateReminderSettings(input: $input) { ${SETTINGS_FIELDS} } }`;
const SETTINGS = `query { reminderSettings { ${SETTINGS_FIELDS} } }`;
const SAVE_DEVICE = 'mutation($input: PushSubscriptionInput!) { savePushSubscription(input: $input) { id endpoint } }';
const REMOVE_DEVICE = 'mutation($endpoint: String!) { removePushSubscription(endpoint: $endpoint) }';
const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const NUDGE = 'mutation($teamId: ID!) { nudgeTeam(teamId: $teamId) { nudged alreadyNudged } }';
const DELETE = 'mutation($email: String!) { deleteAccount(email: $email) }';
const NUDGES =
  'mutation($readinessAlertEmails: Boolean!, $nudges: Boolean) { updateNotificationSettings(readinessAlertEmails: $readinessAlertEmails, nudges: $nudges) { nudges } }';
const HOUR = 3600_000;
const NOT_A_PUSH_SERVICE = "The push subscription endpoint must be the https address of a browser's push service.";

const runJobAt = (at: Date) => runReminderJob({ ...productionDeps, now: () => at });

/** A device of the push stand-in subscribed with the server's key, registered through the API; its subscription id. */
async function device(gamer: RoleAccount): Promise<string> {
  const { reminderSettings } = await ok(gamer, SETTINGS);
  const response = await fetch(`${stackInfo().urls.app}${PUSH_CONTROL_PATH}`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey: reminderSettings.pushPublicKey }),
  });
  const subscription = (await response.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
  await ok(gamer, SAVE_DEVICE, { input: { endpoint: subscription.endpoint, ...subscription.keys } });
  return subscription.endpoint.split('/').at(-1)!;
}

/** A device stored as one saved before the rules of docs/reminders.md ("Which devices"): straight into the store. */
const storedDevice = (gamer: RoleAccount, endpoint: string) =>
  dynamoReminderStore.savePushSubscription(gamer.id, { endpoint, ...deviceKeys() }, new Date().toISOString());

/** The device unsubscribes: the push service answers 410 Gone from now on. */
const unsubscribe = (subscriptionId: string) => fetch(`${stackInfo().urls.app}${PUSH_CONTROL_PATH}/${subscriptionId}`, { method: 'DELETE' });

/** The notifications the push stand-in received for these devices, once the queue's sender has pushed what was queued. */
async function pushesTo(subscriptionIds: readonly string[]): Promise<PushRecord[]> {
  await mailQueueIdle();
  const folder = stackInfo().pushDir;
  const files = (await readdir(folder)).filter((file) => file.endsWith('.json'));
  const records = await Promise.all(files.map(async (file) => JSON.parse(await readFile(join(folder, file), 'utf8')) as PushRecord));
  return records.filter((record) => subscriptionIds.includes(record.to));
}

const remindersTo = async (gamers: readonly RoleAccount[], subject: string) =>
  (await readOutbox()).filter((mail) => gamers.some((gamer) => gamer.email === mail.to) && mail.subject.includes(subject));

/** Keeps the steps of a test inside one hour of the clock (and one score day): near the end of the hour, waits it out. */
async function clearOfHourEdge(): Promise<void> {
  await clearOfScoreDayEdge();
  const untilHour = HOUR - (Date.now() % HOUR);
  if (untilHour < 60_000) await sleep(untilHour + 1_000);
}

beforeAll(() => useStackEnvironment());

describe('the reminder job', () => {
  it('reminds once, at their hour, only the gamers who have not checked in; none after reminders are off', async () => {
    const people = await accounts({ now: 'GAMER', done: 'GAMER', later: 'GAMER' }, 'remind');
    const gamers = Object.values(people);
    await clearOfHourEdge();
    const hour = new Date().getUTCHours();
    const hours = { now: hour, done: hour, later: (hour + 2) % 24 };
    for (const [name, gamer] of Object.entries(people)) {
      const { updateReminderSettings } = await ok(gamer, UPDATE, {
        input: { enabled: true, hour: hours[name as keyof typeof hours], channels: ['PUSH', 'EMAIL'] },
      });
      expect(updateReminderSettings).toMatchObject({ enabled: true, channels: ['PUSH', 'EMAIL'], timeZone: 'UTC' });
    }
    const [nowDevice, goneDevice, checkedInDevice, laterDevice] = [
      await device(people.now),
      await device(people.now),
      await device(people.done),
      await device(people.later),
    ];
    const devices = [nowDevice, goneDevice, checkedInDevice, laterDevice];
    await unsubscribe(goneDevice);
    await ok(people.done, CHECK_IN, { answers: answersWith('best') });

    // Run twice: the second run must not remind again. The job's counts cover every gamer of the shared stack (other
    // suites set reminders too), so only what reached this test's people is asserted.
    await runJobAt(new Date());
    await runJobAt(new Date());

    expect(await pushesTo(devices)).toEqual([
      {
        to: nowDevice,
        title: 'Time for your FitGauge check-in',
        body: expect.stringContaining('You have not checked in today'),
        url: '/home/check-in',
        sentAt: expect.any(String),
      },
    ]);
    const mails = await remindersTo(gamers, 'check-in');
    expect(mails.map((mail) => mail.to)).toEqual([people.now.email]);
    expect(mails[0].text).toContain('/home/check-in');
    // The device the push service called gone was removed; the other stays.
    expect((await dynamoReminderStore.pushSubscriptions(people.now.id)).map((subscription) => subscription.endpoint.split('/').at(-1))).toEqual([
      nowDevice,
    ]);

    // Turned off: the next day at that hour nothing goes to him, while the gamer who had checked in today is reminded.
    expect(
      (await ok(people.now, UPDATE, { input: { enabled: false, hour, channels: ['PUSH', 'EMAIL'] } })).updateReminderSettings.nextReminderAt,
    ).toBeNull();
    await runJobAt(new Date(Date.now() + 24 * HOUR));
    expect((await pushesTo(devices)).map((push) => push.to).sort()).toEqual([nowDevice, checkedInDevice].sort());
    expect((await remindersTo(gamers, 'check-in')).map((mail) => mail.to).sort()).toEqual([people.now.email, people.done.email].sort());
  });

  it('reminds nobody whose account an admin disabled', async () => {
    const people = await accounts({ admin: 'ADMIN', quiet: 'GAMER' }, 'remind.disabled');
    await clearOfHourEdge();
    await ok(people.quiet, UPDATE, { input: { enabled: true, hour: new Date().getUTCHours(), channels: ['EMAIL'] } });
    await ok(people.admin, 'mutation($email: String!) { disableUser(email: $email) { enabled } }', { email: people.quiet.email });
    await runJobAt(new Date());
    expect(await remindersTo([people.quiet], 'check-in')).toEqual([]);
  });

  it('forgets a device the gamer removes', async () => {
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'remind.removed');
    const id = await device(gamer);
    const endpoint = `${stackInfo().urls.push}/push/${id}`;
    expect(await ok(gamer, REMOVE_DEVICE, { endpoint })).toEqual({ removePushSubscription: true });
    expect(await ok(gamer, REMOVE_DEVICE, { endpoint })).toEqual({ removePushSubscription: false });
    expect(await dynamoReminderStore.pushSubscriptions(gamer.id)).toEqual([]);
  });

  it('takes the settings and devices with a deleted account', async () => {
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'remind.deleted');
    await ok(gamer, UPDATE, { input: { enabled: true, hour: 7, channels: ['PUSH'] } });
    await device(gamer);
    expect(await ok(gamer, DELETE, { email: gamer.email })).toEqual({ deleteAccount: true });
    expect(await dynamoReminderStore.settings(gamer.id)).toBeNull();
    expect(await dynamoReminderStore.pushSubscriptions(gamer.id)).toEqual([]);
  });

  it('refuses settings without a channel, an hour out of range and a device that is not https', async () => {
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'remind.bad');
    expect(await refusal(gamer, UPDATE, { input: { enabled: true, hour: 7, channels: [] } })).toEqual({
      errorType: 'ValidationError',
      message: 'Choose how to be reminded: Web Push, e-mail or both.',
    });
    expect((await refusal(gamer, UPDATE, { input: { enabled: true, hour: 24, channels: ['EMAIL'] } })).message).toBe(
      'Choose a reminder time between 00:00 and 23:00.',
    );
    const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    expect((await refusal(gamer, SAVE_DEVICE, { input: { endpoint: 'http://169.254.169.254/latest', ...keys } })).message).toBe(
      "The push subscription endpoint must be the https address of a browser's push service.",
    );
    expect((await ok(gamer, SETTINGS)).reminderSettings).toMatchObject({ enabled: false, nextReminderAt: null });
  });
});

describe("devices: the browsers' push services only", () => {
  it('refuses any other address as a device, or as one to remove, and stores nothing', async () => {
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'remind.hosts');
    const keys = deviceKeys();
    const standIn = new URL(stackInfo().urls.push);
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      `https://${standIn.hostname}:${Number(standIn.port) + 1}/push/probe`,
      'https://10.0.0.5:8443/push/probe',
      `https://user:pass@fcm.googleapis.com/fcm/send/probe`,
      'https://2130706433/push/probe',
      'https://push.example.com/probe',
    ]) {
      expect({ endpoint, ...(await refusal(gamer, SAVE_DEVICE, { input: { endpoint, ...keys } })) }).toEqual({
        endpoint,
        errorType: 'ValidationError',
        message: NOT_A_PUSH_SERVICE,
      });
      expect({ endpoint, ...(await refusal(gamer, REMOVE_DEVICE, { endpoint })) }).toEqual({
        endpoint,
        errorType: 'ValidationError',
        message: NOT_A_PUSH_SERVICE,
      });
    }
    expect(await dynamoReminderStore.pushSubscriptions(gamer.id)).toEqual([]);

    // A browser's push service and, in local mode, the push stand-in are devices.
    const fcm = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b';
    expect((await ok(gamer, SAVE_DEVICE, { input: { endpoint: fcm, ...keys } })).savePushSubscription.endpoint).toBe(fcm);
    const standInDevice = await device(gamer);
    expect((await dynamoReminderStore.pushSubscriptions(gamer.id)).map((saved) => saved.endpoint).sort()).toEqual(
      [fcm, `${standIn.origin}/push/${standInDevice}`].sort(),
    );
  });

  it('sends nothing to a device stored with an endpoint that is no push service, and forgets it', async () => {
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'remind.probe');
    const probe = await startConnectionCounter();
    try {
      await clearOfHourEdge();
      await ok(gamer, UPDATE, { input: { enabled: true, hour: new Date().getUTCHours(), channels: ['PUSH', 'EMAIL'] } });
      await storedDevice(gamer, `${probe.origin}/push/probe`);
      await runJobAt(new Date());
      // The queue's sender took the push: nothing went to the probe, and the device was forgotten.
      await mailQueueIdle();
      expect(probe.connections()).toBe(0);
      expect(await dynamoReminderStore.pushSubscriptions(gamer.id)).toEqual([]);
      // The reminder went out on his other channel.
      expect((await remindersTo([gamer], 'check-in')).map((mail) => mail.to)).toEqual([gamer.email]);
    } finally {
      await probe.close();
    }
  });
});

describe('push hosts that stall or flood', () => {
  let host: HostilePushHost;
  const before: { origin?: string; ca?: string } = {};
  const MB = 1024 * 1024;

  // This process's push (the queue sender's pushToDevices, called here) admits the test's host as the local push service
  // (the stack's own stays as it is).
  beforeAll(async () => {
    host = await startHostilePushHost();
    before.origin = process.env.LOCAL_PUSH_SERVICE_ORIGIN;
    before.ca = process.env.PUSH_SERVICE_CA;
    process.env.LOCAL_PUSH_SERVICE_ORIGIN = host.origin;
    process.env.PUSH_SERVICE_CA = host.certificate;
  });
  afterAll(async () => {
    Object.assign(process.env, { LOCAL_PUSH_SERVICE_ORIGIN: before.origin, PUSH_SERVICE_CA: before.ca });
    await host?.close();
  });

  /** A gamer with these devices of the test's host, pushed a reminder as the queue's sender pushes one. */
  async function pushWithDevices(kinds: readonly ('stall' | 'flood')[], label: string) {
    const { gamer } = await accounts({ gamer: 'GAMER' }, label);
    for (const kind of kinds) await storedDevice(gamer, host.endpoint(kind));
    const flooded = host.floodedBytes();
    const run = await withPeakMemory(() => pushToDevices(gamer.id, reminderMessage(), { devices: dynamoReminderStore, sendPush }));
    return { gamer, run, floodedMb: (host.floodedBytes() - flooded) / MB };
  }

  it("the sender is done with a gamer's stalling devices within one push deadline", async () => {
    const { gamer, run } = await pushWithDevices(['stall', 'stall', 'stall'], 'remind.stalling');
    // 201 from his devices (the stalling host answers before it stalls): sent, and his devices stay.
    expect(run.result).toBe('sent');
    expect(await dynamoReminderStore.pushSubscriptions(gamer.id)).toHaveLength(3);
    // His devices at once, each push cut at its 10 s deadline (one after another, they held the sender for minutes).
    expect(run.seconds).toBeLessThan(25);
  }, 60_000);

  it('the sender reads a few KB of a flooding answer, then drops the connection: memory bounded', async () => {
    const { gamer, run, floodedMb } = await pushWithDevices(['flood'], 'remind.flooding');
    expect(run.result).toBe('sent');
    expect(await dynamoReminderStore.pushSubscriptions(gamer.id)).toHaveLength(1);
    // Of the 400 MB answer, what the connection's buffers held when it was dropped.
    expect(floodedMb).toBeLessThan(32);
    expect(run.peakGrowthMb).toBeLessThan(100);
    expect(run.seconds).toBeLessThan(25);
  }, 60_000);

  it('a nudge to members with such devices answers at once: it only queues their pushes', async () => {
    const people = await accounts({ director: 'DIRECTOR', staller: 'GAMER', flooder: 'GAMER' }, 'nudge.hostile');
    const teamId = await teamOf(
      people.director,
      [
        [people.staller, 'GAMER'],
        [people.flooder, 'GAMER'],
      ],
      'Slow Hosts',
    );
    await clearOfScoreDayEdge();
    for (const gamer of [people.staller, people.flooder]) await ok(gamer, UPDATE, { input: { enabled: false, hour: 7, channels: ['PUSH'] } });
    for (const kind of ['stall', 'stall', 'stall'] as const) await storedDevice(people.staller, host.endpoint(kind));
    await storedDevice(people.flooder, host.endpoint('flood'));
    const flooded = host.floodedBytes();
    const team = (await dynamoTeamStore.get(teamId))!;

    const nudge = await withPeakMemory(() => nudgeTeam(team, productionDeps));

    // Both members have devices: their pushes are queued, and the call waited on none of the hosts.
    expect(nudge.result).toEqual({ nudged: 2, alreadyNudged: 0 });
    expect(nudge.seconds).toBeLessThan(5);
    expect(host.floodedBytes() - flooded).toBe(0);
  }, 60_000);
});

describe('nudgeTeam', () => {
  it('reminds each member who has not checked in once a day, whatever the number of parallel nudges and staff', async () => {
    const people = await accounts(
      { director: 'DIRECTOR', coach: 'COACH', mailonly: 'GAMER', pushonly: 'GAMER', done: 'GAMER', outsider: 'COACH' },
      'nudge',
    );
    const teamId = await teamOf(
      people.director,
      [
        [people.coach, 'COACH'],
        [people.mailonly, 'GAMER'],
        [people.pushonly, 'GAMER'],
        [people.done, 'GAMER'],
      ],
      'Night Owls',
    );
    await clearOfScoreDayEdge();
    await ok(people.pushonly, UPDATE, { input: { enabled: false, hour: 7, channels: ['PUSH'] } });
    const pushDevice = await device(people.pushonly);
    await ok(people.done, CHECK_IN, { answers: answersWith('best') });

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => ok(i % 2 ? people.coach : people.director, NUDGE, { teamId })));
    const totals = results.reduce(
      (sum, { nudgeTeam }) => ({ nudged: sum.nudged + nudgeTeam.nudged, alreadyNudged: sum.alreadyNudged + nudgeTeam.alreadyNudged }),
      { nudged: 0, alreadyNudged: 0 },
    );
    expect(totals).toEqual({ nudged: 2, alreadyNudged: 38 });

    const gamers = [people.mailonly, people.pushonly, people.done];
    expect((await remindersTo(gamers, 'Night Owls')).map((mail) => mail.to)).toEqual([people.mailonly.email]);
    expect((await pushesTo([pushDevice])).map((push) => push.title)).toEqual(['Night Owls is waiting for your check-in']);

    expect(await refusal(people.mailonly, NUDGE, { teamId })).toEqual({
      errorType: 'Unauthorized',
      message: "Only the team's director and its coaches can nudge its members.",
    });
    expect((await refusal(people.outsider, NUDGE, { teamId })).errorType).toBe('Unauthorized');
  });

  it('skips a gamer who turned nudges off on the page the nudge mail links to, and reaches him again once he turns them on', async () => {
    const people = await accounts({ director: 'DIRECTOR', quiet: 'GAMER', keen: 'GAMER' }, 'nudgeoff');
    const teamId = await teamOf(
      people.director,
      [
        [people.quiet, 'GAMER'],
        [people.keen, 'GAMER'],
      ],
      'Quiet Hours',
    );
    await clearOfScoreDayEdge();
    // On by default; the nudge mail's "Reminder settings" link opens the Notifications tab, whose switch sets this.
    expect((await ok(people.quiet, 'query { me { nudges } }')).me.nudges).toBeNull();
    expect((await ok(people.quiet, NUDGES, { readinessAlertEmails: true, nudges: false })).updateNotificationSettings).toEqual({ nudges: false });

    expect((await ok(people.director, NUDGE, { teamId })).nudgeTeam).toEqual({ nudged: 1, alreadyNudged: 0 });
    expect(await remindersTo([people.quiet], 'Quiet Hours')).toEqual([]);
    const [keenMail] = await remindersTo([people.keen], 'Quiet Hours');
    expect(keenMail!.text).toMatch(/Reminder settings: \S+\/home\/account\/notifications/);

    // Turning them on again (readinessAlertEmails alone keeps the choice): the next nudge of the day reaches him.
    expect((await ok(people.quiet, NUDGES, { readinessAlertEmails: false })).updateNotificationSettings).toEqual({ nudges: false });
    expect((await ok(people.quiet, NUDGES, { readinessAlertEmails: true, nudges: true })).updateNotificationSettings).toEqual({ nudges: true });
    expect((await ok(people.director, NUDGE, { teamId })).nudgeTeam).toEqual({ nudged: 1, alreadyNudged: 1 });
    expect((await remindersTo([people.quiet], 'Quiet Hours')).map((mail) => mail.to)).toEqual([people.quiet.email]);
  });
});
