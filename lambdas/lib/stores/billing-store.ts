import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem, sortKeyPrefix } from '../db/item';
import { userPartition } from '../db/keys';
import { type Item, isConditionFailure, partitionQuery, query } from '../db/table';
import { type AuditEntry, auditTransactItem } from './audit-store';
import { purchaseItem, seatItem, teamSubscriptionItem } from './subscription-store';
import { teamSeatsItem } from './team-store';
import { userItem } from './user-store';
import { type TransactItem, transact, TransactionRefused } from './transactions';

/**
 * Billing records written from Stripe's word (docs/billing.md, docs/data-model.md "Billing items"): payments, the
 * Stripe customer of an account, trial claims, and a subscription's state onto the payment, the dashboard purchase,
 * the team's subscription and its extra seats, each under the ordering condition that keeps the latest state.
 */

export type PaymentMethod = 'card' | 'coupon' | 'manual' | 'ios-appstore' | 'android-playstore';
export type PaymentStatus = 'active' | 'canceled' | 'expired';

/** A Payment (docs/data-model.md, "Items and keys"). */
export interface PaymentRecord {
  id: string;
  userId: string;
  subscriptionConfigId: string | null;
  productName: string;
  productPrice: number | null;
  productId: string | null;
  paymentFrequency: 'monthly' | 'yearly' | null;
  subscriptionId: string | null;
  status: PaymentStatus;
  method: PaymentMethod;
  endTrialAt: string | null;
  endSubscriptionAt: string | null;
  coupon: string | null;
  teamId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What one Stripe subscription says at one moment, with what our metadata on it says it is for. */
export interface SubscriptionState {
  subscriptionId: string;
  userId: string;
  kind: 'dashboard' | 'seats';
  /** A renewal's or the seats' team (subscription metadata); a first dashboard purchase has none. */
  teamId: string | null;
  stripeStatus: string;
  /** Why it ended, when Stripe says (`payment_failed` makes the payment `expired`). */
  cancellationReason: string | null;
  /** Unix seconds: the end of the current period, and when Stripe reported this state (event `created`). */
  periodEndsAt: number;
  stateAt: number;
  trialEndsAt: number | null;
  quantity: number;
  subscriptionConfigId: string;
  productName: string;
  productId: string;
  productPrice: number;
  paymentFrequency: 'monthly' | 'yearly';
  coupon: string | null;
  /** Unix seconds the subscription was created. */
  createdAt: number;
}

export interface BillingStore {
  customerOf(userId: string): Promise<string | null>;
  /** Records the account's Stripe customer unless one is recorded; answers the one that is. */
  claimCustomer(userId: string, customerId: string, at: string): Promise<string>;
  /** One trial per account: answers the subscription that holds the claim (another one when the account had a trial). */
  claimTrial(userId: string, subscriptionId: string, at: string): Promise<string>;
  payment(userId: string, paymentId: string): Promise<PaymentRecord | null>;
  /** Every payment of the account (one Query of its partition). */
  paymentsOf(userId: string): Promise<PaymentRecord[]>;
  /** A payment that is not a Stripe subscription's (coupon, manual, app stores); false when its id exists. */
  addPayment(payment: PaymentRecord): Promise<boolean>;
  /**
   * Payments of one status created from `from` (included) to `to` (excluded), ISO instants, newest first: one Query
   * of the status's listing partition on the range (gsi2). Refuses past `max` items (the caller narrows the range).
   */
  paymentsCreatedBetween(status: PaymentStatus, from: string, to: string, max: number): Promise<PaymentRecord[]>;
  /** The payments a coupon or promotion code paid for, oldest first (gsi1). */
  paymentsWithCoupon(coupon: string): Promise<PaymentRecord[]>;
  /**
   * An admin's manual payment: the Payment, the profile's subscription reason and the audit entry in one transaction.
   * TransactionRefused('profile') when the profile is gone, ('payment') when the id exists.
   */
  addManualPayment(payment: PaymentRecord, appSubscriptionReason: string, audit: AuditEntry): Promise<void>;
  /** The profile's subscription reason (a coupon's Pro); false when there is no such profile. */
  setSubscriptionReason(userId: string, appSubscriptionReason: string, at: string): Promise<boolean>;
  /** The profile's role becomes DIRECTOR unless it is DIRECTOR or an admin role already. */
  promoteProfileToDirector(userId: string, at: string): Promise<void>;
  /** Writes a subscription's state onto its records where it is the latest; answers the team it runs, if any. */
  applySubscription(state: SubscriptionState): Promise<{ teamId: string | null }>;
  /**
   * Adds extra seats until the team has as many as the seat subscription's quantity (never removes); records the
   * seat subscription. `quantityNow` asks Stripe after each read of the seats, so a quantity lowered meanwhile
   * (deleteTeamSeat lowers Stripe's first) is never added back.
   */
  growSeats(teamId: string, userId: string, subscriptionId: string, quantityNow: () => Promise<number>, at: string): Promise<void>;
  /** The team's seat subscription and its extra seats, if it has bought any. */
  seatSubscriptionOf(teamId: string): Promise<{ subscriptionId: string; extraSeats: number } | null>;
}

const TableName = () => config.tableName;

/** More payments in a listed range than one request reads. */
export class TooManyPayments extends Error {
  constructor(readonly max: number) {
    super(`More than ${max} payments match; choose a shorter date range or a user e-mail.`);
    this.name = 'TooManyPayments';
  }
}
const RUNNING = ['active', 'trialing'];
const ENDED = ['canceled', 'incomplete_expired'];
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The payment status a Stripe subscription status shows as (active, canceled, expired: docs/billing.md, "Webhooks"). */
function paymentStatusOf(stripeStatus: string, cancellationReason: string | null): PaymentStatus {
  if (stripeStatus === 'incomplete_expired' || stripeStatus === 'unpaid') return 'expired';
  if (stripeStatus === 'canceled') return cancellationReason === 'payment_failed' ? 'expired' : 'canceled';
  return 'active';
}

/**
 * The Payment item: its record under the payer, in the admin listing of its status (gsi2) and, when a coupon or
 * promotion code paid for it, under that code (gsi1, coupon score reports).
 */
const paymentItem = defineItem<PaymentRecord>()({
  type: 'Payment',
  key: ({ userId, id }: { userId: string; id: string }) => ({ pk: userPartition(userId), sk: `PAYMENT#${id}` }),
  indexes: {
    /** The payments made with a coupon or promotion code (upper-cased), by creation (coupon score reports). */
    gsi1: ({ coupon, createdAt, id }: { coupon?: string | null; createdAt: string; id: string }) =>
      coupon ? { gsi1pk: `COUPON#${coupon.toUpperCase()}`, gsi1sk: `PAYMENT#${createdAt}#${id}` } : undefined,
    /** Payments of one status on one gsi2 partition, by creation (admin payments page: a status and a created-at range). */
    gsi2: ({ status, createdAt, id }: { status: string; createdAt: string; id: string }) => ({
      gsi2pk: `PAYMENTS#${status}`,
      gsi2sk: `${createdAt}#${id}`,
    }),
  },
});

/** The Put of a new Payment (refused when its id exists). */
export const paymentPut = (payment: PaymentRecord): TransactItem => paymentItem.put(payment, { ConditionExpression: 'attribute_not_exists(pk)' });

/** The Update that gives an existing profile a subscription reason (refused when there is no profile). */
export const subscriptionReasonUpdate = (userId: string, appSubscriptionReason: string, at: string): TransactItem =>
  userItem.update(
    { id: userId },
    {
      UpdateExpression: 'SET appSubscriptionReason = :reason, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':reason': appSubscriptionReason, ':at': at },
    },
  );

/** The Stripe customer of an account. */
const billingCustomerItem = defineItem<{ userId: string; customerId: string; createdAt: string }>()({
  type: 'BillingCustomer',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'BILLING_CUSTOMER' }),
  encode: ({ customerId, createdAt }) => ({ customerId, createdAt }),
});

