/**
 * A dependency that stops answering (docs/architecture.md, "When a dependency stops answering"): on a stack of its own,
 * each stand-in goes away during normal use. The caller gets the product's worded error (never the dependency's own
 * error or an internal address), nothing is half written, and the same action works again once the dependency is back;
 * Stripe's webhooks, the transcoder and the mail queue (mail and Web Push) resume by themselves. A bounce from SES's mailbox simulator
 * suppresses its address for every later mail.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { answersWith } from '@core/test-support/answers';
import { videoUploadKey } from '@core/video-files';
import { dynamoBillingStore } from '../../../lambdas/lib/stores/billing-store';
import { queuePush } from '../../../lambdas/lib/mail';
import { dynamoPushDeviceStore } from '../../../lambdas/lib/stores/push-device-store';
import { dynamoMailStore } from '../../../lambdas/mail/store';
import { newVideoRecord } from '../../../lambdas/lib/stores/new-video';
import { dynamoVideoStore } from '../../../lambdas/lib/stores/video-store';
import { generateClip } from '../../../scripts/local/mediaconvert/clip';
import { PUSH_CONTROL_PATH } from '../../../scripts/local/push/server';
import { RETRY_DELAYS_S } from '../../../scripts/local/stripe/webhooks';
import { untilTranscoded } from '../../../scripts/seed/videos';
import type { TestStackInfo } from '../../../scripts/local/test-stack-info';
import { accountWithRole, emailProofCodeFor, freshEmail, proveMailbox, signUpAccount, type RoleAccount } from '../../support/accounts';
import { deliveredByRetries, eventually, standInStripe } from '../../support/billing';
import { duringOutage, startOutageStack, stopOutageStack, whileDynamoDbFrozen, whileOutboxUnwritable } from '../../support/faults';
import { graphql, readOutbox, type GraphQLResponse } from '../../support/stack';
import { putAvatarObject } from '../../support/uploads';
import type { RunningTestStack } from '../../support/test-stack-process';

jest.setTimeout(120_000);

/** What the product answers for a failure that is not the caller's (lambdas/lib/appsync.ts). */
const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again later.';

const SUBMIT = `mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { checkedIn answers { questionSlug } } }`;
const CHECK_IN = 'query { myCheckIn { checkedIn answers { questionSlug } } }';
const ME = 'query { me { id email avatar appSubscriptionReason } }';
const LOGIN = 'mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user { email } } }';
const SIGN_UP = `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!) {
  signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword) { user { id email } } }`;
const CONFIRM_AVATAR = `mutation($key: String!, $fileUrl: String!) { confirmAvatarUpload(key: $key, fileUrl: $fileUrl) { success fileUrl } }`;
const UPGRADE = `mutation($where: SubscriptionWhere!, $couponId: String) { upgradeSubscription(where: $where, couponId: $couponId) { subscriptionId status } }`;
const VIDEO = 'query($where: VideoWhereUniqueInput!) { video(where: $where) { workflowStatus workflowError } }';
const PASSWORD = 'Passw0rd!';

let running: RunningTestStack | undefined;
let info: TestStackInfo;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'fitgauge-outages-'));
  running = await startOutageStack(join(work, 'stack.log'));
  info = running.info;
});

afterAll(async () => {
  await stopOutageStack(running);
  if (work) await rm(work, { recursive: true, force: true });
});

const as = (who: RoleAccount, query: string, variables: Record<string, unknown> = {}) => graphql(query, variables, { token: who.token });
const publicCall = (query: string, variables: Record<string, unknown> = {}) => graphql(query, variables, { publicToken: true });

/** The one error the caller sees: the product's words with an errorType, nothing of the dependency's own. */
function expectWordedFailure(response: GraphQLResponse<unknown>, message = SOMETHING_WENT_WRONG) {
  expect(response.errors).toEqual([expect.objectContaining({ message, errorType: expect.any(String) })]);
  expect(JSON.stringify(response.errors)).not.toMatch(/127\.0\.0\.1|localhost|ECONNREFUSED|ETIMEDOUT|ENOENT|ENOTDIR|EEXIST|\.ts:\d+|Timeout/i);
}

