import { VIDEO_MESSAGES } from '@core/videos';
import { ConflictError, NotFoundError } from '../lib/errors';
import { TransactionRefused } from '../lib/stores/transactions';
import type { VideoRefusal } from '../lib/stores/video-store';

/** What the caller is told when a rule of the store refused a write (docs/videos.md, "Uniqueness", for the uniqueness rules). */
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

/** The caller's error for what a store write threw: a refusal's message (`overrides` naming a better one for some labels), else the error itself. */
export function asCallerError(error: unknown, overrides: Partial<Record<VideoRefusal, () => Error>> = {}): unknown {
  if (!(error instanceof TransactionRefused)) return error;
  const make = overrides[error.label as VideoRefusal] ?? REFUSALS[error.label as VideoRefusal];
  return make ? make() : error;
}

/** Runs a store write; a refusal becomes the caller's error. */
export async function refusedAs<T>(write: () => Promise<T>, overrides: Partial<Record<VideoRefusal, () => Error>> = {}): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw asCallerError(error, overrides);
  }
}
