import type { Actor } from '../lib/audit-actor';
import type { AuditEntry } from '../lib/stores/audit-store';

/** The audit entry of an admin's change to a content item. */
export function auditOf(
  { caller, action }: Actor,
  target: { type: 'Video' | 'VideoQuestion' | 'VideoInstructor' | 'VideoSeries'; id: string; label: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditEntry {
  return {
    actorId: caller.sub,
    actorEmail: caller.email ?? '',
    action,
    targetType: target.type,
    targetId: target.id,
    targetLabel: target.label,
    before,
    after,
  };
}

/** The fields whose values differ, before and after (the audit keeps only those). */
export function changedFields<T extends object>(before: T, after: T): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const names = (Object.keys(after) as (keyof T)[]).filter(
    (name) => name !== 'updatedAt' && JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
  };
}
