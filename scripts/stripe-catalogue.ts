/**
 * `npm run stripe:catalogue [-- --verify] [-c region=… -c secretsPrefix=…]`: sets up the Stripe account FitGauge sells
 * from, from the one source of plans and prices (core/billing/plans.ts, STRIPE_CATALOGUE), and the customer portal's
 * settings (docs/billing.md, "Customer portal"). Idempotent: a second run changes nothing and reports every item
 * "verified". A price found by its lookup key whose amount, currency or interval differs from the source (or that is
 * archived) cannot be edited in Stripe: a new price takes over the lookup key (`transfer_lookup_key`) and the old one is
 * archived (its running subscriptions keep it). --verify changes nothing and exits 1 while anything is missing or
 * differs (what `npm run deploy:check` runs).
 *
 * The secret key: STRIPE_SECRET_KEY when set (with STRIPE_API_URL, another API such as the local stand-in), else the SSM
 * parameter <secretsPrefix>/stripe/secret-key of the deploy's region, as the Lambdas read it.
 */
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import Stripe from 'stripe';
import { STRIPE_CATALOGUE, type CataloguePrice } from '@core/billing/plans';
import { repoRoot } from '../infra/lib/functions';
import { secretParameterNames } from '../infra/lib/secrets';
import { stripeEndpoint } from '../lambdas/lib/stripe';
import { deployRegion, readCdkContext } from './deploy-check/context';

/**
 * What the customer portal offers (the app opens it from Billing, docs/billing.md): the subscriptions with cancel at
 * period end (and renew, which Stripe offers on a subscription set to end), the cards, the invoices. Plans and seats
 * are changed in the app, not in the portal; the customer's e-mail is the account's.
 */
export const PORTAL_SETTINGS = {
  business_profile: { headline: 'FitGauge: your subscriptions, cards and invoices' },
  features: {
    customer_update: { enabled: false },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
    subscription_update: { enabled: false },
  },
} as const satisfies Stripe.BillingPortal.ConfigurationCreateParams;

export interface CatalogueItem {
  readonly item: string;
  /** verified, created, updated, replaced: in place after the run; missing, mismatch: not (--verify). */
  readonly status: 'verified' | 'created' | 'updated' | 'replaced' | 'missing' | 'mismatch';
  readonly message: string;
}

const priceText = (price: { unitAmount: number; currency: string; interval?: string }) =>
  `${(price.unitAmount / 100).toFixed(2)} ${price.currency.toUpperCase()} / ${price.interval ?? 'once'}`;

/** Creates (`apply`) or only checks (`verify`) the catalogue and the portal settings; one line per item. */
export async function syncStripeCatalogue(stripe: Stripe, mode: 'apply' | 'verify'): Promise<CatalogueItem[]> {
  const items: CatalogueItem[] = [];
  for (const product of STRIPE_CATALOGUE) {
    const found = await stripe.prices.list({ lookup_keys: product.prices.map((price) => price.lookupKey), limit: 100 });
    let productId = found.data.map((price) => (typeof price.product === 'string' ? price.product : price.product.id))[0];
    for (const wanted of product.prices) {
      const current = found.data.find((price) => price.lookup_key === wanted.lookupKey);
      const item = `price ${wanted.lookupKey}`;
      if (current && matches(current, wanted)) {
        items.push({ item, status: 'verified', message: `${priceText(wanted)} (${current.id}).` });
        continue;
      }
      const differs =
        current &&
        `is ${priceText({ unitAmount: current.unit_amount ?? 0, currency: current.currency, interval: current.recurring?.interval })}${current.active ? '' : ', archived'}`;
      if (mode === 'verify') {
        items.push(
          current
            ? { item, status: 'mismatch', message: `${current.id} ${differs}, the source says ${priceText(wanted)}: run "npm run stripe:catalogue".` }
            : { item, status: 'missing', message: `No price has this lookup key: run "npm run stripe:catalogue".` },
        );
        continue;
      }
      productId ??= (await findOrCreateProduct(stripe, product.productName)).id;
      const created = await stripe.prices.create({
        product: productId,
        unit_amount: wanted.unitAmount,
        currency: wanted.currency,
        recurring: { interval: wanted.interval },
        lookup_key: wanted.lookupKey,
        ...(current ? { transfer_lookup_key: true } : {}),
      });
      if (current?.active) await stripe.prices.update(current.id, { active: false });
      items.push(
        current
          ? {
              item,
              status: 'replaced',
              message: `${current.id} ${differs}, the source says ${priceText(wanted)}: prices cannot be edited, so ${created.id} was created with the lookup key (transferred) and ${current.id} archived; its subscriptions keep their price until changed.`,
            }
          : { item, status: 'created', message: `${priceText(wanted)} (${created.id}).` },
      );
    }
  }
  items.push(await syncPortal(stripe, mode));
  return items;
}

