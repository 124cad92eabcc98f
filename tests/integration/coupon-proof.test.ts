/**
 * Issue 24 items 3 (trials) and 4 (coupons) against the local stack: a trial needs a proven mailbox, proved with the
 * mailed code (one use, counted guesses, parallel guesses included); applyCouponToEmail answers the same for known and
 * unknown e-mails and changes an account only once its mailbox opened the mailed link; checkCoupon and
 * applyCouponToEmail are limited per caller and address, parallel calls included. Every case uses fresh accounts and
 * its own caller address (a loopback address it connects from), so it shares no allowance with other tests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { COUPON_LINK_INVALID } from '@core/billing/validation';
import { EMAIL_PROOF_MAX_ATTEMPTS, EMAIL_PROOF_MESSAGES } from '@core/email-proof';
import { db } from '../../lambdas/lib/db/client';
import { userItem } from '../../lambdas/lib/stores/user-store';
import { dynamoBillingStore, trialClaimItem } from '../../lambdas/lib/stores/billing-store';
import { COUPON_LIMITS } from '../../lambdas/billing/coupons';
import { dynamoCouponClaimStore } from '../../lambdas/billing/coupon-claim-store';
import {
  accountWithRole,
  couponLinkTokenFor,
  emailProofCodeFor,
  freshEmail,
  logInAccount,
  proveMailbox,
  type RoleAccount,
} from '../support/accounts';
import { standInStripe } from '../support/billing';
import { graphqlFrom, newLoopbackAddress } from '../support/caller-address';
import { inParallel } from '../support/in-parallel';
import { readOutbox, stackUrls, useStackEnvironment, type GraphQLResponse } from '../support/stack';
import { couponPaymentId } from '../../lambdas/billing/coupons';

jest.setTimeout(120_000);

const TRIAL = `mutation($where: SubscriptionWhere!) { startTrial(where: $where) { subscriptionId amountDue status } }`;
const SEND_PROOF = 'mutation { sendEmailProof }';
const PROVE = 'mutation($code: String!) { proveEmail(code: $code) }';
const ME = 'query { me { emailVerified } }';
const CHECK = `query($couponId: String!) { checkCoupon(couponId: $couponId) { valid } }`;
const APPLY = `mutation($email: String!, $couponId: String!) { applyCouponToEmail(email: $email, couponId: $couponId) }`;
const CONFIRM = `mutation($token: String!) { confirmCoupon(token: $token) }`;
const MONTHLY = { id: 'coach-performance-monthly' };
const TOO_MANY = 'Too many coupon attempts. Please wait a few minutes and try again.';

const wrongCode = (code: string, offset: number) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');
const messageOf = (response: GraphQLResponse<unknown>) => response.errors?.[0]?.message;
const publicCall = <T = Record<string, any>>(query: string, variables: Record<string, unknown>, callerAddress: string) =>
  graphqlFrom<T>(callerAddress, query, variables);

/** Signed in, from an address of the test's own (the signed-in coupon calls count per address too). */
const signedInAddress = newLoopbackAddress();
const signedIn = (account: RoleAccount, query: string, variables: Record<string, unknown> = {}) =>
  graphqlFrom(signedInAddress, query, variables, { token: account.token });
const profileOf = async (userId: string) =>
  (await db().send(new GetCommand({ TableName: stackUrls().tableName, Key: userItem.key({ id: userId }), ConsistentRead: true }))).Item;
const trialClaimOf = async (userId: string) =>
  (await db().send(new GetCommand({ TableName: stackUrls().tableName, Key: trialClaimItem.key({ userId }), ConsistentRead: true }))).Item;
const stripeSubscriptionsOf = async (email: string) => {
  const customers = (await standInStripe().customers.list({ email, limit: 10 })).data;
  return (
    await Promise.all(customers.map(async (customer) => (await standInStripe().subscriptions.list({ customer: customer.id, limit: 10 })).data))
  ).flat();
};

beforeAll(() => useStackEnvironment());