describe('DynamoDB Local frozen (SIGSTOP)', () => {
  it('fails a check-in within seconds with the worded error, stores all of it or none, and takes it once DynamoDB is back', async () => {
    const gamer = await accountWithRole('GAMER', 'outage-dynamodb');
    const answers = answersWith('best');
    const started = Date.now();
    const failed = await whileDynamoDbFrozen(info, () => as(gamer, SUBMIT, { answers }));
    // The client's timeouts (lambdas/lib/db/client.ts) end the wait within AppSync's 30 s, not the caller's patience.
    expect(Date.now() - started).toBeLessThan(30_000);
    expectWordedFailure(failed);

    // One transaction: after the JVM resumes the day holds the whole check-in (a try that landed late) or nothing.
    const after = (await as(gamer, CHECK_IN)).data!.myCheckIn as { answers: unknown[] };
    expect([0, answers.length]).toContain(after.answers.length);

    const again = await as(gamer, SUBMIT, { answers });
    expect(again.errors).toBeUndefined();
    expect((await as(gamer, CHECK_IN)).data!.myCheckIn).toMatchObject({ checkedIn: true, answers: expect.arrayContaining([expect.anything()]) });
    expect(((await as(gamer, CHECK_IN)).data!.myCheckIn as { answers: unknown[] }).answers).toHaveLength(answers.length);
  });
});

describe('cognito-local off the air', () => {
  it('refuses sign-in and sign-up with the worded error, leaves no half account, and both work once it is back', async () => {
    const existing = await accountWithRole('GAMER', 'outage-cognito');
    const newcomer = freshEmail('outage-newcomer');
    const [login, signUp] = await duringOutage(info, 'cognito', async () => [
      await publicCall(LOGIN, { email: existing.email, password: PASSWORD }),
      await publicCall(SIGN_UP, { data: { fullName: 'New Comer', email: newcomer }, password: PASSWORD, confirmPassword: PASSWORD }),
    ]);
    expectWordedFailure(login);
    expectWordedFailure(signUp);

    expect((await publicCall(LOGIN, { email: existing.email, password: PASSWORD })).data?.loginUser).toEqual({ user: { email: existing.email } });
    // The same address signs up: the failed try left neither a Cognito user nor a profile behind.
    const signedUp = await publicCall(SIGN_UP, { data: { fullName: 'New Comer', email: newcomer }, password: PASSWORD, confirmPassword: PASSWORD });
    expect(signedUp.errors).toBeUndefined();
    expect(signedUp.data?.signUpUser).toMatchObject({ user: { email: newcomer } });
  });
});

describe('s3rver off the air', () => {
  it('refuses an avatar confirmation with the worded error, keeps the old avatar, and confirms it once S3 is back', async () => {
    const gamer = await accountWithRole('GAMER', 'outage-s3');
    const { key, fileUrl } = await putAvatarObject(
      gamer.id,
      undefined,
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP438DwHwAGgAJ/EEwb4QAAAABJRU5ErkJggg==', 'base64'),
    );
    const failed = await duringOutage(info, 's3', () => as(gamer, CONFIRM_AVATAR, { key, fileUrl }));
    expectWordedFailure(failed);
    expect((await as(gamer, ME)).data!.me).toMatchObject({ avatar: null });

    expect((await as(gamer, CONFIRM_AVATAR, { key, fileUrl })).data?.confirmAvatarUpload).toEqual({ success: true, fileUrl });
    expect((await as(gamer, ME)).data!.me).toMatchObject({ avatar: fileUrl });
  });
});

