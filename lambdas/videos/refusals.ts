import { VIDEO_MESSAGES } from '@core/videos';
import type { Caller } from '../lib/appsync';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { AuditEntry } from '../lib/stores/audit-store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { VideoRefusal } from '../lib/stores/video-store';

/** What the caller is told when a rule of the store refused a write (spec 001 section 8 for the uniqueness rules). */
const REFUSALS: Record<VideoRefusal, () => Error> = {
  title: () => new ConflictError(VIDEO_MESSAGES.duplicateTitle),
  episode: () => new ConflictError(VIDEO_MESSAGES.duplicateEpisode),
  slug: () => new ConflictError(VIDEO_MESSAGES.duplicateQuestion),
  instructorName: () => new ConflictError(VIDEO_MESSAGES.duplicateInstructor),
  seriesName: () => new ConflictError(VIDEO_MESSAGES.duplicateSeries),
  video: () => new ConflictError(VIDEO_MESSAGES.changedMeanwhile),
  question: () => new ConflictError(VIDEO_MESSAGES.changedMeanwhile),
  instructor: () => new NotFoundError(VIDEO_MESSAGES.instructorNotFound),
  series: () => new NotFoundError(VIDEO_MESSAGES.seriesNotFound),
  audit: () => new ConflictError(VIDEO_MESSAGES.changedMeanwhile),
};

/** Runs a store write; a refusal becomes the caller's error, `overrides` naming a better one for some labels. */
export async function refusedAs<T>(write: () => Promise<T>, overrides: Partial<Record<VideoRefusal, () => Error>> = {}): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TransactionRefused) throw (overrides[error.label as VideoRefusal] ?? REFUSALS[error.label as VideoRefusal] ?? (() => error))();
    throw error;
  }
}

/** The audit entry of an admin's change to a content item. */
export function auditOf(
  caller: Caller,
  action: string,
  target: { type: 'Video' | 'VideoQuestion' | 'VideoInstructor' | 'VideoSeries'; id: string; label: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditEntry {
  return { actorId: caller.sub, actorEmail: caller.email ?? '', action, targetType: target.type, targetId: target.id, targetLabel: target.label, before, after };
}

/** The fields whose values differ, before and after (the audit keeps only those). */
export function changedFields<T extends object>(before: T, after: T): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const names = (Object.keys(after) as (keyof T)[]).filter((name) => name !== 'updatedAt' && JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
  };
}
