import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateVAPIDKeys } from 'web-push';

/** Secrets a local stack keeps per data folder, so no value in the repository can sign for it. */
interface LocalSecrets {
  /** What the Stripe stand-in signs webhooks with and the webhook function checks (STRIPE_WEBHOOK_SECRET). */
  stripeWebhookSecret: string;
  /** Web Push's VAPID private key (base64url P-256; VAPID_PRIVATE_KEY): reminders are signed with it (docs/reminders.md). */
  vapidPrivateKey: string;
}

const FILE_NAME = 'secrets.json';

const generators: { [K in keyof LocalSecrets]: { make: () => string; valid: (value: unknown) => boolean } } = {
  stripeWebhookSecret: {
    make: () => `whsec_${randomBytes(24).toString('base64url')}`,
    valid: (value) => typeof value === 'string' && value.startsWith('whsec_'),
  },
  vapidPrivateKey: {
    // web-push pads the key to 32 bytes: one key in 256 has a leading zero byte, which Node's ECDH leaves out.
    make: () => generateVAPIDKeys().privateKey,
    valid: (value) => typeof value === 'string' && Buffer.from(value, 'base64url').length === 32,
  },
};

/**
 * The data folder's secrets, generated on first start and kept in `<dir>/secrets.json` (mode 0600): a restart from
 * the same folder reads the same values; another folder (each test stack's temporary one) gets its own. A folder from
 * before a secret existed keeps the ones it has and gets the new one.
 */
export async function localSecrets(dir: string): Promise<LocalSecrets> {
  const file = join(dir, FILE_NAME);
  let stored: Partial<Record<keyof LocalSecrets, unknown>> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as typeof stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const names = Object.keys(generators) as (keyof LocalSecrets)[];
  const secrets = Object.fromEntries(
    names.map((name) => [name, generators[name].valid(stored[name]) ? stored[name] : generators[name].make()]),
  ) as unknown as LocalSecrets;
  if (names.every((name) => secrets[name] === stored[name])) return secrets;
  await mkdir(dir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return secrets;
}