/** One trial per account: the subscription that took it. */
export const trialClaimItem = defineItem<{ userId: string; subscriptionId: string; createdAt: string }>()({
  type: 'TrialClaim',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'TRIAL' }),
  encode: ({ subscriptionId, createdAt }) => ({ subscriptionId, createdAt }),
});

/** `SET a = :a, ...` of the fields, with `if_not_exists` for those only a first write sets. */
function updateOf(fields: Item, firstOnly: Item = {}) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = [
    ...Object.entries(fields).map(([name, value]) => {
      names[`#${name}`] = name;
      values[`:${name}`] = value;
      return `#${name} = :${name}`;
    }),
    ...Object.entries(firstOnly).map(([name, value]) => {
      names[`#${name}`] = name;
      values[`:${name}`] = value;
      return `#${name} = if_not_exists(#${name}, :${name})`;
    }),
  ];
  return { UpdateExpression: `SET ${sets.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/**
 * The ordering condition (docs/data-model.md): the stored state is replaced only when it has not ended and the new one
 * is later (period end, then event time); an ended state replaces any state that has not ended. `statusAttribute`
 * holds the Stripe status on the item; `#periodEndsAt` / `#stateAt` come from updateOf.
 */
function orderingCondition(state: SubscriptionState, statusAttribute: string) {
  const notEnded = 'NOT (#orderStatus IN (:endedA, :endedB))';
  const later = ENDED.includes(state.stripeStatus)
    ? notEnded
    : `(${notEnded} AND (#periodEndsAt < :periodEndsAt OR (#periodEndsAt = :periodEndsAt AND #stateAt <= :stateAt)))`;
  // Stripe never takes a subscription back to incomplete, its first state: an incomplete state replaces only an
  // incomplete one. Two events of the same second (incomplete, then active, as a first payment makes them) may arrive
  // in either order, and the stored time alone cannot tell which is later.
  const first = state.stripeStatus === 'incomplete' ? ' AND #orderStatus = :incomplete' : '';
  return {
    // Joined with AND only: DynamoDB refuses redundant parentheses, and where it is used the whole is ANDed (an incomplete
    // state never takes over a team's subscription).
    expression: `(attribute_not_exists(#periodEndsAt) OR ${later})${first}`,
    names: { '#orderStatus': statusAttribute },
    values: { ':endedA': ENDED[0], ':endedB': ENDED[1], ...(first ? { ':incomplete': 'incomplete' } : {}) },
  };
}

/** An update under the ordering condition; a state that does not run only updates a record that exists. */
function withCondition(update: ReturnType<typeof updateOf>, ordering: ReturnType<typeof orderingCondition>, running: boolean) {
  return {
    ...update,
    ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...ordering.names },
    ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...ordering.values },
    ConditionExpression: `${running ? '' : 'attribute_exists(pk) AND '}${ordering.expression}`,
  };
}