describe('a trial needs a proven mailbox', () => {
  it('refuses an unproven account with the message, changing nothing; after the mailed code proves it, the trial starts', async () => {
    const account = await accountWithRole('GAMER', 'proof.trial');
    expect((await signedIn(account, ME)).data?.me).toEqual({ emailVerified: false });
    const refused = await signedIn(account, TRIAL, { where: MONTHLY });
    expect(refused.errors?.[0]).toMatchObject({
      errorType: 'EmailNotProven',
      message: 'Please confirm your e-mail address first: we send you a code.',
    });
    expect(refused.data?.startTrial ?? null).toBeNull();
    expect(await trialClaimOf(account.id)).toBeUndefined();
    expect(await stripeSubscriptionsOf(account.email)).toEqual([]);
    expect((await logInAccount(account.email)).groups).not.toContain('DIRECTOR');

    await proveMailbox(account);
    expect((await signedIn(account, ME)).data?.me).toEqual({ emailVerified: true });
    expect(await profileOf(account.id)).toMatchObject({ emailVerified: true });
    expect((await signedIn(account, TRIAL, { where: MONTHLY })).data?.startTrial).toMatchObject({ status: 'trialing', amountDue: 0 });
    expect((await logInAccount(account.email)).groups).toContain('DIRECTOR');
  });
});

describe('proving a mailbox', () => {
  it('a code works once, however many parallel requests bring it; a proven account is told so', async () => {
    const account = await accountWithRole('GAMER', 'proof.once');
    const since = new Date();
    expect((await signedIn(account, SEND_PROOF)).data?.sendEmailProof).toBe(true);
    const code = await emailProofCodeFor(account.email, since);
    expect((await readOutbox(account.email)).at(-1)).toMatchObject({ subject: 'Your FitGauge e-mail confirmation code' });

    // As many as the code's guesses, so each is checked: one proves the mailbox, the others find the code spent.
    const answers = await Promise.all(Array.from({ length: EMAIL_PROOF_MAX_ATTEMPTS }, () => signedIn(account, PROVE, { code })));
    expect(answers.filter((answer) => answer.data?.proveEmail === true)).toHaveLength(1);
    expect(answers.map(messageOf).filter(Boolean)).toEqual(Array(EMAIL_PROOF_MAX_ATTEMPTS - 1).fill(EMAIL_PROOF_MESSAGES.codeInvalid));
    expect((await signedIn(account, ME)).data?.me).toEqual({ emailVerified: true });
    expect(messageOf(await signedIn(account, SEND_PROOF))).toBe(EMAIL_PROOF_MESSAGES.alreadyProven);
  });

  it('counts parallel wrong guesses: after 5 the right code is refused too, and a new code works', async () => {
    const account = await accountWithRole('GAMER', 'proof.guesses');
    const since = new Date();
    await signedIn(account, SEND_PROOF);
    const code = await emailProofCodeFor(account.email, since);
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, index) => signedIn(account, PROVE, { code: wrongCode(code, index + 1) })));
    expect(guesses.every((guess) => guess.errors !== undefined)).toBe(true);
    expect(guesses.filter((guess) => messageOf(guess) === EMAIL_PROOF_MESSAGES.codeInvalid)).toHaveLength(EMAIL_PROOF_MAX_ATTEMPTS);
    expect(messageOf(await signedIn(account, PROVE, { code }))).toBe(EMAIL_PROOF_MESSAGES.attemptsUsed);
    expect((await signedIn(account, ME)).data?.me).toEqual({ emailVerified: false });

    const again = new Date();
    await signedIn(account, SEND_PROOF);
    expect((await signedIn(account, PROVE, { code: await emailProofCodeFor(account.email, again) })).data?.proveEmail).toBe(true);
  });

  it('mails at most 3 codes an hour to an account', async () => {
    const account = await accountWithRole('GAMER', 'proof.mails');
    const answers = await Promise.all(Array.from({ length: 6 }, () => signedIn(account, SEND_PROOF)));
    expect(answers.filter((answer) => answer.data?.sendEmailProof === true)).toHaveLength(3);
    expect(answers.map(messageOf).filter(Boolean)).toEqual(Array(3).fill(EMAIL_PROOF_MESSAGES.tooManyMails));
    expect((await readOutbox(account.email)).filter((mail) => mail.subject === 'Your FitGauge e-mail confirmation code')).toHaveLength(3);
  });
});

