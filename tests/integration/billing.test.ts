/**
 * Billing against the running local stack and its Stripe stand-in (docs/billing.md): coupons, purchases at 0 due and
 * by each test card (confirmed with the stand-in as Stripe.js would), the buyer's DIRECTOR group, extra seats as the
 * seat subscription's quantity, and the webhook's signature, once-only and ordering rules. Every account is fresh.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../lambdas/lib/db/client';
import { userItem } from '../../lambdas/lib/stores/user-store';
import { dynamoBillingStore } from '../../lambdas/lib/stores/billing-store';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { accountWithRole, couponLinkTokenFor, logInAccount, proveMailbox, type RoleAccount } from '../support/accounts';
import { advanceStripeClock, confirmCardPayment, deliverWebhook, eventOf, eventually, standInStripe, TEST_CARDS } from '../support/billing';
import { inParallel } from '../support/in-parallel';
import { demoTeams, graphql, readOutbox, signIn, stackUrls, useStackEnvironment } from '../support/stack';
import { couponPaymentId } from '../../lambdas/billing/coupons';

jest.setTimeout(120_000);

const UPGRADE = `mutation($where: SubscriptionWhere!, $couponId: String, $teamId: ID, $quantity: Int, $alternatePayment: Boolean) {
  upgradeSubscription(where: $where, couponId: $couponId, teamId: $teamId, quantity: $quantity, alternatePayment: $alternatePayment) {
    subscriptionId clientSecret amountDue status } }`;
const CHECK = `query($couponId: String!) { checkCoupon(couponId: $couponId) { id valid percent_off } }`;
const APPLY = `mutation($email: String!, $couponId: String!) { applyCouponToEmail(email: $email, couponId: $couponId) }`;
const CONFIRM_COUPON = `mutation($token: String!) { confirmCoupon(token: $token) }`;
const TRIAL = `mutation($where: SubscriptionWhere!) { startTrial(where: $where) { subscriptionId amountDue status } }`;
const CANCEL = `mutation($where: SubscriptionWhere!) { cancelSubscription(where: $where) }`;
const CARD = `query { cardDetails { lastFour } }`;
const CREATE_TEAM = `mutation($data: TeamInput!) { createTeam(data: $data) { id } }`;
const VERIFY = `query($teamId: ID!) { verifyTeamSubscription(teamId: $teamId) { status } }`;
const SEATS = `query($teamId: ID!) { teamSeatsSubscriptions(teamId: $teamId) { gamerSeats seats { id } } }`;
const DELETE_SEAT = `mutation($id: ID!, $teamId: ID!) { deleteTeamSeat(id: $id, teamId: $teamId) }`;

const ME_SUBSCRIPTION = `query { me { appSubscriptionReason subscription } }`;
const LEAVE = `mutation { leaveTeam { id appSubscriptionReason subscription } }`;
const PAYMENTS = `query($where: PaymentWhereInput) { findManyPayments(where: $where, take: 50) { id productPrice User { id } } }`;
const CONFIGS = `query { subscriptionConfigs { id name key type price { monthly yearly } previousPrice { monthly yearly } } }`;

const MONTHLY = { id: 'coach-performance-monthly' };
const YEARLY = { id: 'coach-performance-yearly' };

async function ok(who: { token: string }, query: string, variables: Record<string, unknown> = {}) {
  const { data, errors } = await graphql(query, variables, { token: who.token });
  expect(errors).toBeUndefined();
  return data!;
}

async function errorOf(who: { token: string } | 'public', query: string, variables: Record<string, unknown>) {
  const { errors } = await graphql(query, variables, who === 'public' ? { publicToken: true } : { token: who.token });
  return { errorType: errors?.[0]?.errorType, message: errors?.[0]?.message };
}

const unprovenBuyer = () => accountWithRole('GAMER', 'billing', 'Billing Buyer');
/** A fresh account that proved its mailbox through the mailed code, as the purchase dialog has it do for a coupon. */
const buyer = async () => {
  const account = await unprovenBuyer();
  await proveMailbox(account);
  return account;
};
const profileOf = async (userId: string) =>
  (await db().send(new GetCommand({ TableName: stackUrls().tableName, Key: userItem.key({ id: userId }) }))).Item;
