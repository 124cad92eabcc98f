/**
 * The admin money pages' API against the running local stack (docs/billing.md, "Admin"): payments with their filter,
 * count and statistics; manual payments; promotions from a CSV and their one-time codes on /coupon; coupon score
 * reports on the seeded WELCOME20 data; the audit entry each admin mutation writes in its own transaction. Who may
 * call each field is checked for every role by authorization-matrix.test.ts.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { scoreDayOf, shiftDay } from '@core/dates';
import { db } from '../../lambdas/lib/db/client';
import { auditItem } from '../../lambdas/lib/stores/audit-store';
import { accountWithRole, couponLinkTokenFor, freshEmail, proveMailbox, signUpAccount, type RoleAccount } from '../support/accounts';
import { inParallel } from '../support/in-parallel';
import { graphql, stackUrls, useStackEnvironment } from '../support/stack';

jest.setTimeout(120_000);

const PAYMENT_FIELDS =
  'id method coupon productId paymentFrequency status createdAt endSubscriptionAt User { id email role } SubscriptionConfig { name }';
const FIND = `query($where: PaymentWhereInput, $take: Int, $skip: Int) { findManyPayments(where: $where, take: $take, skip: $skip) { ${PAYMENT_FIELDS} } }`;
const COUNT = `query($where: PaymentWhereInput) { aggregatePayments(where: $where) { count } }`;
const STATS = `query($where: PaymentWhereInput) { getPaymentStats(where: $where) { coupons { coupon count } paymentMethods { method count } extra { teamInvites newSubscriptions } } }`;
const CREATE_PAYMENT = `mutation($data: CreatePaymentInput!) { createPayment(data: $data) { ${PAYMENT_FIELDS} } }`;
const ADD_PROMOTION = `mutation($file: PromotionFileInput!, $promotionName: String!, $platform: PromotionPlatform!) {
  addPromotion(file: $file, promotionName: $promotionName, platform: $platform) { id promotionName platform codeCount } }`;
const CONFIRM_COUPON = `mutation($token: String!) { confirmCoupon(token: $token) }`;
const APPLY = `mutation($email: String!, $couponId: String!) { applyCouponToEmail(email: $email, couponId: $couponId) }`;
const GAMERS = `query($couponId: String!, $startDate: AWSDate!, $endDate: AWSDate!) {
  getGamersFromCoupon(couponId: $couponId, startDate: $startDate, endDate: $endDate) { userId userEmail points { date value } } }`;
const TEAMS = `query($couponId: String!, $game: String, $startDate: AWSDate!, $endDate: AWSDate!) {
  getTeamsFromCoupon(couponId: $couponId, game: $game, startDate: $startDate, endDate: $endDate) { teamId teamName points { date value } } }`;
const ME = `query { me { appSubscriptionReason subscription } }`;

let admin: RoleAccount;
const today = () => scoreDayOf(new Date(), 'UTC');
/** Payments are filtered by their UTC calendar day (createdAt), not by score day: they differ from 0:00 to 4:00. */
const paymentDay = () => new Date().toISOString().slice(0, 10);

async function ok(who: { token: string }, query: string, variables: Record<string, unknown> = {}) {
  const { data, errors } = await graphql(query, variables, { token: who.token });
  expect(errors).toBeUndefined();
  return data!;
}

async function errorOf(who: { token: string }, query: string, variables: Record<string, unknown>) {
  const { errors } = await graphql(query, variables, { token: who.token });
  return { errorType: errors?.[0]?.errorType, message: errors?.[0]?.message };
}