describe('the push service down', () => {
  it('takes a push queued while it is down and delivers it once when it is back (docs/architecture.md, "Mail and push")', async () => {
    const gamer = await accountWithRole('GAMER', 'outage-push');
    const { reminderSettings } = (await as(gamer, 'query { reminderSettings { pushPublicKey } }')).data as {
      reminderSettings: { pushPublicKey: string };
    };
    const subscription = (await (
      await fetch(`${info.urls.app}${PUSH_CONTROL_PATH}`, {
        method: 'POST',
        body: JSON.stringify({ applicationServerKey: reminderSettings.pushPublicKey }),
      })
    ).json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
    const saved = await as(gamer, 'mutation($input: PushSubscriptionInput!) { savePushSubscription(input: $input) { id } }', {
      input: { endpoint: subscription.endpoint, ...subscription.keys },
    });
    expect(saved.errors).toBeUndefined();
    const deviceId = subscription.endpoint.split('/').at(-1)!;
    const pushes = async () => {
      const files = (await readdir(info.pushDir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
      const records = await Promise.all(files.map(async (file) => JSON.parse(await readFile(join(info.pushDir, file), 'utf8')) as { to: string }));
      return records.filter((record) => record.to === deviceId);
    };
    const message = { title: 'Outage Owls is waiting for your check-in', body: 'Now', url: '/home/check-in' };

    await duringOutage(info, 'push', async () => {
      // As the reminder job and a nudge queue it (this process has the stack's environment).
      await queuePush(gamer.id, message);
      // The sender's first tries find no push service (the queue hands the push out again after 1 s, then 2 s).
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await pushes()).toEqual([]);
    });
    // Back: delivered by a later try, once, and the device kept (a push service down is no gone device).
    expect(await eventually(pushes, (found) => found.length > 0, 20_000)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await pushes()).toHaveLength(1);
    expect((await dynamoPushDeviceStore.pushSubscriptions(gamer.id)).map((device) => device.endpoint)).toEqual([subscription.endpoint]);
  });
});

describe('the mail outbox unwritable (SES down)', () => {
  it('takes every mail while it is down, then sends each exactly once when it is back (docs/architecture.md, "Mail and push")', async () => {
    const gamers = await Promise.all([1, 2, 3].map((n) => accountWithRole('GAMER', `outage-mail-${n}`)));
    const since = new Date();
    await whileOutboxUnwritable(info, async () => {
      // The call only puts the mail on the queue: it succeeds whatever SES does.
      for (const gamer of gamers) expect((await as(gamer, 'mutation { sendEmailProof }')).data).toEqual({ sendEmailProof: true });
      // The sender's first tries fail (the queue hands each message out again a second later).
      await new Promise((resolve) => setTimeout(resolve, 2500));
    });
    for (const gamer of gamers) {
      const code = await emailProofCodeFor(gamer.email, since);
      expect((await as(gamer, 'mutation($code: String!) { proveEmail(code: $code) }', { code })).data).toEqual({ proveEmail: true });
    }
    // Past another retry: none was sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const gamer of gamers) expect(await readOutbox(gamer.email)).toHaveLength(1);
  });
});

describe('a bounce', () => {
  const FORGOT = 'mutation($email: String!) { forgotPassword(email: $email) }';

  it('suppresses the address for every sender: later mail to it is recorded as suppressed, never sent', async () => {
    // SES's mailbox simulator address: the local SES stand-in answers a mail to it with a permanent bounce.
    const email = 'bounce@simulator.amazonses.com';
    const grant = await signUpAccount(email);
    const bouncer: RoleAccount = { id: grant.user.id, email, token: grant.accessToken };
    expect((await as(bouncer, 'mutation { sendEmailProof }')).data).toEqual({ sendEmailProof: true });
    expect(await readOutbox(email)).toHaveLength(1);
    expect(await eventually(() => dynamoMailStore.suppressionOf(email), Boolean)).toMatchObject({ reason: 'BOUNCE' });

    // The account's own mail, and a password reset (another Lambda): put on the queue, not sent.
    expect((await as(bouncer, 'mutation { sendEmailProof }')).data).toEqual({ sendEmailProof: true });
    expect((await publicCall(FORGOT, { email: email.toUpperCase() })).data).toEqual({ forgotPassword: true });
    const suppression = await eventually(
      () => dynamoMailStore.suppressionOf(email),
      (found) => found?.suppressedSends === 2,
    );
    expect(suppression).toMatchObject({ reason: 'BOUNCE', suppressedSends: 2 });
    expect(await readOutbox(email)).toHaveLength(1);
  });
});

describe('the Stripe stand-in', () => {
  it('off the air: a purchase fails with the worded error and changes nothing; it goes through once Stripe is back', async () => {
    const buyer = await accountWithRole('GAMER', 'outage-stripe');
    await proveMailbox(buyer);
    const failed = await duringOutage(info, 'stripe', () => as(buyer, UPGRADE, { where: { id: 'coach-performance-monthly' }, couponId: 'FULLPASS' }));
    expectWordedFailure(failed);
    expect((await as(buyer, ME)).data!.me).toMatchObject({ appSubscriptionReason: 'FGFREE' });
    expect(
      await standInStripe()
        .customers.search({ query: `email:'${buyer.email}'` })
        .then((found) => found.data.flatMap((customer) => customer.subscriptions?.data ?? [])),
    ).toEqual([]);

    const bought = await as(buyer, UPGRADE, { where: { id: 'coach-performance-monthly' }, couponId: 'FULLPASS' });
    expect(bought.errors).toBeUndefined();
    const { subscriptionId } = bought.data!.upgradeSubscription as { subscriptionId: string };
    expect(
      await eventually(
        () => dynamoBillingStore.payment(buyer.id, subscriptionId),
        (payment) => payment !== null,
      ),
    ).toMatchObject({ status: 'active' });
  });

  it("keeps a webhook the app could not take (DynamoDB frozen) and delivers it again by Stripe's backoff once DynamoDB is back", async () => {
    const stripe = standInStripe();
    const buyer = await accountWithRole('GAMER', 'outage-webhook');
    await proveMailbox(buyer);
    const bought = await as(buyer, UPGRADE, { where: { id: 'coach-performance-monthly' }, couponId: 'FULLPASS' });
    expect(bought.errors).toBeUndefined();
    const { subscriptionId } = bought.data!.upgradeSubscription as { subscriptionId: string };
    // Every event of the purchase taken by the app first (Stripe counts an event's undelivered webhooks).
    await eventually(
      () => stripe.events.list({ limit: 20 }),
      (events) => events.data.every((event) => event.pending_webhooks === 0),
      30_000,
    );
    expect(await dynamoBillingStore.payment(buyer.id, subscriptionId)).toMatchObject({ status: 'active' });

    const cancellation = () => stripe.events.list({ type: 'customer.subscription.deleted', limit: 1 }).then((events) => events.data[0]);
    const failure = await whileDynamoDbFrozen(info, async () => {
      // Canceled in the customer portal, as it were: Stripe sends customer.subscription.deleted to the app, which fails.
      await stripe.subscriptions.cancel(subscriptionId);
      return eventually(failedDeliveries, (lines) => lines.some((line) => line.includes('customer.subscription.deleted')), 30_000);
    });
    // The app answers 500 once its DynamoDB calls give up (about 10 s); on a busy machine that can pass the attempt's own
    // 10 s limit first, which Stripe counts as a failure just the same.
    expect(failure.find((line) => line.includes('customer.subscription.deleted'))).toMatch(
      /failed \((HTTP 500|The operation was aborted due to timeout)\); retry 1 in 60 s$/,
    );
    // Nothing applied, by halves or whole, and the event is still pending at Stripe.
    expect(await dynamoBillingStore.payment(buyer.id, subscriptionId)).toMatchObject({ status: 'active' });
    expect(await cancellation()).toMatchObject({ data: { object: { id: subscriptionId } }, pending_webhooks: 1 });

    await deliveredByRetries(async () => (await cancellation()).pending_webhooks === 0, RETRY_DELAYS_S);
    expect(await cancellation()).toMatchObject({ pending_webhooks: 0 });
    expect(await dynamoBillingStore.payment(buyer.id, subscriptionId)).toMatchObject({ status: 'canceled' });
  });
});

/** The stand-in's log lines of failed webhook deliveries. */
const failedDeliveries = async () =>
  (await readFile(join(work, 'stack.log'), 'utf8')).split('\n').filter((line) => /Stripe stand-in: webhook .* failed/.test(line));

describe("the MediaConvert stand-in's ffmpeg missing", () => {
  it('ends the video in ERROR with a reason its admin reads, and a new upload transcodes once ffmpeg is back', async () => {
    const admin = await accountWithRole('ADMIN', 'outage-ffmpeg');
    const clipFile = join(work, 'clip.mp4');
    await generateClip(clipFile, { seconds: 1, width: 320, height: 180 });
    const clip = await readFile(clipFile);
    const id = randomUUID();
    const video = newVideoRecord(
      { id, title: `Outage ${id.slice(0, 8)}`, category: 'workouts', pillarCategory: 'physical' },
      new Date().toISOString(),
    );
    await dynamoVideoStore.create(video, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'createVideo',
      targetType: 'Video',
      targetId: id,
      targetLabel: video.title,
      before: null,
      after: null,
    });
    const s3 = new S3Client({});
    const upload = (key: string) =>
      s3.send(new PutObjectCommand({ Bucket: process.env.VIDEOS_BUCKET, Key: key, Body: clip, ContentType: 'video/mp4' }));
    try {
      await duringOutage(info, 'ffmpeg', async () => {
        await upload(videoUploadKey(id, randomUUID(), 'mp4'));
        await untilTranscoded(id, 60_000);
      });
      const failed = (await as(admin, VIDEO, { where: { id } })).data!.video as { workflowStatus: string; workflowError: string };
      expect(failed.workflowStatus).toBe('ERROR');
      expect(failed.workflowError).toMatch(
        /^Failed to transcode the input s3:\/\/\S+: ffmpeg is not installed or not found \(MediaConvert error \d+\)$/,
      );

      await upload(videoUploadKey(id, randomUUID(), 'mp4'));
      await eventually(
        () => dynamoVideoStore.get(id),
        (record) => record?.workflowStatus === 'COMPLETE',
        60_000,
      );
      expect((await as(admin, VIDEO, { where: { id } })).data!.video).toEqual({ workflowStatus: 'COMPLETE', workflowError: null });
    } finally {
      s3.destroy();
    }
  });
});