const paymentOf = (userId: string, subscriptionId: string) =>
  eventually(
    () => dynamoBillingStore.payment(userId, subscriptionId),
    (payment) => payment !== null,
  );

/** A director with a team made with a FULLPASS purchase (nothing due); tokens renewed after becoming a director. */
async function directorWithTeam(): Promise<{ account: RoleAccount; teamId: string; subscriptionId: string }> {
  const account = await buyer();
  const { upgradeSubscription } = await ok(account, UPGRADE, { where: MONTHLY, couponId: 'FULLPASS' });
  const director = { ...account, token: (await signIn(account.email)).accessToken };
  const { createTeam } = await ok(director, CREATE_TEAM, { data: { name: 'Billing Team', description: 'Bought in a test', game: 'Valorant' } });
  return { account: director, teamId: createTeam.id, subscriptionId: upgradeSubscription.subscriptionId };
}

beforeAll(() => useStackEnvironment());

describe('demo data', () => {
  it('Night Owls bought yearly with WELCOME20, Iron Wolves monthly by card 4242, Sleepy Sloths expired, gamer6 to gamer8 on WELCOME20', async () => {
    const director = await logInAccount('director@fitgauge.test');
    const team = (name: string) => demoTeams.find((candidate) => candidate.name === name)!.id;
    const owls = await dynamoSubscriptionStore.teamSubscription(team('Night Owls'));
    const wolves = await dynamoSubscriptionStore.teamSubscription(team('Iron Wolves'));
    expect(owls).toMatchObject({ status: 'active', paymentFrequency: 'yearly', subscriptionId: expect.stringMatching(/^sub_/) });
    expect(wolves).toMatchObject({ status: 'active', paymentFrequency: 'monthly', subscriptionId: expect.stringMatching(/^sub_/) });
    expect(await dynamoBillingStore.payment(director.user.id, owls!.subscriptionId!)).toMatchObject({
      coupon: 'WELCOME20',
      productPrice: 39999,
      status: 'active',
      teamId: team('Night Owls'),
    });
    expect((await ok({ token: director.accessToken }, CARD)).cardDetails).toEqual({ lastFour: '4242' });

    const expired = await logInAccount('expired@fitgauge.test');
    expect((await ok({ token: expired.accessToken }, VERIFY, { teamId: team('Sleepy Sloths') })).verifyTeamSubscription.status).toBe('inActive');
    for (const email of ['gamer6@fitgauge.test', 'gamer7@fitgauge.test', 'gamer8@fitgauge.test']) {
      const { user } = await logInAccount(email);
      expect(await dynamoBillingStore.payment(user.id, couponPaymentId(user.id, 'WELCOME20'))).toMatchObject({ method: 'coupon', status: 'active' });
    }
  });
});

