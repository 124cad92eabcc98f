import { createECDH } from 'node:crypto';
import { Agent, request } from 'node:https';
import { generateRequestDetails, type RequestDetails } from 'web-push';
import { SUPPORT_EMAIL } from '@core/report-sharing';
import { isPushServiceEndpoint, type ReminderMessage } from '@core/reminders';
import { logger } from './observability';
import { config } from './config';
import { secret } from './secrets';
import type { PushDeviceStore, PushSubscriptionRecord } from './stores/push-device-store';

/** A reminder is worth nothing the next day: the push service may drop it after 12 hours. */
const PUSH_TTL_SECONDS = 12 * 3600;

/**
 * A push service answers 201 with an empty body; at most this much of an answer is read, then the connection is
 * dropped (a host that answers with hundreds of MB must not fill the memory of the job or of the local stack).
 */
const MAX_PUSH_ANSWER_BYTES = 4 * 1024;

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair: the private key is the secret (SSM on AWS, the data folder's locally); its public key follows from it. */
export async function vapidKeys(): Promise<VapidKeys> {
  const privateKey = await secret('VAPID_PRIVATE_KEY');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey };
}

const agents = new Map<string, Agent>();
/** Locally the push stand-in's certificate is its own (PUSH_SERVICE_CA, docs/local-mode.md); on AWS the system's CAs. */
function pushAgent(): Agent | undefined {
  const ca = process.env.PUSH_SERVICE_CA;
  if (!ca) return undefined;
  let agent = agents.get(ca);
  if (!agent) agents.set(ca, (agent = new Agent({ ca, keepAlive: true })));
  return agent;
}

/** 'gone': the push service no longer knows the device; 'refused': its endpoint is no push service. The caller removes both. */
type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed';

/**
 * Sends one notification to one device (payload encrypted for the device and VAPID-signed by web-push's
 * generateRequestDetails), only to a browser's push service (core/reminders.ts, checked again here: the device may
 * have been stored under other rules). The request is destroyed when `deadline` aborts, whatever stage it is at, and
 * the answer is read up to MAX_PUSH_ANSWER_BYTES. The outcome is the answer's status, even when its body was cut.
 */
export async function sendPush(subscription: PushSubscriptionRecord, message: ReminderMessage, deadline: AbortSignal): Promise<PushOutcome> {
  if (!isPushServiceEndpoint(subscription.endpoint, config.localPushServiceOrigin)) return 'refused';
  const { publicKey, privateKey } = await vapidKeys();
  let details: RequestDetails;
  try {
    details = generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      { vapidDetails: { subject: `mailto:${SUPPORT_EMAIL}`, publicKey, privateKey }, TTL: PUSH_TTL_SECONDS },
    );
  } catch {
    return 'failed'; // keys of the right length that are no P-256 key: nothing can be encrypted for this device
  }
  const status = await post(details, deadline);
  if (status === 404 || status === 410) return 'gone';
  return status !== null && status >= 200 && status < 300 ? 'sent' : 'failed';
}

/**
 * POSTs the request and resolves with the answer's status once the answer has ended, was cut past MAX_PUSH_ANSWER_BYTES,
 * or `deadline` came after its status arrived; null when no status came (refused, unreachable, past the deadline).
 */
function post({ endpoint, headers, body }: RequestDetails, deadline: AbortSignal): Promise<number | null> {
  return new Promise((resolve) => {
    let status: number | null = null;
    const outgoing = request(endpoint, { method: 'POST', headers, agent: pushAgent(), signal: deadline }, (answer) => {
      status = answer.statusCode ?? null;
      let read = 0;
      answer.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_PUSH_ANSWER_BYTES) outgoing.destroy();
      });
      answer.on('end', () => resolve(status));
      answer.on('error', () => resolve(status));
    });
    // Destroyed (deadline, answer too long) or failed: the status, if it came, is the outcome.
    outgoing.on('close', () => resolve(status));
    outgoing.on('error', () => resolve(status));
    outgoing.end(body ?? undefined);
  });
}

/**
 * Each push ends within this, its request destroyed if it has not (a slow push host holds nothing longer). A user's
 * devices are sent together under one such deadline: his budget for Web Push, whatever his number of devices.
 */
const PUSH_DEADLINE_MS = 10_000;

/** What pushing one notification to a user's devices came to (the queue's sender retries 'failed'). */
export type PushResult = 'sent' | 'failed' | 'none';

/** What pushing reaches: the user's devices, and the one-device send (sendPush above). */
interface PushDeps {
  devices: Pick<PushDeviceStore, 'pushSubscriptions' | 'removePushSubscription'>;
  sendPush: typeof sendPush;
}

/**
 * Pushes the notification to all the user's devices at once, under one deadline; a device the push service no longer
 * knows, or whose endpoint is no push service, is removed. 'sent' when at least one device took it; 'failed' when none
 * did and at least one may later (its push service down, slow or refusing now); 'none' when no device is left to try.
 * The mail queue's sender calls it for each queued push (lambdas/mail/sender.ts).
 */
export async function pushToDevices(userId: string, message: ReminderMessage, deps: PushDeps, deadlineMs = PUSH_DEADLINE_MS): Promise<PushResult> {
  const subscriptions = await deps.devices.pushSubscriptions(userId);
  const deadline = AbortSignal.timeout(deadlineMs);
  let sent = false;
  let failed = false;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const outcome = await deps.sendPush(subscription, message, deadline);
      if (outcome === 'sent') sent = true;
      else if (outcome === 'failed') {
        failed = true;
        logger.warn('Push not delivered', { userId, subscriptionId: subscription.id });
      } else {
        if (outcome === 'refused') logger.warn('Push device removed: its endpoint is no push service', { userId, subscriptionId: subscription.id });
        await deps.devices.removePushSubscription(userId, subscription.id);
      }
    }),
  );
  return sent ? 'sent' : failed ? 'failed' : 'none';
}
