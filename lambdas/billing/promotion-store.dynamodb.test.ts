import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { db } from '../lib/db/client';
import {
  dynamoPromotionStore as promotions,
  ORPHAN_CODE_AGE_MS,
  PromotionCodeTaken,
  promotionCodeItem,
  type PromotionRecord,
} from './promotion-store';

// Orphan codes on DynamoDB Local (jest project `dynamodb`): a creation cut off between its transactions leaves codes
// without their promotion; a later file takes them over once no creation can still be writing them.
jest.setTimeout(60_000);

const audit = {
  actorId: 'admin',
  actorEmail: 'admin@fitgauge.test',
  action: 'addPromotion',
  targetType: 'Promotion',
  targetId: 'x',
  targetLabel: 'x',
  before: null,
  after: null,
};
const MINUTE = 60_000;

const freshCode = () => `ORPHAN-${randomUUID().slice(0, 8)}`.toUpperCase();
const freshCodes = (count: number) => Array.from({ length: count }, freshCode);

function promotionAt(at: number): PromotionRecord {
  return { id: randomUUID(), promotionName: 'Store test', platform: 'Web', codeCount: 0, createdBy: 'admin', createdAt: new Date(at).toISOString() };
}

/** A code as a creation cut off after its first transaction leaves it: written, its promotion never. */
async function orphanCode(code: string, writtenAt: number): Promise<string> {
  const item = { code, promotionId: randomUUID(), platform: 'Web' as const, createdAt: new Date(writtenAt).toISOString() };
  await db().send(new PutCommand({ TableName: config.tableName, Item: promotionCodeItem.encode(item) }));
  return item.promotionId;
}

const outcome = (write: Promise<void>) =>
  write.then(
    () => 'written',
    (error: unknown) => (error instanceof PromotionCodeTaken ? `taken ${error.code}` : error),
  );

describe('promotion store: orphan codes', () => {
  it('takes over an orphan code written before the longest creation could run, in a file of several transactions', async () => {
    const now = Date.now();
    const orphan = freshCode();
    await orphanCode(orphan, now - ORPHAN_CODE_AGE_MS - MINUTE);
    const codes = [...freshCodes(120), orphan];
    const promotion = promotionAt(now);
    expect(await outcome(promotions.create(promotion, codes, audit))).toBe('written');
    const stored = await Promise.all(codes.map((code) => promotions.code(code)));
    expect(new Set(stored.map((code) => code?.promotionId))).toEqual(new Set([promotion.id]));
  });

  it('keeps a recent code without its promotion (its creation may still be writing) and writes nothing of the file', async () => {
    const now = Date.now();
    const pending = freshCode();
    const pendingPromotion = await orphanCode(pending, now - 5 * MINUTE);
    const others = freshCodes(3);
    expect(await outcome(promotions.create(promotionAt(now), [...others, pending], audit))).toBe(`taken ${pending}`);
    expect((await promotions.code(pending))?.promotionId).toBe(pendingPromotion);
    expect(await Promise.all(others.map((code) => promotions.code(code)))).toEqual([null, null, null]);
  });

  it('keeps an old code whose promotion exists', async () => {
    const now = Date.now();
    const code = freshCode();
    const first = promotionAt(now - 60 * MINUTE);
    await promotions.create(first, [code], audit);
    expect(await outcome(promotions.create(promotionAt(now), [code], audit))).toBe(`taken ${code}`);
    expect((await promotions.code(code))?.promotionId).toBe(first.id);
  });

  it('gives an orphan code to exactly one of two files uploaded at once', async () => {
    const now = Date.now();
    const orphan = freshCode();
    await orphanCode(orphan, now - ORPHAN_CODE_AGE_MS - MINUTE);
    const files = [promotionAt(now), promotionAt(now)];
    const results = await Promise.all(files.map((promotion) => outcome(promotions.create(promotion, [freshCode(), orphan], audit))));
    expect([...results].sort()).toEqual([`taken ${orphan}`, 'written']);
    expect((await promotions.code(orphan))?.promotionId).toBe(files[results.indexOf('written')]!.id);
  });
});
