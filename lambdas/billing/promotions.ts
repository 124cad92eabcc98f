/**
 * Promotions (docs/billing.md, "Admin: promotions"): an admin uploads a CSV of codes; each becomes a one-time code
 * that /coupon redeems (coupons.ts). The file travels base64-encoded in the mutation, at most 256 KB.
 */
import { randomUUID } from 'node:crypto';
import { parsePromotionCodes } from '@core/billing/promotion-codes';
import type { addPromotionArgsSchema } from '@core/billing/admin-validation';
import type { z } from 'zod';
import { ConflictError, ValidationError } from '../lib/errors';
import { PromotionCodeTaken, type PromotionRecord } from './promotion-store';
import type { Actor } from '../lib/audit-actor';
import { auditActorOf } from './admin-payments';
import type { BillingDeps } from './deps';

/** The file's text, refused when its bytes are not UTF-8 (a spreadsheet or an image renamed .csv). */
function csvText(base64: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64'));
  } catch {
    throw new ValidationError('The file is not a CSV text file.');
  }
}

export async function addPromotion(actor: Actor, { file, promotionName, platform }: z.infer<typeof addPromotionArgsSchema>, deps: BillingDeps) {
  const parsed = parsePromotionCodes(csvText(file.content));
  if ('error' in parsed) throw new ValidationError(parsed.error);
  const promotion: PromotionRecord = {
    id: randomUUID(),
    promotionName,
    platform,
    codeCount: parsed.codes.length,
    createdBy: actor.caller.sub,
    createdAt: deps.now().toISOString(),
  };
  try {
    await deps.promotions.create(promotion, parsed.codes, {
      ...(await auditActorOf(actor, deps)),
      targetType: 'Promotion',
      targetId: promotion.id,
      targetLabel: promotionName,
      before: null,
      after: { promotionName, platform, codeCount: promotion.codeCount, fileName: file.name },
    });
  } catch (error) {
    if (error instanceof PromotionCodeTaken) throw new ConflictError(error.message);
    throw error;
  }
  return { id: promotion.id, promotionName, platform, codeCount: promotion.codeCount };
}
