import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import { defineItem } from '../lib/db/item';
import { batchDelete, isConditionFailure } from '../lib/db/table';
import { type AuditEntry, auditTransactItem } from '../lib/stores/audit-store';
import { paymentPut, type PaymentRecord, subscriptionReasonUpdate } from '../lib/stores/billing-store';
import { MAX_TRANSACTION_ITEMS, type TransactItem, transact, TransactionRefused } from '../lib/stores/transactions';

/**
 * Promotions (docs/billing.md, "Promotions"): a batch of one-time codes an admin uploads as a CSV. Each code is its own
 * item, found by the code; it is redeemed once on /coupon, in one transaction with the coupon Payment (which the coupon
 * score reports find by the code) and the profile's Pro reason. A code counts only while its promotion item exists:
 * the promotion is written last, with its audit entry, so codes of a creation that failed half-way are never usable,
 * and a later file may take them over (ORPHAN_CODE_AGE_MS).
 */

export type PromotionPlatform = 'Web' | 'iOS' | 'Android';

export interface PromotionRecord {
  id: string;
  promotionName: string;
  platform: PromotionPlatform;
  codeCount: number;
  createdBy: string;
  createdAt: string;
}

export interface PromotionCodeRecord {
  /** Upper-cased, as stored in the key. */
  code: string;
  promotionId: string;
  platform: PromotionPlatform;
  createdAt: string;
  redeemedBy?: string;
  redeemedAt?: string;
}

/** A code of the file that another promotion already holds. */
export class PromotionCodeTaken extends Error {
  constructor(readonly code: string) {
    super(`The code ${code} already exists in another promotion.`);
    this.name = 'PromotionCodeTaken';
  }
}

type RedeemRefusal = 'code' | 'promotion' | 'payment' | 'profile';

const TableName = () => config.tableName;
const CODE_LABEL = 'code:';

/** A promotion (a batch of one-time codes from a CSV), listed newest first on gsi2. */
const promotionItem = defineItem<PromotionRecord>()({
  type: 'Promotion',
  key: ({ id }: { id: string }) => ({ pk: `PROMOTION#${id}`, sk: 'PROMOTION' }),
  indexes: { gsi2: ({ createdAt, id }: { createdAt: string; id: string }) => ({ gsi2pk: 'PROMOTIONS', gsi2sk: `${createdAt}#${id}` }) },
});

/** One code of a promotion, by the code itself (upper-cased): redeemed once on /coupon. */
export const promotionCodeItem = defineItem<PromotionCodeRecord>()({
  type: 'PromotionCode',
  key: ({ code }: { code: string }) => ({ pk: `PROMO_CODE#${code.toUpperCase()}`, sk: 'PROMO_CODE' }),
});

function codePut(code: PromotionCodeRecord): { label: string; item: TransactItem } {
  return { label: `${CODE_LABEL}${code.code}`, item: promotionCodeItem.put(code, { ConditionExpression: 'attribute_not_exists(pk)' }) };
}

/**
 * Lambda's longest run: a code older than this whose promotion does not exist is an orphan of a creation cut off
 * between its transactions (it can never become usable), not one still being written.
 */
export const ORPHAN_CODE_AGE_MS = 15 * 60_000;

/**
 * Writes the codes (each refused when it exists), then the promotion with its audit entry. A refused code removes
 * the codes this call wrote and throws PromotionCodeTaken naming it.
 */
