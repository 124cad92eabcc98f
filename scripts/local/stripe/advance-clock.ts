/**
 * `npm run stripe:advance-clock -- 32d`: runs the running `npm start` stack's Stripe stand-in ahead by a duration
 * (`90s`, `12h`, `32d`, `13w`; a bare number is days), so periods end, renewals are charged or fail, cancellations at
 * period end happen and their webhooks reach the app, without waiting a month or a year.
 */
import { resolve } from 'node:path';
import { runningStack } from '../lock';
import { localDataDir } from '../paths';
import { derivedServicePorts, LOCAL_HOST } from '../ports';
import { CLOCK_ADVANCE_PATH, LOCAL_STRIPE_SECRET_KEY } from './server';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 7 * 86_400 };

/** Seconds in `32d`, `12h`, …; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,6})([smhdw]?)$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] || 'd'];
  return seconds > 0 ? seconds : null;
}

async function main() {
  const seconds = parseDuration(process.argv[2] ?? '');
  if (seconds === null) {
    console.error('Usage: npm run stripe:advance-clock -- <duration>   e.g. 32d, 12h, 13w (a bare number is days)');
    process.exit(2);
  }
  const dataDir = resolve(localDataDir());
  if (!runningStack(dataDir)) {
    console.error('FitGauge is not running from this checkout; start it with npm start first.');
    process.exit(1);
  }
  const { stripe: port } = derivedServicePorts(dataDir);
  const response = await fetch(`http://${LOCAL_HOST}:${port}${CLOCK_ADVANCE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ seconds: String(seconds) }),
  });
  const answer = (await response.json()) as { now?: number; error?: { message: string } };
  if (!response.ok || answer.now === undefined) {
    console.error(`The Stripe stand-in refused: ${answer.error?.message ?? response.status}`);
    process.exit(1);
  }
  console.log(`The Stripe stand-in's clock now reads ${new Date(answer.now * 1000).toISOString()}.`);
}

if (require.main === module) void main();
