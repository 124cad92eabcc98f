import type { PushSubscriptionInput } from '@core/reminders';
import { runtimeConfig } from '@/config/runtime-config';

const PUSH_BLOCKED = 'Notifications are blocked for FitGauge in this browser. Allow them in the site settings, or choose e-mail.';
const PUSH_NOT_READY = 'The app is not ready for notifications yet. Reload the page and try again.';

/** Locally the push stand-in plays the browser's push service (docs/local-mode.md, "Web Push"). */
const LOCAL_SUBSCRIPTIONS_PATH = '/local/push/subscriptions';
/** The stand-in subscription this browser holds, so saving again does not make another device. */
const LOCAL_SUBSCRIPTION_KEY = 'fg-local-push-subscription';
const SERVICE_WORKER_WAIT_MS = 10_000;

const isLocal = () => runtimeConfig().mode === 'local';

/** Whether this browser can receive Web Push at all (Safari on iOS only once the app is installed). */
export const canReceivePush = () =>
  isLocal() || (typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window);

/**
 * Subscribes this device with the server's VAPID public key and answers the subscription the server stores. Asks the
 * notification permission first; refused, it throws PUSH_BLOCKED.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  if (isLocal()) return localSubscription(publicKey);
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(PUSH_BLOCKED);
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(PUSH_NOT_READY)), SERVICE_WORKER_WAIT_MS)),
  ]);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error(PUSH_NOT_READY);
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
}

async function localSubscription(publicKey: string): Promise<PushSubscriptionInput> {
  const kept = localStorage.getItem(LOCAL_SUBSCRIPTION_KEY);
  if (kept) {
    const subscription = JSON.parse(kept) as PushSubscriptionInput;
    // The stand-in forgets its devices with `npm run reset`; the browser does not.
    const known = await fetch(`${LOCAL_SUBSCRIPTIONS_PATH}/${subscription.endpoint.split('/').at(-1)}`);
    if (known.ok) return subscription;
  }
  const response = await fetch(LOCAL_SUBSCRIPTIONS_PATH, { method: 'POST', body: JSON.stringify({ applicationServerKey: publicKey }) });
  if (!response.ok) throw new Error(PUSH_NOT_READY);
  const { endpoint, keys } = (await response.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
  const subscription = { endpoint, p256dh: keys.p256dh, auth: keys.auth };
  localStorage.setItem(LOCAL_SUBSCRIPTION_KEY, JSON.stringify(subscription));
  return subscription;
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    value
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(value.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