async function writePromotion(promotion: PromotionRecord, codes: readonly string[], audit: AuditEntry): Promise<void> {
  const items = codes.map((code) =>
    codePut({ code: code.toUpperCase(), promotionId: promotion.id, platform: promotion.platform, createdAt: promotion.createdAt }),
  );
  const promotionItems = [
    {
      label: 'promotion',
      item: promotionItem.put(promotion, { ConditionExpression: 'attribute_not_exists(pk)' }),
    },
    auditTransactItem(audit, promotion.createdAt),
  ];
  const room = MAX_TRANSACTION_ITEMS - promotionItems.length;
  const written: string[] = [];
  try {
    for (let start = 0; start < items.length - room; start += MAX_TRANSACTION_ITEMS) {
      const chunk = items.slice(start, Math.min(start + MAX_TRANSACTION_ITEMS, items.length - room));
      await transact(chunk);
      written.push(...chunk.map(({ label }) => label.slice(CODE_LABEL.length)));
    }
    await transact([...items.slice(Math.max(0, items.length - room)), ...promotionItems]);
  } catch (error) {
    if (written.length > 0) await batchDelete(written.map((code) => promotionCodeItem.key({ code })));
    if (error instanceof TransactionRefused && error.label.startsWith(CODE_LABEL)) throw new PromotionCodeTaken(error.label.slice(CODE_LABEL.length));
    throw error;
  }
}

/**
 * Deletes the code when it is an orphan: its promotion does not exist, it was written over ORPHAN_CODE_AGE_MS before
 * `now` and nobody redeemed it. Whether the code may be tried again (deleted, by this call or meanwhile).
 */
async function removeOrphanCode(code: string, now: number): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: promotionCodeItem.key({ code }), ConsistentRead: true }));
  if (!Item) return true;
  const record = promotionCodeItem.decode(Item);
  if (record.redeemedBy || now - Date.parse(record.createdAt) < ORPHAN_CODE_AGE_MS) return false;
  const promotion = await db().send(
    new GetCommand({ TableName: TableName(), Key: promotionItem.key({ id: record.promotionId }), ConsistentRead: true }),
  );
  if (promotion.Item) return false;
  try {
    await db().send(
      new DeleteCommand({
        TableName: TableName(),
        Key: promotionCodeItem.key({ code }),
        ConditionExpression: 'promotionId = :promotion AND attribute_not_exists(redeemedBy)',
        ExpressionAttributeValues: { ':promotion': record.promotionId },
      }),
    );
  } catch (error) {
    // Taken over by another upload meanwhile: trying again answers whether it holds the code now.
    if (!isConditionFailure(error)) throw error;
  }
  return true;
}

export const dynamoPromotionStore = {
  /**
   * Writes the promotion and its codes (writePromotion). A code another promotion holds refuses the file with
   * PromotionCodeTaken; an orphan code left by a creation cut off half-way is removed and the file written again.
   */
  async create(promotion: PromotionRecord, codes: readonly string[], audit: AuditEntry): Promise<void> {
    const now = Date.parse(promotion.createdAt);
    // Each retry follows the removal of one orphan, so there are at most as many as codes.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await writePromotion(promotion, codes, audit);
      } catch (error) {
        if (!(error instanceof PromotionCodeTaken) || attempt >= codes.length || !(await removeOrphanCode(error.code, now))) throw error;
      }
    }
  },

  async code(code: string): Promise<PromotionCodeRecord | null> {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: promotionCodeItem.key({ code }), ConsistentRead: true }));
    return Item ? promotionCodeItem.decode(Item) : null;
  },

  /**
   * Redeems a code once: marks it redeemed by the payer (refused when it already is), checks its promotion exists,
   * writes the coupon Payment and the profile's reason, all in one transaction. Throws TransactionRefused with a
   * RedeemRefusal.
   */
  async redeem(code: PromotionCodeRecord, payment: PaymentRecord, appSubscriptionReason: string): Promise<void> {
    const at = payment.createdAt;
    await transact<RedeemRefusal>([
      {
        label: 'code',
        item: promotionCodeItem.update(code, {
          UpdateExpression: 'SET redeemedBy = :user, redeemedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(redeemedBy)',
          ExpressionAttributeValues: { ':user': payment.userId, ':at': at },
        }),
      },
      { label: 'promotion', item: promotionItem.check({ id: code.promotionId }, { ConditionExpression: 'attribute_exists(pk)' }) },
      { label: 'payment', item: paymentPut(payment) },
      { label: 'profile', item: subscriptionReasonUpdate(payment.userId, appSubscriptionReason, at) },
    ]);
  },
};

export type PromotionStore = typeof dynamoPromotionStore;
