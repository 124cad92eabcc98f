import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localSecrets } from './secrets';

describe('per data folder secrets', () => {
  const dirs: string[] = [];
  const newDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fitgauge-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('generates a webhook secret once per folder, readable only by its owner, and reads the same one again', async () => {
    const dir = await newDir();
    const first = await localSecrets(dir);
    expect(first.stripeWebhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect((await stat(join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect(await localSecrets(dir)).toEqual(first);
  });

  it('gives another folder another secret, and never the constant the repository once held', async () => {
    const [a, b] = await Promise.all([newDir(), newDir()]);
    const [secretA, secretB] = await Promise.all([localSecrets(a), localSecrets(b)]);
    expect(secretA.stripeWebhookSecret).not.toBe(secretB.stripeWebhookSecret);
    expect(secretA.stripeWebhookSecret).not.toBe('whsec_fitgaugeLocalStandIn0000000000000000');
    expect(secretA.vapidPrivateKey).not.toBe(secretB.vapidPrivateKey);
  });

  it('adds a VAPID key to a folder made before it, keeping the webhook secret', async () => {
    const dir = await newDir();
    await writeFile(join(dir, 'secrets.json'), JSON.stringify({ stripeWebhookSecret: 'whsec_kept' }));
    const secrets = await localSecrets(dir);
    expect(secrets.stripeWebhookSecret).toBe('whsec_kept');
    expect(Buffer.from(secrets.vapidPrivateKey, 'base64url')).toHaveLength(32);
    expect(await localSecrets(dir)).toEqual(secrets);
  });
});