describe('applyCouponToEmail', () => {
  it('answers known and unknown e-mails alike, for a valid and for an invalid code', async () => {
    const known = await accountWithRole('GAMER', 'coupon.known');
    const unknown = freshEmail('coupon.nobody');
    const address = newLoopbackAddress();
    const strip = ({ status, data, errors }: GraphQLResponse<unknown>) => ({
      status,
      data,
      errors: errors?.map(({ errorType, message }) => ({ errorType, message })),
    });
    for (const couponId of ['WELCOME20', 'NOSUCHCODE']) {
      const [forKnown, forUnknown] = await Promise.all([
        publicCall(APPLY, { email: known.email, couponId }, address),
        publicCall(APPLY, { email: unknown, couponId }, address),
      ]);
      expect(strip(forKnown)).toEqual(strip(forUnknown));
    }
    expect(strip(await publicCall(APPLY, { email: unknown, couponId: 'WELCOME20' }, address))).toEqual({
      status: 200,
      data: { applyCouponToEmail: true },
      errors: undefined,
    });
    expect(messageOf(await publicCall(APPLY, { email: unknown, couponId: 'NOSUCHCODE' }, address))).toBe('Invalid coupon');
  });

  it("signed out, or signed in as someone else, changes another's account only once its mailbox opens the link", async () => {
    const owner = await accountWithRole('GAMER', 'coupon.owner');
    await proveMailbox(owner);
    const stranger = await accountWithRole('GAMER', 'coupon.stranger');
    await proveMailbox(stranger);
    const since = new Date();
    expect((await publicCall(APPLY, { email: owner.email, couponId: 'FULLPASS' }, newLoopbackAddress())).data?.applyCouponToEmail).toBe(true);
    expect((await signedIn(stranger, APPLY, { email: owner.email, couponId: 'WELCOME20' })).data?.applyCouponToEmail).toBe(true);
    expect(await profileOf(owner.id)).not.toHaveProperty('appSubscriptionReason');
    expect(await dynamoBillingStore.payment(owner.id, couponPaymentId(owner.id, 'FULLPASS'))).toBeNull();
    expect(await dynamoBillingStore.payment(owner.id, couponPaymentId(owner.id, 'WELCOME20'))).toBeNull();
    expect(await profileOf(stranger.id)).not.toHaveProperty('appSubscriptionReason');

    const mails = (await readOutbox(owner.email)).filter((mail) => new Date(mail.sentAt) >= since);
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your FitGauge coupon', 'Confirm your FitGauge coupon']);
    // The mail and its link name the account they credit.
    for (const mail of mails) {
      expect(mail.text).toContain(`to the FitGauge account ${owner.email}, made on `);
      expect(mail.text).toContain(`&account=${encodeURIComponent(owner.email)}`);
    }
    const token = await couponLinkTokenFor(owner.email, since);
    const confirmations = await Promise.all(Array.from({ length: 5 }, () => publicCall(CONFIRM, { token }, newLoopbackAddress())));
    expect(confirmations.filter((answer) => answer.data?.confirmCoupon === true)).toHaveLength(1);
    expect(await profileOf(owner.id)).toMatchObject({ appSubscriptionReason: 'FGPRO' });
    expect(await dynamoBillingStore.payment(owner.id, couponPaymentId(owner.id, 'FULLPASS'))).toMatchObject({ method: 'coupon', status: 'active' });
    expect(await dynamoBillingStore.payment(owner.id, couponPaymentId(owner.id, 'WELCOME20'))).toBeNull();
  });

  it('applies at once for the signed-in owner of the proven e-mail, and not before he proved it', async () => {
    const gamer = await accountWithRole('GAMER', 'coupon.self');
    expect((await signedIn(gamer, APPLY, { email: gamer.email, couponId: 'WELCOME20' })).data?.applyCouponToEmail).toBe(true);
    expect(await dynamoBillingStore.payment(gamer.id, couponPaymentId(gamer.id, 'WELCOME20'))).toBeNull();
    await proveMailbox(gamer);
    expect((await signedIn(gamer, APPLY, { email: gamer.email, couponId: 'WELCOME20' })).data?.applyCouponToEmail).toBe(true);
    expect(await dynamoBillingStore.payment(gamer.id, couponPaymentId(gamer.id, 'WELCOME20'))).toMatchObject({ method: 'coupon', status: 'active' });
  });
});