function matches(price: Stripe.Price, wanted: CataloguePrice): boolean {
  return (
    price.active && price.unit_amount === wanted.unitAmount && price.currency === wanted.currency && price.recurring?.interval === wanted.interval
  );
}

async function findOrCreateProduct(stripe: Stripe, name: string): Promise<Stripe.Product> {
  for await (const product of stripe.products.list({ active: true, limit: 100 })) {
    if (product.name === name) return product;
  }
  return stripe.products.create({ name });
}

/** The settings of PORTAL_SETTINGS the configuration does not have, as `path: value` lines. */
function portalDifferences(wanted: object, actual: unknown, path = ''): string[] {
  return Object.entries(wanted).flatMap(([key, value]) => {
    const here = (actual as Record<string, unknown> | null | undefined)?.[key];
    if (value !== null && typeof value === 'object') return portalDifferences(value as object, here, `${path}${key}.`);
    return here === value ? [] : [`${path}${key} is ${JSON.stringify(here)}, wanted ${JSON.stringify(value)}`];
  });
}

/** The account's default portal configuration (what sessions use) made or checked to be PORTAL_SETTINGS. */
async function syncPortal(stripe: Stripe, mode: 'apply' | 'verify'): Promise<CatalogueItem> {
  const item = 'customer portal settings';
  const [current] = (await stripe.billingPortal.configurations.list({ is_default: true, limit: 1 })).data;
  if (!current) {
    if (mode === 'verify')
      return { item, status: 'missing', message: 'The account has no customer portal settings: run "npm run stripe:catalogue".' };
    const created = await stripe.billingPortal.configurations.create(PORTAL_SETTINGS);
    return { item, status: 'created', message: `Configured (${created.id}${created.is_default ? ', the default' : ''}).` };
  }
  const differences = portalDifferences(PORTAL_SETTINGS, current);
  if (!differences.length) return { item, status: 'verified', message: `As the product needs (${current.id}).` };
  if (mode === 'verify') return { item, status: 'mismatch', message: `${current.id}: ${differences.join('; ')}: run "npm run stripe:catalogue".` };
  await stripe.billingPortal.configurations.update(current.id, PORTAL_SETTINGS);
  return { item, status: 'updated', message: `${current.id}: ${differences.join('; ')}; now as the product needs.` };
}

/** Whether a run left the account as the source says. */
export const catalogueInPlace = (items: readonly CatalogueItem[]) => items.every((item) => item.status !== 'missing' && item.status !== 'mismatch');

export function formatCatalogue(items: readonly CatalogueItem[]): string {
  return items.map((item) => `${item.status.padEnd(9)}${item.item}: ${item.message}`).join('\n');
}

/** A Stripe client for the script: the key's account (STRIPE_API_URL: another API, the local stand-in). */
export function catalogueStripe(secretKey: string, apiUrl = process.env.STRIPE_API_URL): Stripe {
  return new Stripe(secretKey, { ...stripeEndpoint(apiUrl), maxNetworkRetries: 2 });
}

/** The Stripe secret key the deployed Lambdas use: the SSM parameter under the prefix, decrypted. */
export async function deployedStripeKey(ssm: SSMClient, secretsPrefix = '/fitgauge'): Promise<string | undefined> {
  const [name] = secretParameterNames(secretsPrefix, ['stripeSecretKey']);
  try {
    return (await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }))).Parameter?.Value;
  } catch (error) {
    if ((error as { name?: string }).name === 'ParameterNotFound') return undefined;
    throw error;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const mode = args.includes('--verify') ? 'verify' : 'apply';
  let key = process.env.STRIPE_SECRET_KEY;
  if (!key) {
    const context = readCdkContext(repoRoot, args);
    const region = await deployRegion(context);
    const prefix = typeof context.secretsPrefix === 'string' ? context.secretsPrefix : undefined;
    key = await deployedStripeKey(new SSMClient({ region }), prefix);
    if (!key)
      throw new Error(
        `No Stripe secret key: put ${secretParameterNames(prefix ?? '/fitgauge', ['stripeSecretKey'])[0]} in SSM (${region}) or set STRIPE_SECRET_KEY.`,
      );
  }
  const stripe = catalogueStripe(key);
  console.log(`${mode === 'verify' ? 'Checking' : 'Setting up'} the Stripe catalogue (${key.startsWith('sk_live_') ? 'live' : 'test'} mode)…\n`);
  const items = await syncStripeCatalogue(stripe, mode);
  console.log(formatCatalogue(items));
  process.exit(catalogueInPlace(items) ? 0 : 1);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
