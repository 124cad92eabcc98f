import { createECDH } from 'node:crypto';
import { Agent } from 'node:https';
import { sendNotification, WebPushError } from 'web-push';
import { SUPPORT_EMAIL } from '@core/report-sharing';
import type { ReminderMessage } from '@core/reminders';
import { secret } from '../lib/secrets';
import type { PushSubscriptionRecord } from './store';

/** A reminder is worth nothing the next day: the push service may drop it after 12 hours. */
const PUSH_TTL_SECONDS = 12 * 3600;

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

let agent: Agent | undefined;
/** Locally the push stand-in's certificate is its own (PUSH_SERVICE_CA, docs/local-mode.md); on AWS the system's CAs. */
function pushAgent(): Agent | undefined {
  const ca = process.env.PUSH_SERVICE_CA;
  if (!ca) return undefined;
  agent ??= new Agent({ ca, keepAlive: true });
  return agent;
}

type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends one notification to one device with web-push (payload encrypted for the device, VAPID-signed). 'gone' when
 * the push service says the subscription no longer exists (404, 410): the caller removes it.
 */
export async function sendPush(subscription: PushSubscriptionRecord, message: ReminderMessage): Promise<PushOutcome> {
  const { publicKey, privateKey } = await vapidKeys();
  try {
    await sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      { vapidDetails: { subject: `mailto:${SUPPORT_EMAIL}`, publicKey, privateKey }, TTL: PUSH_TTL_SECONDS, agent: pushAgent(), timeout: 10_000 },
    );
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
    return 'failed';
  }
}
