/**
 * Secrets are cached for SECRET_TTL_MS, not for a container's life: a value rotated in SSM is read once the cached one
 * is that old, and a Stripe webhook signed with a rotated signing secret then verifies.
 */
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { secret, SECRET_TTL_MS } from './secrets';
import { stripeWebhookSecret } from './stripe';

const ssm = mockClient(SSMClient);
const stored: Record<string, string> = {};

beforeAll(() => {
  process.env.STRIPE_WEBHOOK_SECRET_PARAM = '/fitgauge/stripe/webhook-secret';
  process.env.DISCORD_CLIENT_SECRET_PARAM = '/fitgauge/discord/client-secret';
  ssm.on(GetParameterCommand).callsFake(({ Name }: { Name: string }) => ({ Parameter: { Name, Value: stored[Name] } }));
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());
afterAll(() => ssm.restore());

it('reads a rotated secret once the cached value is SECRET_TTL_MS old, and SSM only once before', async () => {
  stored['/fitgauge/discord/client-secret'] = 'first';
  expect(await secret('DISCORD_CLIENT_SECRET')).toBe('first');
  stored['/fitgauge/discord/client-secret'] = 'rotated';
  jest.advanceTimersByTime(SECRET_TTL_MS - 1);
  expect(await secret('DISCORD_CLIENT_SECRET')).toBe('first');
  const reads = ssm.commandCalls(GetParameterCommand, { Name: '/fitgauge/discord/client-secret' }).length;
  expect(reads).toBe(1);
  jest.advanceTimersByTime(1);
  expect(await secret('DISCORD_CLIENT_SECRET')).toBe('rotated');
});

it('verifies a Stripe webhook signed with a rotated signing secret after the TTL', async () => {
  const verifier = new Stripe('sk_signature_check_only');
  stored['/fitgauge/stripe/webhook-secret'] = 'whsec_old';
  expect(await stripeWebhookSecret()).toBe('whsec_old');
  stored['/fitgauge/stripe/webhook-secret'] = 'whsec_rotated';
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid' });
  const header = verifier.webhooks.generateTestHeaderString({ payload, secret: 'whsec_rotated', timestamp: Math.floor(Date.now() / 1000) });
  const verify = async () => verifier.webhooks.constructEvent(payload, header, await stripeWebhookSecret());
  await expect(verify()).rejects.toThrow(/signature/i);
  jest.advanceTimersByTime(SECRET_TTL_MS);
  await expect(verify()).resolves.toMatchObject({ id: 'evt_1' });
});
