import { randomUUID } from 'node:crypto';
import { seatItem } from './subscription-store';
import { query } from '../db/table';
import { dynamoBillingStore as billing, type SubscriptionState } from './billing-store';
import { dynamoSubscriptionStore as subscriptions } from './subscription-store';
import { dynamoTeamStore as teams } from './team-store';

// The ordering condition and the seat counter of the billing store on DynamoDB Local (jest project `dynamodb`).
const PERIOD = 1_800_000_000;

function stateOf(overrides: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    subscriptionId: `sub_${randomUUID()}`,
    userId: randomUUID(),
    kind: 'dashboard',
    teamId: null,
    stripeStatus: 'active',
    cancellationReason: null,
    periodEndsAt: PERIOD,
    stateAt: PERIOD - 1000,
    trialEndsAt: null,
    quantity: 1,
    subscriptionConfigId: 'coach-performance-monthly',
    productName: 'Team Dashboard',
    productId: 'prod_TeamDashboard',
    productPrice: 3999,
    paymentFrequency: 'monthly',
    coupon: null,
    createdAt: PERIOD - 2000,
    ...overrides,
  };
}

async function newTeam(ownerId = randomUUID()) {
  const at = new Date().toISOString();
  const team = {
    id: randomUUID(),
    name: 'Billing store',
    description: 'Billing store test',
    game: '',
    avatar: '',
    ownerId,
    createdAt: at,
    updatedAt: at,
  };
  await teams.create(team);
  return team;
}

describe('billing store: a subscription state onto its records', () => {
  it('makes no payment or purchase while the subscription is incomplete, and both once it runs', async () => {
    const state = stateOf({ stripeStatus: 'incomplete' });
    await billing.applySubscription(state);
    expect(await billing.payment(state.userId, state.subscriptionId)).toBeNull();
    expect(await subscriptions.unusedPurchases(state.userId)).toEqual([]);

    await billing.applySubscription({ ...state, stripeStatus: 'active', stateAt: state.stateAt + 1 });
    expect(await billing.payment(state.userId, state.subscriptionId)).toMatchObject({
      status: 'active',
      method: 'card',
      endSubscriptionAt: new Date(PERIOD * 1000).toISOString(),
    });
    expect(await subscriptions.unusedPurchases(state.userId)).toEqual([expect.objectContaining({ id: state.subscriptionId, status: 'active' })]);
  });

  it('keeps the latest state: an older event or an earlier period changes nothing, a later period does', async () => {
    const state = stateOf();
    await billing.applySubscription(state);
    await billing.applySubscription({ ...state, stripeStatus: 'past_due', stateAt: state.stateAt - 10 });
    await billing.applySubscription({ ...state, stripeStatus: 'past_due', periodEndsAt: PERIOD - 100, stateAt: state.stateAt + 10 });
    expect(await billing.payment(state.userId, state.subscriptionId)).toMatchObject({ stripeStatus: 'active' });

    await billing.applySubscription({ ...state, periodEndsAt: PERIOD + 1000, stateAt: state.stateAt - 500 });
    expect(await billing.payment(state.userId, state.subscriptionId)).toMatchObject({ periodEndsAt: PERIOD + 1000 });
  });

  it('a running subscription never goes back to incomplete, even from an event of the same second', async () => {
    const state = stateOf({ stripeStatus: 'incomplete' });
    const team = await newTeam();
    const bought = { ...state, teamId: team.id };
    await billing.applySubscription({ ...bought, stripeStatus: 'active' });
    await billing.applySubscription(bought);
    expect(await billing.payment(state.userId, state.subscriptionId)).toMatchObject({ stripeStatus: 'active' });
    expect(await subscriptions.teamSubscription(team.id)).toMatchObject({ status: 'active' });
  });

  it('an ended subscription stays ended, whatever arrives after', async () => {
    const state = stateOf();
    await billing.applySubscription(state);
    await billing.applySubscription({ ...state, stripeStatus: 'canceled', cancellationReason: 'payment_failed', stateAt: state.stateAt + 5 });
    await billing.applySubscription({ ...state, periodEndsAt: PERIOD + 5000, stateAt: state.stateAt + 10 });
    expect(await billing.payment(state.userId, state.subscriptionId)).toMatchObject({ stripeStatus: 'canceled', status: 'expired' });
    expect(await subscriptions.unusedPurchases(state.userId)).toEqual([expect.objectContaining({ status: 'canceled' })]);
  });

  it('follows a purchase into the team made with it', async () => {
    const state = stateOf();
    await billing.applySubscription(state);
    const [purchase] = await subscriptions.unusedPurchases(state.userId);
    const at = new Date().toISOString();
    const team = {
      id: randomUUID(),
      name: 'Bought',
      description: 'Made with a purchase',
      game: '',
      avatar: '',
      ownerId: state.userId,
      createdAt: at,
      updatedAt: at,
    };
    await teams.create(team, { also: subscriptions.spendPurchase(purchase, team.id, at) });

    expect(await billing.applySubscription({ ...state, stripeStatus: 'canceled', stateAt: state.stateAt + 1 })).toEqual({ teamId: team.id });
    expect(await subscriptions.teamSubscription(team.id)).toMatchObject({ subscriptionId: state.subscriptionId, status: 'canceled' });
  });

  it("a renewal takes over a team's ended subscription, never a running one", async () => {
    const team = await newTeam();
    const old = stateOf({ teamId: team.id, userId: team.ownerId });
    await billing.applySubscription(old);
    const renewal = stateOf({ teamId: team.id, userId: team.ownerId, periodEndsAt: PERIOD + 100 });
    await billing.applySubscription(renewal);
    expect(await subscriptions.teamSubscription(team.id)).toMatchObject({ subscriptionId: old.subscriptionId });

    await billing.applySubscription({ ...old, stripeStatus: 'canceled', stateAt: old.stateAt + 1 });
    await billing.applySubscription({ ...renewal, stateAt: renewal.stateAt + 2 });
    expect(await subscriptions.teamSubscription(team.id)).toMatchObject({ subscriptionId: renewal.subscriptionId, status: 'active' });
    // The old subscription's late events no longer touch the team.
    await billing.applySubscription({ ...old, stripeStatus: 'canceled', stateAt: old.stateAt + 100 });
    expect(await subscriptions.teamSubscription(team.id)).toMatchObject({ subscriptionId: renewal.subscriptionId, status: 'active' });
  });
});

describe('billing store: extra seats', () => {
  it('adds the difference once, however many deliveries of the same quantity run at once', async () => {
    const team = await newTeam();
    const at = new Date().toISOString();
    await Promise.all(Array.from({ length: 6 }, () => billing.growSeats(team.id, team.ownerId, 'sub_seats', async () => 3, at)));
    expect(await teams.seats(team.id)).toMatchObject({ gamerSeats: 8 });
    expect(await billing.seatSubscriptionOf(team.id)).toEqual({ subscriptionId: 'sub_seats', extraSeats: 3 });
    const ofTeam = seatItem.key({ teamId: team.id, id: '' });
    const { items } = await query({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :seat)',
      ExpressionAttributeValues: { ':pk': ofTeam.pk, ':seat': ofTeam.sk },
      ConsistentRead: true,
    });
    expect(items).toHaveLength(3);

    await billing.growSeats(team.id, team.ownerId, 'sub_seats', async () => 2, at);
    expect(await teams.seats(team.id)).toMatchObject({ gamerSeats: 8 });
  });
});