/** The audit entries an admin wrote, oldest first (his own partition). */
async function auditOf(actorId: string) {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: stackUrls().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': auditItem.key({ actorId, at: '', id: '' }).pk },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

const csvFile = (lines: string[], name = 'codes.csv') => ({ name, content: Buffer.from(lines.join('\n')).toString('base64') });
const uniqueCodes = (count: number) => {
  const batch = Math.random().toString(36).slice(2, 8).toUpperCase();
  return Array.from({ length: count }, (_, index) => `P${batch}-${index + 1}`);
};
const apply = (email: string, couponId: string) => graphql<{ applyCouponToEmail: boolean }>(APPLY, { email, couponId }, { publicToken: true });

beforeAll(async () => {
  useStackEnvironment();
  admin = await accountWithRole('ADMIN', 'money.admin', 'Money Admin');
});

describe('manual payments', () => {
  it('grants the account Pro Admin, lists the payment with its end a year on, and writes one audit entry', async () => {
    const gamer = await accountWithRole('GAMER', 'money.manual');
    const { createPayment } = await ok(admin, CREATE_PAYMENT, { data: { email: gamer.email.toUpperCase(), paymentFrequency: 'yearly' } });
    expect(createPayment).toMatchObject({
      method: 'manual',
      status: 'active',
      paymentFrequency: 'yearly',
      User: { id: gamer.id, email: gamer.email, role: 'GAMER' },
    });
    const yearLater = new Date(createPayment.createdAt);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(createPayment.endSubscriptionAt).toBe(yearLater.toISOString());

    expect((await ok(gamer, ME)).me).toEqual({ appSubscriptionReason: 'FGPRO_ADMIN', subscription: 'Pro Admin' });
    const { findManyPayments } = await ok(admin, FIND, { where: { email: gamer.email, status: 'active' } });
    expect(findManyPayments).toEqual([createPayment]);

    const entries = await auditOf(admin.id);
    expect(entries.filter((entry) => entry.action === 'createPayment' && entry.targetId === gamer.id)).toEqual([
      expect.objectContaining({
        actorEmail: admin.email,
        targetType: 'User',
        targetLabel: gamer.email,
        before: { appSubscriptionReason: 'FGFREE' },
        after: expect.objectContaining({ appSubscriptionReason: 'FGPRO_ADMIN', paymentId: createPayment.id }),
      }),
    ]);
  });

  it('does the same through createManualPayment, a month on, audited under that name', async () => {
    const gamer = await accountWithRole('GAMER', 'money.manual2');
    const { createManualPayment } = await ok(admin, CREATE_PAYMENT.replace('createPayment', 'createManualPayment'), {
      data: { email: gamer.email, paymentFrequency: 'monthly' },
    });
    const monthLater = new Date(createManualPayment.createdAt);
    monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
    expect(createManualPayment).toMatchObject({ method: 'manual', paymentFrequency: 'monthly', endSubscriptionAt: monthLater.toISOString() });
    expect((await ok(gamer, ME)).me.subscription).toBe('Pro Admin');
    expect((await auditOf(admin.id)).filter((entry) => entry.targetId === gamer.id).map((entry) => entry.action)).toEqual(['createManualPayment']);
  });

  it('refuses an unknown e-mail and a missing frequency, changing nothing', async () => {
    const before = (await auditOf(admin.id)).length;
    expect(await errorOf(admin, CREATE_PAYMENT, { data: { email: freshEmail('nobody'), paymentFrequency: 'monthly' } })).toEqual({
      errorType: 'NotFound',
      message: 'No account has this e-mail.',
    });
    expect((await errorOf(admin, CREATE_PAYMENT, { data: { email: admin.email } })).errorType).toBeDefined();
    expect(await auditOf(admin.id)).toHaveLength(before);
  });

  it('is refused to a director', async () => {
    const director = await accountWithRole('DIRECTOR', 'money.director');
    expect((await errorOf(director, CREATE_PAYMENT, { data: { email: director.email, paymentFrequency: 'monthly' } })).errorType).toBe(
      'Unauthorized',
    );
  });
});

describe('the payments filter', () => {
  it('filters by status, an inclusive created-at range, role and coupon text, and counts what it lists', async () => {
    const gamer = await accountWithRole('GAMER', 'money.filter');
    await ok(admin, CREATE_PAYMENT, { data: { email: gamer.email, paymentFrequency: 'monthly' } });
    const lastWeek = { status: 'active', createdFrom: shiftDay(paymentDay(), -6), createdTo: paymentDay() };
    const ids = async (where: Record<string, unknown>) =>
      (await ok(admin, FIND, { where, take: 50 })).findManyPayments.map((payment: { User: { id: string } }) => payment.User.id);

    expect(await ids({ ...lastWeek, role: 'GAMER' })).toContain(gamer.id);
    // The end day is included: a range of today alone holds today's payment.
    expect(await ids({ status: 'active', createdFrom: paymentDay(), createdTo: paymentDay() })).toContain(gamer.id);
    expect(await ids({ ...lastWeek, role: 'DIRECTOR' })).not.toContain(gamer.id);
    expect(await ids({ ...lastWeek, status: 'canceled' })).not.toContain(gamer.id);
    expect(await ids({ status: 'active', createdFrom: shiftDay(paymentDay(), -20), createdTo: shiftDay(paymentDay(), -1) })).not.toContain(gamer.id);

    const welcome = (await ok(admin, FIND, { where: { search: 'welcome', status: 'active' }, take: 50 })).findManyPayments as {
      coupon: string;
      createdAt: string;
    }[];
    expect(welcome.length).toBeGreaterThanOrEqual(3);
    expect(welcome.every((payment) => payment.coupon === 'WELCOME20')).toBe(true);
    expect(welcome.map((payment) => payment.createdAt)).toEqual([...welcome.map((payment) => payment.createdAt)].sort().reverse());

    const where = { status: 'active' };
    const all = (await ok(admin, FIND, { where, take: 50 })).findManyPayments;
    expect((await ok(admin, COUNT, { where })).aggregatePayments.count).toBe(all.length);
    const page2 = (await ok(admin, FIND, { where, take: 2, skip: 2 })).findManyPayments;
    expect(page2).toEqual(all.slice(2, 4));
  });

  it('counts the filtered payments per coupon and per method', async () => {
    const { getPaymentStats } = await ok(admin, STATS, { where: { status: 'active', search: 'WELCOME20' } });
    const { findManyPayments } = await ok(admin, FIND, { where: { status: 'active', search: 'WELCOME20' }, take: 50 });
    expect(getPaymentStats.coupons).toEqual([{ coupon: 'WELCOME20', count: findManyPayments.length }]);
    const byMethod = Object.fromEntries(
      getPaymentStats.paymentMethods.map(({ method, count }: { method: string; count: number }) => [method, count]),
    );
    expect(byMethod.coupon).toBe(findManyPayments.filter((payment: { method: string }) => payment.method === 'coupon').length);
    // Night Owls' yearly dashboard was bought with WELCOME20.
    expect(getPaymentStats.extra.newSubscriptions).toBeGreaterThanOrEqual(1);
  });

  it('refuses a reversed range and an oversized search', async () => {
    expect((await errorOf(admin, FIND, { where: { createdFrom: paymentDay(), createdTo: shiftDay(paymentDay(), -1) } })).message).toBe(
      'createdFrom must not be after createdTo.',
    );
    expect((await errorOf(admin, FIND, { where: { search: 'x'.repeat(65) } })).message).toBe('search must be at most 64 characters.');
  });
});

describe('promotions', () => {
  it('refuses a CSV with a duplicate code, naming it, and writes nothing', async () => {
    const before = (await auditOf(admin.id)).length;
    const [first, second] = uniqueCodes(2);
    const refused = await errorOf(admin, ADD_PROMOTION, {
      file: csvFile(['code', first, second, first.toLowerCase()]),
      promotionName: 'Duplicates',
      platform: 'Web',
    });
    expect(refused).toEqual({ errorType: 'ValidationError', message: `The file has duplicate codes: ${first} (rows 2 and 4).` });
    expect((await apply((await signUpAccount(freshEmail('money.dup'))).user.email, second)).errors?.[0]?.message).toBe('Invalid coupon');
    expect(await auditOf(admin.id)).toHaveLength(before);
  });

  it('refuses a file that is not CSV, an empty one and a name over 40 characters', async () => {
    const promotion = { promotionName: 'Spring', platform: 'iOS' };
    expect((await errorOf(admin, ADD_PROMOTION, { ...promotion, file: csvFile(uniqueCodes(1), 'codes.xlsx') })).message).toBe(
      'The file must have a .csv extension.',
    );
    expect(
      (
        await errorOf(admin, ADD_PROMOTION, {
          ...promotion,
          file: { name: 'codes.csv', content: Buffer.from([0x50, 0x4b, 0xff, 0xfe, 0x00]).toString('base64') },
        })
      ).message,
    ).toBe('The file is not a CSV text file.');
    expect((await errorOf(admin, ADD_PROMOTION, { ...promotion, file: csvFile(['code', '']) })).message).toBe('The file is empty: it has no codes.');
    expect((await errorOf(admin, ADD_PROMOTION, { ...promotion, promotionName: 'x'.repeat(41), file: csvFile(uniqueCodes(1)) })).message).toBe(
      'promotionName should be less than 40 characters.',
    );
  });

  it('stores the codes so that each is redeemed once on /coupon, even in parallel, and the report finds who used it', async () => {
    const codes = uniqueCodes(3);
    const { addPromotion } = await ok(admin, ADD_PROMOTION, { file: csvFile(['code', ...codes]), promotionName: 'Launch week', platform: 'Android' });
    expect(addPromotion).toEqual({ id: expect.any(String), promotionName: 'Launch week', platform: 'Android', codeCount: 3 });
    expect((await auditOf(admin.id)).filter((entry) => entry.targetId === addPromotion.id)).toEqual([
      expect.objectContaining({
        action: 'addPromotion',
        targetType: 'Promotion',
        targetLabel: 'Launch week',
        after: expect.objectContaining({ codeCount: 3, platform: 'Android' }),
      }),
    ]);

    // Each redeemer's coupon waits for his mailbox (docs/billing.md): the code is redeemed when a link is opened.
    // Only a proven mailbox's account is creditable (docs/billing.md, "Who may redeem a coupon").
    const redeemers = await Promise.all(Array.from({ length: 6 }, () => signUpAccount(freshEmail('money.redeem'))));
    await Promise.all(redeemers.map(({ user, accessToken }) => proveMailbox({ email: user.email, token: accessToken })));
    const since = new Date();
    const claimed = await inParallel(redeemers, 6, ({ user }) => apply(user.email, codes[0].toLowerCase()));
    expect(claimed.map((answer) => answer.data?.applyCouponToEmail)).toEqual(Array(6).fill(true));
    const tokens = await Promise.all(redeemers.map(({ user }) => couponLinkTokenFor(user.email, since)));
    const answers = await inParallel(tokens, 6, (token) => graphql<{ confirmCoupon: boolean }>(CONFIRM_COUPON, { token }, { publicToken: true }));
    const winners = answers.flatMap((answer, index) => (answer.data?.confirmCoupon ? [redeemers[index].user] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.errors?.[0]?.message === 'Invalid coupon')).toHaveLength(5);

    const { getGamersFromCoupon } = await ok(admin, GAMERS, { couponId: codes[0], startDate: shiftDay(today(), -6), endDate: today() });
    expect(getGamersFromCoupon).toEqual([{ userId: winners[0].id, userEmail: winners[0].email, points: [] }]);
  });

  it('refuses a file whose code another promotion holds, leaving none of its codes usable and no audit entry', async () => {
    const taken = uniqueCodes(1)[0];
    await ok(admin, ADD_PROMOTION, { file: csvFile([taken]), promotionName: 'First', platform: 'Web' });
    const before = (await auditOf(admin.id)).length;
    // 150 codes: the first transaction of codes commits before the taken one refuses the second.
    const fresh = uniqueCodes(149);
    expect(await errorOf(admin, ADD_PROMOTION, { file: csvFile([...fresh, taken]), promotionName: 'Second', platform: 'Web' })).toEqual({
      errorType: 'Conflict',
      message: `The code ${taken} already exists in another promotion.`,
    });
    expect((await apply((await signUpAccount(freshEmail('money.orphan'))).user.email, fresh[0])).errors?.[0]?.message).toBe('Invalid coupon');
    expect(await auditOf(admin.id)).toHaveLength(before);
  });
});

describe('coupon score reports on the seeded WELCOME20 data', () => {
  const window = () => ({ startDate: shiftDay(today(), -29), endDate: today() });

  it('lists the gamers who redeemed WELCOME20 with their fgScore per day, one decimal', async () => {
    const { getGamersFromCoupon } = await ok(admin, GAMERS, { couponId: 'welcome20', ...window() });
    // Other suites on the shared stack redeem WELCOME20 with fresh accounts; of the demo gamers, exactly gamer6 to gamer8 did.
    const seeded = (getGamersFromCoupon as { userEmail: string; points: { date: string; value: number | null }[] }[]).filter((gamer) =>
      /^gamer\d+@fitgauge\.test$/.test(gamer.userEmail),
    );
    expect(seeded.map((gamer) => gamer.userEmail)).toEqual(['gamer6@fitgauge.test', 'gamer7@fitgauge.test', 'gamer8@fitgauge.test']);
    for (const gamer of seeded) {
      expect(gamer.points.length).toBeGreaterThan(10);
      const dates = gamer.points.map((point) => point.date);
      expect(dates).toEqual([...dates].sort());
      expect(dates.every((date) => date >= window().startDate && date <= window().endDate)).toBe(true);
      expect(gamer.points.every((point) => point.value !== null && Math.round(point.value * 10) === point.value * 10)).toBe(true);
    }
  });

  it('lists the teams bought with WELCOME20 with their average per day, and filters by game', async () => {
    const { getTeamsFromCoupon } = await ok(admin, TEAMS, { couponId: 'WELCOME20', ...window() });
    expect(getTeamsFromCoupon.map((team: { teamName: string }) => team.teamName)).toEqual(['Night Owls']);
    expect(getTeamsFromCoupon[0].points.length).toBeGreaterThan(10);
    expect((await ok(admin, TEAMS, { couponId: 'WELCOME20', game: 'Valorant', ...window() })).getTeamsFromCoupon).toHaveLength(1);
    expect((await ok(admin, TEAMS, { couponId: 'WELCOME20', game: 'Fortnite', ...window() })).getTeamsFromCoupon).toEqual([]);
  });

  it('is refused to a gamer and refuses a reversed window', async () => {
    const gamer = await accountWithRole('GAMER', 'money.report');
    expect((await errorOf(gamer, GAMERS, { couponId: 'WELCOME20', ...window() })).errorType).toBe('Unauthorized');
    expect((await errorOf(admin, GAMERS, { couponId: 'WELCOME20', startDate: today(), endDate: shiftDay(today(), -1) })).message).toBe(
      'startDate must not be after endDate.',
    );
  });
});
