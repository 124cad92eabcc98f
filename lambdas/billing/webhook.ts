/**
 * `POST /api/v1/stripe/webhook` (docs/billing.md): Stripe's signed events, each applied once (Powertools idempotency
 * on the event id, in the one table), leaving the latest state whatever the order they arrive in.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { IdempotencyAlreadyInProgressError, IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import Stripe from 'stripe';
import { config } from '../lib/config';
import { dynamoDbClientConfig } from '../lib/db/client';
import { logger, observed } from '../lib/observability';
import { stripeWebhookSecret } from '../lib/stripe';
import { productionDeps, type BillingDeps } from './deps';
import { applySubscriptionState, stateOf } from './subscription-state';

/** How long an applied event is remembered: Stripe retries a delivery for up to 3 days. */
const REMEMBER_EVENTS_SECONDS = 7 * 24 * 3600;
const signatureChecker = new Stripe('sk_signature_check_only');

const answer = (statusCode: number, body: Record<string, unknown>): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The invoice's subscription (API 2026-10-28: under parent.subscription_details). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/** One verified event's effect. */
export async function applyEvent(event: Stripe.Event, deps: BillingDeps): Promise<void> {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      if (!subscriptionId) return;
      // The invoice says little about the subscription: Stripe's current word on it is applied.
      const subscription = await (await deps.stripe()).subscriptions.retrieve(subscriptionId);
      const state = stateOf(subscription, event.created);
      if (state) await applySubscriptionState(state, deps);
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const state = stateOf(event.data.object, event.created);
      if (state) await applySubscriptionState(state, deps);
      return;
    }
    case 'customer.subscription.trial_will_end': {
      const state = stateOf(event.data.object, event.created);
      if (!state) return;
      await applySubscriptionState(state, deps);
      const user = await deps.users.get(state.userId);
      const trialEnd = event.data.object.trial_end;
      if (user && trialEnd) await deps.sendMail(trialEndingMail(user.email, new Date(trialEnd * 1000)));
      return;
    }
    default:
      return;
  }
}

export function trialEndingMail(to: string, endsAt: Date) {
  const day = endsAt.toISOString().slice(0, 10);
  return {
    to,
    subject: `Your FitGauge trial ends on ${day}`,
    text: `Your free trial of the FitGauge team dashboard ends on ${day}. Add a card under Billing to keep your dashboard after that day.`,
  };
}

const idempotency = new IdempotencyConfig({ eventKeyJmesPath: 'id', expiresAfterSeconds: REMEMBER_EVENTS_SECONDS, throwOnNoIdempotencyKey: true });
let applyOnce: ((event: Stripe.Event) => Promise<{ applied: string }>) | undefined;

/** applyEvent once per event id; its records live in the one table beside the product's items. */
function applyEventOnce(event: Stripe.Event): Promise<{ applied: string }> {
  applyOnce ??= makeIdempotent(
    async (verified: Stripe.Event) => {
      await applyEvent(verified, productionDeps);
      return { applied: verified.type };
    },
    {
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: config.tableName,
        keyAttr: 'pk',
        sortKeyAttr: 'sk',
        staticPkValue: 'IDEMPOTENCY#stripe-webhook',
        expiryAttr: 'expiresAt',
        // Endpoint from AWS_ENDPOINT_URL_DYNAMODB in local mode (read by the SDK itself).
        awsSdkV3Client: new DynamoDBClient(dynamoDbClientConfig),
      }),
      config: idempotency,
    },
  );
  return applyOnce(event);
}

const handleDelivery = observed(async (request: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const signature = request.headers?.['stripe-signature'];
  const body = request.body && request.isBase64Encoded ? Buffer.from(request.body, 'base64').toString('utf8') : (request.body ?? '');
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('No Stripe-Signature header');
    event = signatureChecker.webhooks.constructEvent(body, signature, await stripeWebhookSecret());
  } catch (error) {
    logger.warn('Stripe webhook refused: bad signature', { reason: (error as Error).message });
    return answer(400, { message: 'Invalid signature.' });
  }
  try {
    await applyEventOnce(event);
  } catch (error) {
    // Another delivery of this event is being applied right now: Stripe delivers it again later.
    if (error instanceof IdempotencyAlreadyInProgressError) return answer(409, { message: 'This event is being applied.' });
    throw error;
  }
  return answer(200, { received: true });
});

export function handler(request: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> {
  // An application cut short by the Lambda timeout stays "in progress" only until the invocation's own deadline.
  if (context) idempotency.registerLambdaContext(context);
  return handleDelivery(request, context);
}