describe('an account that has not proven its mailbox', () => {
  it('cannot be credited: no link goes to the address, so its owner cannot credit an account sitting on it', async () => {
    // Someone signed up with another person's address and never proved it.
    const squatter = await accountWithRole('GAMER', 'coupon.squatter');
    const since = new Date();
    for (const couponId of ['FULLPASS', 'WELCOME20'])
      expect((await publicCall(APPLY, { email: squatter.email, couponId }, newLoopbackAddress())).data?.applyCouponToEmail).toBe(true);
    expect((await signedIn(squatter, APPLY, { email: squatter.email, couponId: 'FULLPASS' })).data?.applyCouponToEmail).toBe(true);
    expect((await readOutbox(squatter.email)).filter((mail) => new Date(mail.sentAt) >= since)).toEqual([]);
    expect(await dynamoBillingStore.payment(squatter.id, 'coupon-FULLPASS')).toBeNull();
    expect(await profileOf(squatter.id)).not.toHaveProperty('appSubscriptionReason');
  });

  it('is not credited by a live link either, nor is an account that no longer has the mailed address', async () => {
    const unproven = await accountWithRole('GAMER', 'coupon.unproven');
    const proven = await accountWithRole('GAMER', 'coupon.moved');
    await proveMailbox(proven);
    const claimFor = async (userId: string, email: string) => {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await dynamoCouponClaimStore.put({
        tokenHash: createHash('sha256').update(token).digest('base64url'),
        userId,
        email,
        couponId: 'FULLPASS',
        expiresAt: Math.floor(now.getTime() / 1000) + 3600,
        createdAt: now.toISOString(),
      });
      return token;
    };
    for (const token of [await claimFor(unproven.id, unproven.email), await claimFor(proven.id, freshEmail('coupon.elsewhere'))]) {
      expect(messageOf(await publicCall(CONFIRM, { token }, newLoopbackAddress()))).toBe(COUPON_LINK_INVALID);
    }
    expect(await dynamoBillingStore.payment(unproven.id, 'coupon-FULLPASS')).toBeNull();
    expect(await dynamoBillingStore.payment(proven.id, 'coupon-FULLPASS')).toBeNull();
  });
});

describe('coupon limits', () => {
  it('checkCoupon: parallel calls from one address get exactly its allowance, the rest the limit message', async () => {
    const address = newLoopbackAddress();
    const { limit } = COUPON_LIMITS.check.perAddress;
    const answers = await inParallel(Array.from({ length: limit + 10 }), 12, () => publicCall(CHECK, { couponId: 'WELCOME20' }, address));
    expect(answers.filter((answer) => answer.data?.checkCoupon?.valid === true)).toHaveLength(limit);
    expect(answers.filter((answer) => answer.errors?.[0]?.errorType === 'TooManyRequests' && messageOf(answer) === TOO_MANY)).toHaveLength(10);
    expect((await publicCall(CHECK, { couponId: 'WELCOME20' }, newLoopbackAddress())).data?.checkCoupon).toEqual({ valid: true });
  });

  it('checkCoupon: a signed-in caller gets his own allowance', async () => {
    const account = await accountWithRole('GAMER', 'coupon.checker');
    const { limit } = COUPON_LIMITS.check.perCaller;
    const answers = await Promise.all(Array.from({ length: limit + 3 }, () => signedIn(account, CHECK, { couponId: 'NOSUCHCODE' })));
    expect(answers.filter((answer) => answer.data?.checkCoupon?.valid === false)).toHaveLength(limit);
    expect(answers.map(messageOf).filter(Boolean)).toEqual(Array(3).fill(TOO_MANY));
  });

  it('applyCouponToEmail: parallel calls from one address get exactly its allowance, unknown codes included', async () => {
    const address = newLoopbackAddress();
    const { limit } = COUPON_LIMITS.apply.perAddress;
    const answers = await inParallel(Array.from({ length: limit + 5 }), 12, () =>
      publicCall(APPLY, { email: freshEmail('coupon.flood'), couponId: 'NOSUCHCODE' }, address),
    );
    expect(answers.filter((answer) => messageOf(answer) === 'Invalid coupon')).toHaveLength(limit);
    expect(answers.filter((answer) => messageOf(answer) === TOO_MANY)).toHaveLength(5);
  });
});
