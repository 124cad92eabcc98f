import { randomUUID } from 'node:crypto';
import {
  createVideoInstructorArgsSchema,
  createVideoSeriesArgsSchema,
  imageUploadArgsSchema,
  seriesCoverPrefix,
  updateVideoInstructorArgsSchema,
  updateVideoSeriesArgsSchema,
  VIDEO_MESSAGES,
  whereArgsSchema,
} from '@core/videos';
import type { Caller } from '../lib/appsync';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { checkUploadedImage } from '../lib/image-uploads';
import type { VideoInstructorRecord, VideoSeriesRecord } from '../lib/stores/video-store';
import { parseInput } from '../lib/validation';
import type { VideoDeps } from './deps';
import { imageUploadUnder, presentSeries } from './present';
import { auditOf, changedFields } from './audit';
import { refusedAs } from './refusals';

/** Instructors and series (docs/videos.md, "Operations"), managed from a video's Details tab; names are unique in any case. */

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

export async function createVideoInstructor(caller: Caller, args: unknown, deps: VideoDeps) {
  const { data } = parseInput(createVideoInstructorArgsSchema, args);
  const at = deps.now().toISOString();
  const instructor: VideoInstructorRecord = { id: randomUUID(), fullName: data.fullName, createdAt: at, updatedAt: at };
  await refusedAs(() =>
    deps.videos.putInstructor(
      null,
      instructor,
      auditOf(caller, 'createVideoInstructor', instructorTarget(instructor), null, { fullName: instructor.fullName }),
    ),
  );
  return instructor;
}

export async function updateVideoInstructor(caller: Caller, args: unknown, deps: VideoDeps) {
  const { where, data } = parseInput(updateVideoInstructorArgsSchema, args);
  const before = await getInstructor(deps, where.id);
  const after = { ...before, fullName: data.fullName, updatedAt: deps.now().toISOString() };
  const { before: was, after: is } = changedFields(before, after);
  await refusedAs(() => deps.videos.putInstructor(before, after, auditOf(caller, 'updateVideoInstructor', instructorTarget(after), was, is)), {
    instructor: () => new ConflictError(VIDEO_MESSAGES.changedMeanwhile),
  });
  return after;
}

export async function deleteVideoInstructor(caller: Caller, args: unknown, deps: VideoDeps) {
  const { where } = parseInput(whereArgsSchema, args);
  const instructor = await getInstructor(deps, where.id);
  await refusedAs(() =>
    deps.videos.deleteInstructor(
      instructor,
      auditOf(caller, 'deleteVideoInstructor', instructorTarget(instructor), { fullName: instructor.fullName }, null),
      deps.now().toISOString(),
    ),
  );
  return instructor;
}

export async function createVideoSeries(caller: Caller, args: unknown, deps: VideoDeps) {
  const { data } = parseInput(createVideoSeriesArgsSchema, args);
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
  await refusedAs(() =>
    deps.videos.putSeries(null, series, auditOf(caller, 'createVideoSeries', seriesTarget(series), null, { name: series.name, basic: series.basic })),
  );
  return presentSeries(series, deps);
}

export async function updateVideoSeries(caller: Caller, args: unknown, deps: VideoDeps) {
  const { where, data } = parseInput(updateVideoSeriesArgsSchema, args);
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
  await refusedAs(() => deps.videos.putSeries(before, after, auditOf(caller, 'updateVideoSeries', seriesTarget(after), was, is)), {
    series: () => new ConflictError(VIDEO_MESSAGES.changedMeanwhile),
  });
  return presentSeries(after, deps);
}

export async function deleteVideoSeries(caller: Caller, args: unknown, deps: VideoDeps) {
  const { where } = parseInput(whereArgsSchema, args);
  const series = await getSeries(deps, where.id);
  await refusedAs(() =>
    deps.videos.deleteSeries(
      series,
      auditOf(caller, 'deleteVideoSeries', seriesTarget(series), { name: series.name }, null),
      deps.now().toISOString(),
    ),
  );
  return presentSeries(series, deps);
}

/** A cover image upload, step 1 (like avatars); updateVideoSeries(coverImage: key) checks the image and sets it. */
export async function uploadVideoSeriesCoverImage(args: unknown, deps: VideoDeps) {
  const { where, file } = parseInput(imageUploadArgsSchema, args);
  const series = await getSeries(deps, where.id);
  return imageUploadUnder(seriesCoverPrefix(series.id), file, deps);
}