describe('coupons', () => {
  it('checkCoupon answers a promotion code trimmed and in any case, and valid: false for an unknown one, signed out too', async () => {
    expect((await graphql(CHECK, { couponId: '  welcome20 ' }, { publicToken: true })).data?.checkCoupon).toEqual({
      id: 'WELCOME20',
      valid: true,
      percent_off: 20,
    });
    expect((await graphql(CHECK, { couponId: 'NOSUCHCODE' }, { publicToken: true })).data?.checkCoupon).toMatchObject({
      valid: false,
      percent_off: null,
    });
  });

  it('applyCouponToEmail gives a gamer the Pro reason and a coupon payment once he opens the mailed link, once; an invalid coupon changes nothing', async () => {
    const gamer = await buyer();
    expect(await errorOf('public', APPLY, { email: gamer.email, couponId: 'NOSUCHCODE' })).toEqual({
      errorType: 'ValidationError',
      message: 'Invalid coupon',
    });
    expect(await profileOf(gamer.id)).not.toHaveProperty('appSubscriptionReason');

    const since = new Date();
    expect((await graphql(APPLY, { email: gamer.email.toUpperCase(), couponId: 'welcome20' }, { publicToken: true })).data?.applyCouponToEmail).toBe(
      true,
    );
    expect(await profileOf(gamer.id)).not.toHaveProperty('appSubscriptionReason');
    const token = await couponLinkTokenFor(gamer.email, since);
    expect((await graphql(CONFIRM_COUPON, { token }, { publicToken: true })).data?.confirmCoupon).toBe(true);
    expect(await profileOf(gamer.id)).toMatchObject({ appSubscriptionReason: 'FGPRO' });
    expect(await dynamoBillingStore.payment(gamer.id, couponPaymentId(gamer.id, 'WELCOME20'))).toMatchObject({
      method: 'coupon',
      status: 'active',
      coupon: 'WELCOME20',
    });
    expect(await errorOf('public', CONFIRM_COUPON, { token })).toEqual({
      errorType: 'ValidationError',
      message: 'This coupon link is invalid or has expired.',
    });

    const again = new Date();
    expect((await graphql(APPLY, { email: gamer.email, couponId: 'WELCOME20' }, { publicToken: true })).data?.applyCouponToEmail).toBe(true);
    expect((await errorOf('public', CONFIRM_COUPON, { token: await couponLinkTokenFor(gamer.email, again) })).errorType).toBe('Conflict');
  });

  it("two gamers who redeem the same coupon get a payment each, stored apart and listed in the admin's payments with ids of their own", async () => {
    const gamers = await Promise.all([buyer(), buyer()]);
    for (const gamer of gamers) {
      const since = new Date();
      expect((await graphql(APPLY, { email: gamer.email, couponId: 'WELCOME20' }, { publicToken: true })).data?.applyCouponToEmail).toBe(true);
      expect(
        (await graphql(CONFIRM_COUPON, { token: await couponLinkTokenFor(gamer.email, since) }, { publicToken: true })).data?.confirmCoupon,
      ).toBe(true);
    }
    for (const gamer of gamers) {
      expect(await dynamoBillingStore.payment(gamer.id, couponPaymentId(gamer.id, 'WELCOME20'))).toMatchObject({
        userId: gamer.id,
        coupon: 'WELCOME20',
      });
    }
    const admin = await signIn('admin@fitgauge.test');
    const listed = await ok({ token: admin.accessToken }, PAYMENTS, { where: { status: 'active', search: 'WELCOME20', role: 'GAMER' } });
    const ours = listed.findManyPayments.filter((payment: { User: { id: string } }) => gamers.some((gamer) => gamer.id === payment.User.id));
    expect(ours.map((payment: { User: { id: string }; productPrice: number | null }) => [payment.User.id, payment.productPrice]).sort()).toEqual(
      gamers.map((gamer) => [gamer.id, 0]).sort(),
    );
    const ids = listed.findManyPayments.map((payment: { id: string }) => payment.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('subscription reason and label', () => {
  it('a gamer who applied WELCOME20 reads Pro on me, and leaveTeam answers his own Pro', async () => {
    const gamer = await buyer();
    expect((await ok(gamer, ME_SUBSCRIPTION)).me).toEqual({ appSubscriptionReason: 'FGFREE', subscription: 'Free' });

    // Signed in with his own proven e-mail (buyer() proved it), the coupon applies at once.
    await ok(gamer, APPLY, { email: gamer.email, couponId: 'WELCOME20' });
    expect((await ok(gamer, ME_SUBSCRIPTION)).me).toEqual({ appSubscriptionReason: 'FGPRO', subscription: 'Pro' });
    expect((await ok(gamer, LEAVE)).leaveTeam).toEqual({ id: gamer.id, appSubscriptionReason: 'FGPRO', subscription: 'Pro' });
  });
});

describe('subscriptionConfigs', () => {
  it('lists the monthly and yearly plans with their prices in cents, signed out and signed in alike', async () => {
    const signedOut = (await graphql(CONFIGS, {}, { publicToken: true })).data?.subscriptionConfigs;
    expect(signedOut).toEqual([
      {
        id: 'coach-performance-monthly',
        name: 'Coach Performance Package',
        key: 'COACH_PERFORMANCE_PACKAGE',
        type: 'month',
        price: { monthly: 3999, yearly: 39999 },
        previousPrice: null,
      },
      {
        id: 'coach-performance-yearly',
        name: 'Coach Performance Package Yearly',
        key: 'COACH_PERFORMANCE_PACKAGE_YEARLY',
        type: 'year',
        price: { monthly: 3999, yearly: 39999 },
        previousPrice: null,
      },
    ]);
    expect((await ok(await buyer(), CONFIGS)).subscriptionConfigs).toEqual(signedOut);
  });
});

describe('purchases', () => {
  it('FULLPASS buys a dashboard with nothing due once the mailbox is proven; the buyer becomes a DIRECTOR and creates a team with it', async () => {
    const account = await unprovenBuyer();
    // A coupon changes nothing for an account that has not proved its mailbox: no subscription, no DIRECTOR.
    expect(await errorOf(account, UPGRADE, { where: MONTHLY, couponId: 'FULLPASS' })).toEqual({
      errorType: 'EmailNotProven',
      message: 'Please confirm your e-mail address first: we send you a code.',
    });
    expect(await dynamoSubscriptionStore.unusedPurchases(account.id)).toEqual([]);
    expect((await logInAccount(account.email)).groups).not.toContain('DIRECTOR');

    await proveMailbox(account);
    const { upgradeSubscription } = await ok(account, UPGRADE, { where: MONTHLY, couponId: 'FULLPASS' });
    expect(upgradeSubscription).toMatchObject({ amountDue: 0, status: 'active', clientSecret: null });

    expect((await logInAccount(account.email)).groups).toContain('DIRECTOR');
    expect(await profileOf(account.id)).toMatchObject({ role: 'DIRECTOR' });
    expect(await dynamoSubscriptionStore.unusedPurchases(account.id)).toEqual([
      expect.objectContaining({ id: upgradeSubscription.subscriptionId, status: 'active', productName: 'Team Dashboard' }),
    ]);
    const payment = await paymentOf(account.id, upgradeSubscription.subscriptionId);
    expect(payment).toMatchObject({ method: 'card', status: 'active', coupon: 'FULLPASS', paymentFrequency: 'monthly' });

    const director = { token: (await signIn(account.email)).accessToken };
    const { createTeam } = await ok(director, CREATE_TEAM, { data: { name: 'Full Pass', description: 'Bought with FULLPASS', game: 'Valorant' } });
    expect((await ok(director, VERIFY, { teamId: createTeam.id })).verifyTeamSubscription.status).toBe('active');
  });

  it('a yearly dashboard with WELCOME20 is due at 20% off; an invalid coupon is refused before anything is made', async () => {
    const account = await buyer();
    expect(await errorOf(account, UPGRADE, { where: YEARLY, couponId: 'NOSUCHCODE' })).toEqual({
      errorType: 'ValidationError',
      message: 'Invalid coupon',
    });
    expect(await dynamoBillingStore.customerOf(account.id)).toBeNull();
    const { upgradeSubscription } = await ok(account, UPGRADE, { where: YEARLY, couponId: 'WELCOME20' });
    expect(upgradeSubscription).toMatchObject({ amountDue: 31999, status: 'incomplete', clientSecret: expect.stringContaining('_secret_') });
  });

  it('card 4242 pays: the payment is recorded from the webhook, the buyer is a DIRECTOR and cardDetails shows 4242', async () => {
    const account = await buyer();
    const { upgradeSubscription } = await ok(account, UPGRADE, { where: MONTHLY });
    expect(upgradeSubscription).toMatchObject({ amountDue: 3999, status: 'incomplete' });
    expect(await dynamoBillingStore.payment(account.id, upgradeSubscription.subscriptionId)).toBeNull();

    expect((await confirmCardPayment(upgradeSubscription.clientSecret, TEST_CARDS.succeeds)).status).toBe('succeeded');
    expect(await paymentOf(account.id, upgradeSubscription.subscriptionId)).toMatchObject({ status: 'active', method: 'card', productPrice: 3999 });
    const groups = async () => (await logInAccount(account.email)).groups;
    expect(await eventually(groups, (found) => found.includes('DIRECTOR'))).toContain('DIRECTOR');
    expect(await profileOf(account.id)).toMatchObject({ role: 'DIRECTOR' });
    expect((await ok(account, CARD)).cardDetails).toEqual({ lastFour: '4242' });
  });

  it('card 4000 0025 0000 3155 requires action and card 4000 0000 0000 0002 is declined: neither records a payment', async () => {
    const [authenticating, declining] = await Promise.all([buyer(), buyer()]);
    const first = (await ok(authenticating, UPGRADE, { where: MONTHLY })).upgradeSubscription;
    expect((await confirmCardPayment(first.clientSecret, TEST_CARDS.authenticates)).status).toBe('requires_action');

    const second = (await ok(declining, UPGRADE, { where: MONTHLY })).upgradeSubscription;
    await expect(confirmCardPayment(second.clientSecret, TEST_CARDS.declined)).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });

    for (const [account, result] of [
      [authenticating, first],
      [declining, second],
    ] as const) {
      expect((await standInStripe().subscriptions.retrieve(result.subscriptionId)).status).toBe('incomplete');
      expect(await dynamoBillingStore.payment(account.id, result.subscriptionId)).toBeNull();
      expect(await dynamoSubscriptionStore.unusedPurchases(account.id)).toEqual([]);
      expect((await logInAccount(account.email)).groups).not.toContain('DIRECTOR');
    }
  });
});

describe('renewal', () => {
  it('renews a team whose subscription ended, and refuses while it still runs', async () => {
    const { account, teamId, subscriptionId } = await directorWithTeam();
    expect((await errorOf(account, UPGRADE, { where: MONTHLY, teamId, couponId: 'FULLPASS' })).errorType).toBe('Conflict');

    const ended = await standInStripe().subscriptions.cancel(subscriptionId);
    expect(ended.status).toBe('canceled');
    const status = async () => (await ok(account, VERIFY, { teamId })).verifyTeamSubscription.status as string;
    expect(await eventually(status, (value) => value === 'inActive')).toBe('inActive');

    const renewal = (await ok(account, UPGRADE, { where: YEARLY, teamId, couponId: 'FULLPASS' })).upgradeSubscription;
    expect(renewal).toMatchObject({ status: 'active', amountDue: 0 });
    expect(await status()).toBe('active');
    expect(await dynamoSubscriptionStore.teamSubscription(teamId)).toMatchObject({
      subscriptionId: renewal.subscriptionId,
      paymentFrequency: 'yearly',
    });
    // The renewal is the team's, not a new dashboard to spend.
    expect(await dynamoSubscriptionStore.unusedPurchases(account.id)).toEqual([]);
  });
});

describe('extra seats', () => {
  it("buying and removing seats changes the seat subscription's quantity and the team's gamer seats", async () => {
    const { account, teamId } = await directorWithTeam();
    const seatsOf = async () => (await ok(account, SEATS, { teamId })).teamSeatsSubscriptions as { gamerSeats: number; seats: { id: string }[] };
    const bought = (await ok(account, UPGRADE, { where: { id: 'extra-gamer-seat' }, teamId, quantity: 2, couponId: 'FULLPASS' })).upgradeSubscription;
    expect(bought).toMatchObject({ status: 'active', amountDue: 0 });
    const quantity = async () => (await standInStripe().subscriptions.retrieve(bought.subscriptionId)).items.data[0].quantity;

    expect(await eventually(seatsOf, (seats) => seats.gamerSeats === 7)).toMatchObject({ gamerSeats: 7, seats: [{}, {}] });
    expect(await quantity()).toBe(2);

    expect((await ok(account, UPGRADE, { where: { id: 'extra-gamer-seat' }, teamId, quantity: 1 })).upgradeSubscription).toMatchObject({
      subscriptionId: bought.subscriptionId,
      amountDue: 0,
    });
    expect((await eventually(seatsOf, (seats) => seats.gamerSeats === 8)).seats).toHaveLength(3);
    expect(await quantity()).toBe(3);

    const beforeRemoval = await standInStripe().subscriptions.retrieve(bought.subscriptionId);
    const [seat] = (await seatsOf()).seats;
    expect((await ok(account, DELETE_SEAT, { id: seat.id, teamId })).deleteTeamSeat).toBe(true);
    expect(await quantity()).toBe(2);
    // Neither the decrease's webhook nor a late event from before the removal (quantity 3) adds the seat back.
    expect(await deliverWebhook(eventOf('customer.subscription.updated', beforeRemoval))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await seatsOf()).toMatchObject({ gamerSeats: 7, seats: [{}, {}] });
  });
});

describe('customer portal', () => {
  const portal = (token: string) =>
    fetch(`${stackUrls().baseUrl}/api/v1/create-customer-portal-session/${encodeURIComponent(token)}`, { redirect: 'manual' });

  it('redirects a paying caller to their billing portal, which lists their subscriptions', async () => {
    const { accessToken } = await logInAccount('director@fitgauge.test');
    const response = await portal(accessToken);
    expect(response.status).toBe(302);
    const page = await fetch(response.headers.get('location')!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('director@fitgauge.test');
    expect(html).toContain('Team Dashboard');
    expect(html).toContain('4242');
  });

  it('answers 401 to a bad token and 404 to a caller who never paid', async () => {
    expect((await portal('not-a-token')).status).toBe(401);
    const { accessToken } = await logInAccount((await buyer()).email);
    expect((await portal(accessToken)).status).toBe(404);
  });
});

describe('webhooks', () => {
  it('a forged or missing signature answers 400 and writes nothing', async () => {
    const account = await buyer();
    const subscription = {
      ...(await standInStripe().subscriptions.retrieve((await ok(account, UPGRADE, { where: MONTHLY })).upgradeSubscription.subscriptionId)),
      status: 'active',
    };
    const event = eventOf('customer.subscription.updated', subscription);
    expect(await deliverWebhook(event, 'whsec_forgedByAnAttacker000000000000000')).toBe(400);
    const unsigned = await fetch(`${stackUrls().baseUrl}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await dynamoBillingStore.payment(account.id, subscription.id)).toBeNull();
    expect((await logInAccount(account.email)).groups).not.toContain('DIRECTOR');
  });

  it('an event delivered 10 times at once has one effect (one trial-ending e-mail)', async () => {
    const account = await buyer();
    const { startTrial } = await ok(account, TRIAL, { where: MONTHLY });
    expect(startTrial).toMatchObject({ status: 'trialing', amountDue: 0 });
    const event = eventOf('customer.subscription.trial_will_end', await standInStripe().subscriptions.retrieve(startTrial.subscriptionId));

    const statuses = await inParallel(Array.from({ length: 10 }), 10, () => deliverWebhook(event));
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(await deliverWebhook(event)).toBe(200);
    const mails = async () => (await readOutbox(account.email)).filter((mail) => mail.subject.startsWith('Your FitGauge trial ends on'));
    await eventually(mails, (found) => found.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mails()).toHaveLength(1);
  });

  it('subscription.deleted before an older subscription.updated leaves the subscription canceled', async () => {
    const { account, teamId, subscriptionId } = await directorWithTeam();
    const subscription = await standInStripe().subscriptions.retrieve(subscriptionId);
    const now = Math.floor(Date.now() / 1000);
    expect(await deliverWebhook(eventOf('customer.subscription.deleted', { ...subscription, status: 'canceled', ended_at: now }, now))).toBe(200);
    expect(await deliverWebhook(eventOf('customer.subscription.updated', { ...subscription, status: 'active' }, now - 60))).toBe(200);

    expect((await ok(account, VERIFY, { teamId })).verifyTeamSubscription.status).toBe('inActive');
    expect(await dynamoBillingStore.payment(account.id, subscriptionId)).toMatchObject({ status: 'canceled' });
  });

  it('a canceled subscription ends with its period: after the clock passes it, verifyTeamSubscription answers inActive', async () => {
    const { account, teamId, subscriptionId } = await directorWithTeam();
    expect((await ok(account, CANCEL, { where: { id: subscriptionId } })).cancelSubscription).toBe(true);
    expect((await ok(account, VERIFY, { teamId })).verifyTeamSubscription.status).toBe('active');

    await advanceStripeClock(32 * 24 * 3600);
    const status = async () => (await ok(account, VERIFY, { teamId })).verifyTeamSubscription.status as string;
    expect(await eventually(status, (value) => value === 'inActive')).toBe('inActive');
    expect(await dynamoBillingStore.payment(account.id, subscriptionId)).toMatchObject({ status: 'canceled' });
  });
});
