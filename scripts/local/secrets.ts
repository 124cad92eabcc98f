import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Secrets a local stack keeps per data folder, so no value in the repository can sign for it. */
export interface LocalSecrets {
  /** What the Stripe stand-in signs webhooks with and the webhook function checks (STRIPE_WEBHOOK_SECRET). */
  stripeWebhookSecret: string;
}

const FILE_NAME = 'secrets.json';

const generate = (): LocalSecrets => ({ stripeWebhookSecret: `whsec_${randomBytes(24).toString('base64url')}` });

/**
 * The data folder's secrets, generated on first start and kept in `<dir>/secrets.json` (mode 0600): a restart from
 * the same folder reads the same values; another folder (each test stack's temporary one) gets its own.
 */
export async function localSecrets(dir: string): Promise<LocalSecrets> {
  const file = join(dir, FILE_NAME);
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<LocalSecrets>;
    if (typeof stored.stripeWebhookSecret === 'string' && stored.stripeWebhookSecret.startsWith('whsec_')) {
      return { stripeWebhookSecret: stored.stripeWebhookSecret };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets = generate();
  await mkdir(dir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return secrets;
}
