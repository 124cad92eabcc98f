/**
 * The admin payments page (docs/billing.md, "Admin: payments"): the filtered listing, its count and statistics, and
 * manual payments. The filter reads one Query per status on its listing partition over the created-at range, or the
 * one user's payments when an e-mail is given; the role and text filters apply to what that read (docs/data-model.md #62).
 */
import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_REASONS } from '@core/billing/subscription-reasons';
import { subscriptionConfigById } from '@core/billing/plans';
import { methodOf, paymentEnd, paymentStats } from '@core/billing/payment-report';
import { shiftDay } from '@core/dates';
import {
  type createPaymentArgsSchema,
  type findManyPaymentsArgsSchema,
  PAYMENT_STATUSES,
  PAYMENTS_PAGE_SIZE,
  type PaymentWhere,
} from '@core/billing/admin-validation';
import type { z } from 'zod';
import type { Actor } from '../lib/audit-actor';
import { NotFoundError, ValidationError } from '../lib/errors';
import { type PaymentRecord, TooManyPayments } from '../lib/stores/billing-store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { UserRecord } from '../lib/stores/user-store';
import type { BillingDeps } from './deps';

/** Payments one filtered request reads at most per status (a wider range is refused: narrow it). */
const MAX_PAYMENTS_READ = 10_000;
/** A manual payment's product: the Pro app an admin grants. */
const MANUAL_PRODUCT_NAME = 'FitGauge Pro';

interface PaymentWithUser {
  payment: PaymentRecord;
  user: UserRecord | null;
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;

/** The payments matching the filter, newest first, each with its payer's profile. */
async function matchingPayments(where: PaymentWhere | null | undefined, deps: BillingDeps): Promise<PaymentWithUser[]> {
  const statuses = where?.status ? [where.status] : PAYMENT_STATUSES;
  // Whole UTC days; the end day is included (docs/billing.md, the payments filter).
  const from = where?.createdFrom ? dayStart(where.createdFrom) : '0';
  const to = where?.createdTo ? dayStart(shiftDay(where.createdTo, 1)) : '~';
  let payments: PaymentRecord[];
  if (where?.email) {
    const payer = await deps.users.findByEmail(where.email);
    payments = payer
      ? (await deps.billing.paymentsOf(payer.id)).filter(
          (payment) => statuses.includes(payment.status) && payment.createdAt >= from && payment.createdAt < to,
        )
      : [];
  } else {
    try {
      payments = (await Promise.all(statuses.map((status) => deps.billing.paymentsCreatedBetween(status, from, to, MAX_PAYMENTS_READ)))).flat();
    } catch (error) {
      if (error instanceof TooManyPayments) throw new ValidationError(error.message);
      throw error;
    }
  }
  const search = where?.search?.toLowerCase();
  if (search) payments = payments.filter((payment) => [payment.coupon, payment.productId].some((text) => text?.toLowerCase().includes(search)));
  const users = new Map((await deps.users.getMany(payments.map((payment) => payment.userId))).map((user) => [user.id, user]));
  return payments
    .map((payment) => ({ payment, user: users.get(payment.userId) ?? null }))
    .filter(({ user }) => !where?.role || user?.role === where.role)
    .sort((a, b) => b.payment.createdAt.localeCompare(a.payment.createdAt) || b.payment.id.localeCompare(a.payment.id));
}

/** The admin and his action as the audit log names them: his id and his profile's e-mail (access tokens carry no e-mail). */
export async function auditActorOf({ caller, action }: Actor, deps: BillingDeps): Promise<{ actorId: string; actorEmail: string; action: string }> {
  return { actorId: caller.sub, actorEmail: caller.email ?? (await deps.users.get(caller.sub))?.email ?? '', action };
}

/** A payment as the Payment type shows it. */
function paymentView({ payment, user }: PaymentWithUser) {
  const config = payment.subscriptionConfigId ? subscriptionConfigById(payment.subscriptionConfigId) : undefined;
  return {
    id: payment.id,
    User: { id: payment.userId, email: user?.email ?? '', role: user?.role ?? null },
    method: methodOf(payment.method),
    coupon: payment.coupon,
    productId: payment.productId,
    paymentFrequency: payment.paymentFrequency,
    SubscriptionConfig: { name: config?.name ?? payment.productName },
    productPrice: payment.productPrice,
    status: payment.status,
    createdAt: payment.createdAt,
    endSubscriptionAt: paymentEnd(payment.createdAt, payment.paymentFrequency, payment.endSubscriptionAt),
  };
}

export async function findManyPayments({ where, take, skip }: z.infer<typeof findManyPaymentsArgsSchema>, deps: BillingDeps) {
  const start = skip ?? 0;
  return (await matchingPayments(where, deps)).slice(start, start + (take ?? PAYMENTS_PAGE_SIZE)).map(paymentView);
}

export async function aggregatePayments(where: PaymentWhere | null | undefined, deps: BillingDeps) {
  return { count: (await matchingPayments(where, deps)).length };
}

export async function getPaymentStats(where: PaymentWhere | null | undefined, deps: BillingDeps) {
  return paymentStats((await matchingPayments(where, deps)).map(({ payment }) => payment));
}

/**
 * A manual payment (docs/billing.md, `createPayment`): an active Payment of method `manual` from now to one month or
 * one year later, and the Pro Admin reason on the profile (what a paid subscription gives the account), written with
 * the audit entry in one transaction.
 */
export async function createManualPayment(actor: Actor, { data }: z.infer<typeof createPaymentArgsSchema>, deps: BillingDeps) {
  const user = await deps.users.findByEmail(data.email);
  if (!user) throw new NotFoundError('No account has this e-mail.');
  const at = deps.now().toISOString();
  const payment: PaymentRecord = {
    id: `manual-${randomUUID()}`,
    userId: user.id,
    subscriptionConfigId: null,
    productName: MANUAL_PRODUCT_NAME,
    productPrice: null,
    productId: null,
    paymentFrequency: data.paymentFrequency,
    subscriptionId: null,
    status: 'active',
    method: 'manual',
    endTrialAt: null,
    endSubscriptionAt: paymentEnd(at, data.paymentFrequency, null),
    coupon: null,
    teamId: null,
    createdAt: at,
    updatedAt: at,
  };
  const reason = SUBSCRIPTION_REASONS.proAdmin;
  try {
    await deps.billing.addManualPayment(payment, reason, {
      ...(await auditActorOf(actor, deps)),
      targetType: 'User',
      targetId: user.id,
      targetLabel: user.email,
      before: { appSubscriptionReason: user.appSubscriptionReason ?? SUBSCRIPTION_REASONS.free },
      after: {
        appSubscriptionReason: reason,
        paymentId: payment.id,
        paymentFrequency: payment.paymentFrequency,
        endSubscriptionAt: payment.endSubscriptionAt,
      },
    });
  } catch (error) {
    if (error instanceof TransactionRefused && error.label === 'profile') throw new NotFoundError('No account has this e-mail.');
    throw error;
  }
  return paymentView({ payment, user });
}