/** Runs a conditional update; false when the condition refused it (a later state is stored). */
async function updateIfLatest(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<Item | null | false> {
  try {
    const { Attributes } = await db().send(new UpdateCommand(input));
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export const dynamoBillingStore: BillingStore = {
  async customerOf(userId) {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: billingCustomerItem.key({ userId }), ConsistentRead: true }));
    return (Item?.customerId as string | undefined) ?? null;
  },
  async claimCustomer(userId, customerId, at) {
    try {
      await db().send(
        new PutCommand(billingCustomerItem.put({ userId, customerId, createdAt: at }, { ConditionExpression: 'attribute_not_exists(pk)' }).Put),
      );
      return customerId;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return (await this.customerOf(userId))!;
    }
  },
  async claimTrial(userId, subscriptionId, at) {
    try {
      await db().send(
        new PutCommand(trialClaimItem.put({ userId, subscriptionId, createdAt: at }, { ConditionExpression: 'attribute_not_exists(pk)' }).Put),
      );
      return subscriptionId;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: trialClaimItem.key({ userId }), ConsistentRead: true }));
      return Item!.subscriptionId as string;
    }
  },
  async payment(userId, paymentId) {
    const { Item } = await db().send(
      new GetCommand({ TableName: TableName(), Key: paymentItem.key({ userId, id: paymentId }), ConsistentRead: true }),
    );
    return Item ? paymentItem.decode(Item) : null;
  },
  async paymentsOf(userId) {
    const { pk, sk } = paymentItem.key({ userId, id: '' });
    const { items } = await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true });
    return items.map(paymentItem.decode);
  },
  async addPayment(payment) {
    try {
      await db().send(new PutCommand(paymentPut(payment).Put!));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
  async paymentsCreatedBetween(status, from, to, max) {
    const { items } = await query(
      {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
        // `#` sorts below every id character, `~` above: the range is [from, to).
        ExpressionAttributeValues: {
          ':pk': paymentItem.indexes.gsi2({ status, createdAt: '', id: '' }).gsi2pk,
          ':from': `${from}#`,
          ':to': `${to}#`,
        },
        ScanIndexForward: false,
      },
      { limit: max + 1 },
    );
    if (items.length > max) throw new TooManyPayments(max);
    return items.map(paymentItem.decode);
  },
  async paymentsWithCoupon(coupon) {
    const { gsi1pk, gsi1sk } = paymentItem.indexes.gsi1({ coupon, createdAt: '', id: '' })!;
    const { items } = await query(partitionQuery('gsi1', gsi1pk, sortKeyPrefix(gsi1sk)));
    return items.map(paymentItem.decode);
  },
  async addManualPayment(payment, appSubscriptionReason, audit) {
    await transact([
      { label: 'payment', item: paymentPut(payment) },
      { label: 'profile', item: subscriptionReasonUpdate(payment.userId, appSubscriptionReason, payment.createdAt) },
      auditTransactItem(audit, payment.createdAt),
    ]);
  },
  async setSubscriptionReason(userId, appSubscriptionReason, at) {
    const done = await updateIfLatest({
      TableName: TableName(),
      Key: userItem.key({ id: userId }),
      ...updateOf({ appSubscriptionReason, updatedAt: at }),
      ConditionExpression: 'attribute_exists(pk)',
    });
    return done !== false;
  },
  async promoteProfileToDirector(userId, at) {
    await updateIfLatest({
      TableName: TableName(),
      Key: userItem.key({ id: userId }),
      ...updateOf({ role: 'DIRECTOR', updatedAt: at }),
      ExpressionAttributeValues: { ':role': 'DIRECTOR', ':updatedAt': at, ':director': 'DIRECTOR', ':admin': 'ADMIN', ':superadmin': 'SUPERADMIN' },
      ConditionExpression: 'attribute_exists(pk) AND NOT (#role IN (:director, :admin, :superadmin))',
    });
  },

  async applySubscription(state) {
    const at = iso(state.stateAt);
    const running = RUNNING.includes(state.stripeStatus);
    const common = { periodEndsAt: state.periodEndsAt, stateAt: state.stateAt, updatedAt: at };
    const endSubscriptionAt = iso(state.periodEndsAt);

    // The payment: made once the subscription runs, then kept current.
    const listed = {
      status: paymentStatusOf(state.stripeStatus, state.cancellationReason),
      coupon: state.coupon,
      createdAt: iso(state.createdAt),
      id: state.subscriptionId,
    };
    const payment = updateOf(
      {
        ...common,
        userId: state.userId,
        subscriptionConfigId: state.subscriptionConfigId,
        productName: state.productName,
        productPrice: state.productPrice,
        productId: state.productId,
        paymentFrequency: state.paymentFrequency,
        subscriptionId: state.subscriptionId,
        status: paymentStatusOf(state.stripeStatus, state.cancellationReason),
        stripeStatus: state.stripeStatus,
        method: 'card',
        endTrialAt: state.trialEndsAt === null ? null : iso(state.trialEndsAt),
        endSubscriptionAt,
        coupon: state.coupon,
        teamId: state.teamId,
        type: paymentItem.type,
        ...paymentItem.indexes.gsi2(listed),
        ...paymentItem.indexes.gsi1(listed),
      },
      { id: state.subscriptionId, createdAt: iso(state.createdAt) },
    );
    await updateIfLatest({
      TableName: TableName(),
      Key: paymentItem.key({ userId: state.userId, id: state.subscriptionId }),
      ...withCondition(payment, orderingCondition(state, 'stripeStatus'), running),
    });
    if (state.kind !== 'dashboard') return { teamId: state.teamId };

    const subscriptionFields = {
      ...common,
      userId: state.userId,
      subscriptionId: state.subscriptionId,
      productName: state.productName,
      status: state.stripeStatus,
      paymentFrequency: state.paymentFrequency,
      method: 'card',
      endSubscriptionAt,
    };
    let teamId = state.teamId;
    if (!teamId) {
      // A first purchase: the director's purchase until createTeam ties it to a team (then its teamId says which).
      const purchase = updateOf({ ...subscriptionFields, id: state.subscriptionId, type: purchaseItem.type }, { createdAt: iso(state.createdAt) });
      const stored = await updateIfLatest({
        TableName: TableName(),
        Key: purchaseItem.key({ userId: state.userId, id: state.subscriptionId }),
        ...withCondition(purchase, orderingCondition(state, 'status'), running),
        ReturnValues: 'ALL_NEW',
      });
      teamId = stored ? ((stored.teamId as string | undefined) ?? null) : null;
      if (!teamId) return { teamId: null };
    }
    const team = updateOf({ ...subscriptionFields, teamId, type: teamSubscriptionItem.type }, { createdAt: at });
    const ordering = orderingCondition(state, 'status');
    // The team's own subscription moves on; a renewal takes over once it runs and the stored one has ended.
    const takeOver =
      running && state.teamId
        ? ' OR attribute_not_exists(pk) OR (#subscriptionId <> :subscriptionId AND (NOT (#status IN (:activeStatus, :trialingStatus)) OR #endSubscriptionAt < :now))'
        : '';
    await updateIfLatest({
      TableName: TableName(),
      Key: teamSubscriptionItem.key({ teamId }),
      ...team,
      ExpressionAttributeNames: { ...team.ExpressionAttributeNames, ...ordering.names },
      ExpressionAttributeValues: {
        ...team.ExpressionAttributeValues,
        ...ordering.values,
        ...(takeOver ? { ':activeStatus': 'active', ':trialingStatus': 'trialing', ':now': new Date().toISOString() } : {}),
      },
      ConditionExpression: `(#subscriptionId = :subscriptionId AND ${ordering.expression})${takeOver}`,
    });
    return { teamId };
  },

  async growSeats(teamId, userId, subscriptionId, quantityNow, at) {
    // Optimistic: the counter as read is the condition, so concurrent deliveries add the difference once.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: teamSeatsItem.key({ teamId }), ConsistentRead: true }));
      if (!Item) return;
      const current = (Item.extraSeats as number | undefined) ?? 0;
      const added = (await quantityNow()) - current;
      const seats = Array.from({ length: Math.max(0, added) }, () => {
        const id = randomUUID();
        const seat = { id, teamId, userId, subscriptionId, active: true, isDefaultSeat: false, createdAt: at };
        return { label: 'seat' as const, item: seatItem.put(seat, { ConditionExpression: 'attribute_not_exists(pk)' }) };
      });
      try {
        await transact([
          {
            label: 'seats' as const,
            item: teamSeatsItem.update(
              { teamId },
              {
                UpdateExpression: `SET seatSubscriptionId = :subscription${added > 0 ? ' ADD gamerSeats :added, extraSeats :added' : ''}`,
                ConditionExpression: current === 0 ? 'attribute_not_exists(extraSeats) OR extraSeats = :zero' : 'extraSeats = :current',
                ExpressionAttributeValues: {
                  ':subscription': subscriptionId,
                  ...(added > 0 ? { ':added': added } : {}),
                  ...(current === 0 ? { ':zero': 0 } : { ':current': current }),
                },
              },
            ),
          },
          ...seats,
        ]);
        return;
      } catch (error) {
        if (!(error instanceof TransactionRefused)) throw error;
      }
    }
    throw new Error(`Extra seats of team ${teamId} kept changing; Stripe will deliver the event again.`);
  },
  async seatSubscriptionOf(teamId) {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: teamSeatsItem.key({ teamId }), ConsistentRead: true }));
    if (!Item?.seatSubscriptionId) return null;
    return { subscriptionId: Item.seatSubscriptionId as string, extraSeats: (Item.extraSeats as number | undefined) ?? 0 };
  },
};
