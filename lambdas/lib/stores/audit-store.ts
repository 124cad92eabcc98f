import { randomUUID } from 'node:crypto';
import { defineItem } from '../db/item';
import { type Page, type PageRequest, partitionQuery, query } from '../db/table';
import type { TransactItem } from './transactions';

/**
 * The audit log (admin back office): every admin mutation writes one entry saying who did what to whom, when, and the
 * fields before and after, inside the same TransactWriteItems as the change itself, so a refused or failed change
 * leaves no entry and an applied one always has its entry. Stores that run admin mutations take an `AuditEntry` and
 * add `auditTransactItem(entry)` to their transaction.
 */
export interface AuditEntry {
  /** The admin who acted (Cognito sub) and his e-mail as it was then. */
  actorId: string;
  actorEmail: string;
  /** The GraphQL field that made the change (`updateUserRole`, `createVideo`, ...). */
  action: string;
  /** What was changed: its kind (`User`, `Video`, `Payment`, ...), id and a readable label (an e-mail, a title). */
  targetType: string;
  targetId: string;
  targetLabel: string;
  /** The changed fields before and after (null for a creation / a deletion). Keep them small: no files, no secrets. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface AuditRecord extends AuditEntry {
  id: string;
  at: string;
}

/** An audit-log entry: under its actor, newest last (an actor's entries: one Query, read backwards). */
export const auditItem = defineItem<AuditRecord>()({
  type: 'Audit',
  key: ({ actorId, at, id }: { actorId: string; at: string; id: string }) => ({ pk: `AUDIT#${actorId}`, sk: `${at}#${id}` }),
  indexes: {
    /** The entries about one target (a user, a video, a payment...). */
    gsi1: ({ targetId, at, id }: { targetId: string; at: string; id: string }) => ({ gsi1pk: `AUDIT_TARGET#${targetId}`, gsi1sk: `${at}#${id}` }),
    /** Every entry on one gsi2 partition, by time (the admin page, newest first). */
    gsi2: ({ at, id }: { at: string; id: string }) => ({ gsi2pk: 'AUDIT', gsi2sk: `${at}#${id}` }),
  },
});

/** The labelled transaction item that records `entry`; its label `audit` never fails (a fresh id). */
export function auditTransactItem(entry: AuditEntry, at = new Date().toISOString()): { label: 'audit'; item: TransactItem } {
  const record: AuditRecord = { ...entry, id: randomUUID(), at };
  return {
    label: 'audit',
    item: auditItem.put(record, { ConditionExpression: 'attribute_not_exists(pk)' }),
  };
}

/** Which entries the audit page lists: all, one actor's, one target's, or one actor's on one target. */
interface AuditFilter {
  actorId?: string | null;
  targetId?: string | null;
}

/**
 * Entries newest first, a page at a time: an actor's from his partition, a target's from gsi1 (filtered by actor when
 * both are given), otherwise every entry from gsi2. Key conditions only, never a Scan.
 */
export async function listAuditEntries({ actorId, targetId }: AuditFilter, page: PageRequest): Promise<Page<AuditRecord>> {
  const input = targetId
    ? {
        ...partitionQuery('gsi1', auditItem.indexes.gsi1({ targetId, at: '', id: '' }).gsi1pk),
        ...(actorId ? { FilterExpression: 'actorId = :actor' } : {}),
      }
    : actorId
      ? partitionQuery('table', auditItem.key({ actorId, at: '', id: '' }).pk)
      : partitionQuery('gsi2', auditItem.indexes.gsi2({ at: '', id: '' }).gsi2pk);
  if (targetId && actorId) input.ExpressionAttributeValues = { ...input.ExpressionAttributeValues, ':actor': actorId };
  const { items, cursor } = await query({ ...input, ScanIndexForward: false }, page);
  return { items: items.map(auditItem.decode), cursor };
}
