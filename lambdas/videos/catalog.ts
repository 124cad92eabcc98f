import { randomUUID } from 'node:crypto';
import {
  type createVideoInstructorArgsSchema,
  type createVideoSeriesArgsSchema,
  type imageUploadArgsSchema,
  seriesCoverPrefix,
  type updateVideoInstructorArgsSchema,
  type updateVideoSeriesArgsSchema,
  VIDEO_MESSAGES,
} from '@core/videos';
import type { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { checkUploadedImage } from '../lib/image-uploads';
import type { VideoInstructorRecord, VideoSeriesRecord } from '../lib/stores/video-store';
import type { VideoDeps } from './deps';
import { imageUploadUnder, presentSeries } from './present';
import type { Actor } from '../lib/audit-actor';
import { auditOf, changedFields } from './audit';
import { refusedAs } from './refusals';

/**
 * Instructors and series (docs/videos.md, "Operations"), managed from a video's Details tab; names are unique in any case.
 * The arguments come parsed by the fields' schemas (./fields.ts).
 */

const byName =
  <T>(name: (item: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b), 'en', { sensitivity: 'base' });
const instructorTarget = (instructor: VideoInstructorRecord) => ({ type: 'VideoInstructor' as const, id: instructor.id, label: instructor.fullName });
const seriesTarget = (series: VideoSeriesRecord) => ({ type: 'VideoSeries' as const, id: series.id, label: series.name });

export async function videoInstructorsAndSeries(deps: VideoDeps) {
  const [instructors, series] = await Promise.all([deps.videos.instructors(), deps.videos.series()]);
  return {
    instructors: instructors.sort(byName((instructor) => instructor.fullName)),
    series: await Promise.all(series.sort(byName((one) => one.name)).map((one) => presentSeries(one, deps))),
  };
}

async function getInstructor(deps: VideoDeps, id: string) {
  const instructor = await deps.videos.getInstructor(id);
  if (!instructor) throw new NotFoundError(VIDEO_MESSAGES.instructorNotFound);
  return instructor;
}

async function getSeries(deps: VideoDeps, id: string) {
  const series = await deps.videos.getSeries(id);
  if (!series) throw new NotFoundError(VIDEO_MESSAGES.seriesNotFound);
  return series;
}

export async function createVideoInstructor(actor: Actor, { data }: z.infer<typeof createVideoInstructorArgsSchema>, deps: VideoDeps) {
  const at = deps.now().toISOString();
  const instructor: VideoInstructorRecord = { id: randomUUID(), fullName: data.fullName, createdAt: at, updatedAt: at };
  await refusedAs(() =>
    deps.videos.putInstructor(null, instructor, auditOf(actor, instructorTarget(instructor), null, { fullName: instructor.fullName })),
  );
  return instructor;
}

export async function updateVideoInstructor(actor: Actor, { where, data }: z.infer<typeof updateVideoInstructorArgsSchema>, deps: VideoDeps) {
  const before = await getInstructor(deps, where.id);
  const after = { ...before, fullName: data.fullName, updatedAt: deps.now().toISOString() };
  const { before: was, after: is } = changedFields(before, after);
  await refusedAs(() => deps.videos.putInstructor(before, after, auditOf(actor, instructorTarget(after), was, is)), {
    instructor: () => new ConflictError(VIDEO_MESSAGES.changedMeanwhile),
  });
  return after;
}

export async function deleteVideoInstructor(actor: Actor, instructorId: string, deps: VideoDeps) {
  const instructor = await getInstructor(deps, instructorId);
  await refusedAs(() =>
    deps.videos.deleteInstructor(
      instructor,
      auditOf(actor, instructorTarget(instructor), { fullName: instructor.fullName }, null),
      deps.now().toISOString(),
    ),
  );
  return instructor;
}

export async function createVideoSeries(actor: Actor, { data }: z.infer<typeof createVideoSeriesArgsSchema>, deps: VideoDeps) {
  const at = deps.now().toISOString();
  const series: VideoSeriesRecord = {
    id: randomUUID(),
    name: data.name,
    description: data.description || null,
    coverImage: null,
    basic: data.basic ?? false,
    createdAt: at,
    updatedAt: at,
  };
  await refusedAs(() => deps.videos.putSeries(null, series, auditOf(actor, seriesTarget(series), null, { name: series.name, basic: series.basic })));
  return presentSeries(series, deps);
}

export async function updateVideoSeries(actor: Actor, { where, data }: z.infer<typeof updateVideoSeriesArgsSchema>, deps: VideoDeps) {
  if (data.coverImage) {
    if (!data.coverImage.startsWith(seriesCoverPrefix(where.id))) throw new ValidationError(VIDEO_MESSAGES.imageKey);
    await checkUploadedImage(deps.bucket, data.coverImage);
  }
  const before = await getSeries(deps, where.id);
  const after: VideoSeriesRecord = {
    ...before,
    name: data.name ?? before.name,
    description: data.description === undefined ? before.description : data.description || null,
    basic: data.basic ?? before.basic,
    coverImage: data.coverImage === undefined ? before.coverImage : data.coverImage,
    updatedAt: deps.now().toISOString(),
  };
  const { before: was, after: is } = changedFields(before, after);
  await refusedAs(() => deps.videos.putSeries(before, after, auditOf(actor, seriesTarget(after), was, is)), {
    series: () => new ConflictError(VIDEO_MESSAGES.changedMeanwhile),
  });
  return presentSeries(after, deps);
}

export async function deleteVideoSeries(actor: Actor, seriesId: string, deps: VideoDeps) {
  const series = await getSeries(deps, seriesId);
  await refusedAs(() =>
    deps.videos.deleteSeries(series, auditOf(actor, seriesTarget(series), { name: series.name }, null), deps.now().toISOString()),
  );
  return presentSeries(series, deps);
}

/** A cover image upload, step 1 (like avatars); updateVideoSeries(coverImage: key) checks the image and sets it. */
export async function uploadVideoSeriesCoverImage({ where, file }: z.infer<typeof imageUploadArgsSchema>, deps: VideoDeps) {
  const series = await getSeries(deps, where.id);
  return imageUploadUnder(seriesCoverPrefix(series.id), file, deps);
}
