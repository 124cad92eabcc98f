/**
 * Video content of the admin back office (docs/videos.md), shared by the videos Lambda and the web
 * pages: categories and their vault titles, the question texts, the slug rule, the messages and the calls' arguments.
 */
import { z } from 'zod';
import { imageUploadUrlArgsSchema } from './avatars';
import { boundedId, boundedInt, safeText } from './validation/fields';

export const VIDEO_CATEGORIES = [
  'c9tg',
  'meditation',
  'workouts',
  'yoga',
  'quick_drills',
  'breathing',
  'sleep',
  'gss',
  'beyond_the_game',
  'eye_health',
  'fg_university',
] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

/** The vault's group title of each category; videos of a basic series are grouped under GETTING_STARTED_TITLE instead. */
export const VIDEO_CATEGORY_TITLES: Record<VideoCategory, string> = {
  c9tg: 'Training Grounds',
  meditation: 'Meditation',
  workouts: 'Workouts',
  yoga: 'Yoga',
  quick_drills: 'Quick Drills',
  breathing: 'Breathing',
  sleep: 'Sleep',
  gss: 'Nutrition',
  beyond_the_game: 'Beyond the Game',
  eye_health: 'Eye Health',
  fg_university: 'FG University',
};
export const GETTING_STARTED_TITLE = 'Getting Started';

export const PILLAR_CATEGORIES = ['nutrition', 'mental', 'lifestyle', 'physical', 'sleep'] as const;
export type PillarCategory = (typeof PILLAR_CATEGORIES)[number];

/** Upload step 1's defaults (docs/videos.md, upload). */
export const DEFAULT_VIDEO_CATEGORY: VideoCategory = 'quick_drills';
export const DEFAULT_PILLAR_CATEGORY: PillarCategory = 'lifestyle';

export const VIDEO_WORKFLOW_STATUSES = ['WAITING_FOR_UPLOAD', 'UPLOADED', 'PROGRESSING', 'COMPLETE', 'ERROR'] as const;
export type VideoWorkflowStatus = (typeof VIDEO_WORKFLOW_STATUSES)[number];

export const VIDEO_QUESTION_TYPES = ['INT', 'BOOLEAN', 'STRING'] as const;
export type VideoQuestionType = (typeof VIDEO_QUESTION_TYPES)[number];
export const VIDEO_QUESTION_TYPE_LABELS: Record<VideoQuestionType, string> = { INT: 'Score', BOOLEAN: 'Binary', STRING: 'Text' };

export const VIDEO_QUESTION_SUB_TYPES = ['repetitions', 'rounds', 'time'] as const;
export type VideoQuestionSubType = (typeof VIDEO_QUESTION_SUB_TYPES)[number];

/** The default question texts, by type, and by sub-type for scores (docs/videos.md, Questions tab). */
export const DEFAULT_QUESTION_TEXTS = {
  INT: 'How many repetitions did you do?',
  BOOLEAN: 'Do you feel comfortable with this movement?',
  STRING: 'My Notes',
} as const satisfies Record<VideoQuestionType, string>;
export const DEFAULT_SUB_TYPE_TEXTS = {
  repetitions: 'How many repetitions did you do?',
  rounds: 'How many rounds did you do?',
  time: "What was your time in today's workout",
} as const satisfies Record<VideoQuestionSubType, string>;

/** The spec's bounds (docs/validation.md, video content). */
export const VIDEO_TITLE_MAX = 40;
const VIDEO_DESCRIPTION_MAX = 1000;
export const EPISODE_MIN = 1;
export const EPISODE_MAX = 20;
export const VIDEO_PAGE_SIZE = 10;
/** Our bounds where the spec gives none. */
const VIDEO_LIST_MAX_TAKE = 100;
const VIDEO_TAGS_MAX = 20;
export const VIDEO_TAG_MAX = 40;
export const NAME_MAX = 100;
export const QUESTION_TEXT_MAX = 200;
const SEARCH_MAX = 100;
/** The files a video upload takes (docs/videos.md, getVideoUploadUrl) and the largest one: 5 GB, S3's limit for one POST. */
export const VIDEO_FILE_EXTENSIONS = ['mp4', 'mov', 'ts'] as const;
type VideoFileExtension = (typeof VIDEO_FILE_EXTENSIONS)[number];
export const VIDEO_FILE_CONTENT_TYPES: Record<VideoFileExtension, string> = { mp4: 'video/mp4', mov: 'video/quicktime', ts: 'video/mp2t' };
export const VIDEO_FILE_MAX_BYTES = 5 * 1024 ** 3;

/** What the API answers, the spec's texts letter for letter (docs/videos.md, docs/validation.md). */
export const VIDEO_MESSAGES = {
  titleRequired: 'A title is required.',
  titleTooLong: 'Title should be less than 40 characters.',
  categoryRequired: 'Category is required.',
  pillarCategoryRequired: 'Pillar Category is required.',
  descriptionTooLong: 'Description should be less than 1000 characters.',
  descriptionBlank: 'The description must not be blank: clear it with null.',
  nothingToChange: 'Give at least one field to change.',
  episode: `The episode must be a number from ${EPISODE_MIN} to ${EPISODE_MAX}.`,
  episodeNeedsSeries: 'An episode needs a series.',
  fileType: 'This file type is not supported',
  duplicateTitle: '...There is already a video with that title.',
  duplicateEpisode: 'You may be trying to add this video to a series that already has that episode number. Please increment the episode number.',
  duplicateQuestion: 'Are you trying to add a the same question to this video? Please add a different question.',
  duplicateInstructor: 'There is already a instructor with that name.',
  duplicateSeries: 'There is already a series with that name.',
  videoNotFound: 'Video not found.',
  questionNotFound: 'Question not found.',
  instructorNotFound: 'Instructor not found.',
  seriesNotFound: 'Series not found.',
  instructorNameRequired: 'An instructor name is required.',
  seriesNameRequired: 'A series name is required.',
  questionTextRequired: 'A question text is required.',
  tag: `Tags must be 1 to ${VIDEO_TAG_MAX} characters, at most ${VIDEO_TAGS_MAX} of them.`,
  fileKey: 'filename must be the key getVideoUploadUrl returned for this video.',
  imageKey: 'The image key must be the key the upload call returned for this item.',
  notUploaded: 'No file was uploaded under this key.',
  notAnImage: 'The uploaded file is not a PNG, JPEG, GIF or WebP image; it was deleted.',
  changedMeanwhile: 'The item changed while it was being saved. Please try again.',
} as const;

/**
 * A question's slug (docs/videos.md, "Uniqueness"): the video id, type and text, lowercased, spaces turned to hyphens
 * and every other character that is not a letter, digit or hyphen removed.
 */
export function questionSlug(videoId: string, type: VideoQuestionType, text: string): string {
  return `${videoId} ${type} ${text}`
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** The key every name claim uses: trimmed, spaces collapsed, any case. */
export const nameClaimOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether the library shows a video at `now`: enabled, transcoded, and its availableFrom has come. */
export function isInLibrary(video: { enabled: boolean; workflowStatus: VideoWorkflowStatus; availableFrom?: string | null }, now: Date): boolean {
  return video.enabled && video.workflowStatus === 'COMPLETE' && Boolean(video.availableFrom) && Date.parse(video.availableFrom!) <= now.getTime();
}

/**
 * Where a video's files live in the videos bucket: the uploaded source, the admin's thumbnails, and below
 * `videos/<id>/` whatever the transcoder writes; series covers under their series.
 */
export const videoSourcePrefix = (videoId: string) => `videos/${videoId}/source/`;
export const videoThumbnailPrefix = (videoId: string) => `videos/${videoId}/thumbnails/`;
export const seriesCoverPrefix = (seriesId: string) => `series/${seriesId}/cover/`;

/** The extension of a file name, lower-cased, when it is one a video upload takes. */
export function videoFileExtension(fileName: string): VideoFileExtension | null {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extension) ? (extension as VideoFileExtension) : null;
}

// ---- Arguments of the calls ----

const noMarkup = (label: string) => `${label} must not contain < or >.`;
/** An update must change something. */
const somethingToChange = [
  (data: object) => Object.values(data).some((value) => value !== undefined),
  { message: VIDEO_MESSAGES.nothingToChange },
] as const;

const title = safeText({
  label: 'Title',
  required: VIDEO_MESSAGES.titleRequired,
  max: VIDEO_TITLE_MAX,
  tooLong: VIDEO_MESSAGES.titleTooLong,
  noMarkup: noMarkup('Title'),
});
// Blank text is refused: a description (difficulty...) is cleared with null.
const description = safeText({
  label: 'Description',
  required: VIDEO_MESSAGES.descriptionBlank,
  max: VIDEO_DESCRIPTION_MAX,
  tooLong: VIDEO_MESSAGES.descriptionTooLong,
  multiline: true,
  noMarkup: noMarkup('Description'),
});
const category = z.enum(VIDEO_CATEGORIES, { error: VIDEO_MESSAGES.categoryRequired });
const pillarCategory = z.enum(PILLAR_CATEGORIES, { error: VIDEO_MESSAGES.pillarCategoryRequired });
const tag = safeText({ label: 'A tag', required: VIDEO_MESSAGES.tag, max: VIDEO_TAG_MAX, tooLong: VIDEO_MESSAGES.tag, noMarkup: VIDEO_MESSAGES.tag });
const episode = z
  .number({ error: VIDEO_MESSAGES.episode })
  .int(VIDEO_MESSAGES.episode)
  .min(EPISODE_MIN, VIDEO_MESSAGES.episode)
  .max(EPISODE_MAX, VIDEO_MESSAGES.episode);
const search = safeText({
  label: 'search',
  required: 'search must not be blank: leave it out to list everything.',
  max: SEARCH_MAX,
  tooLong: `search must be at most ${SEARCH_MAX} characters.`,
  noMarkup: noMarkup('search'),
});
const objectKey = (message: string) =>
  z
    .string({ error: message })
    .max(400, { message, abort: true })
    .regex(/^(videos|series)\/[A-Za-z0-9_.:/-]+$/, message);
const where = z.object({ id: boundedId('id') });

/** Upload step 1 (createVideo data). */
export const videoCreateSchema = z.object({
  title,
  category,
  pillarCategory,
  description: description.optional().nullable(),
});
export type VideoCreateInput = z.infer<typeof videoCreateSchema>;

/** The Details, Schedule and upload changes (updateVideo data); null clears an optional field. */
export const videoUpdateSchema = z
  .object({
    title: title.optional(),
    description: description.optional().nullable(),
    category: category.optional(),
    pillarCategory: pillarCategory.optional(),
    difficulty: safeText({
      label: 'difficulty',
      required: 'difficulty must not be blank: clear it with null.',
      max: NAME_MAX,
      tooLong: `difficulty must be at most ${NAME_MAX} characters.`,
      noMarkup: noMarkup('difficulty'),
    })
      .optional()
      .nullable(),
    tags: z.array(tag).max(VIDEO_TAGS_MAX, VIDEO_MESSAGES.tag).optional(),
    instructorId: boundedId('instructorId').optional().nullable(),
    seriesId: boundedId('seriesId').optional().nullable(),
    episode: episode.optional().nullable(),
    availableFrom: z.iso.datetime({ error: 'availableFrom must be an ISO date-time.', offset: true }).optional().nullable(),
    filename: objectKey(VIDEO_MESSAGES.fileKey).optional(),
    selectedThumbnail: objectKey(VIDEO_MESSAGES.imageKey).optional().nullable(),
  })
  .refine(...somethingToChange);

/** Every call that names one video, question, instructor or series: `where: { id }`. */
export const whereArgsSchema = z.object({ where });
export const createVideoArgsSchema = z.object({ data: videoCreateSchema });
export const updateVideoArgsSchema = z.object({ where, data: videoUpdateSchema });

const VIDEO_ORDER_FIELDS = ['title', 'updatedAt', 'createdAt', 'availableFrom'] as const;
const take = boundedInt('take', 1, VIDEO_LIST_MAX_TAKE);
const skip = boundedInt('skip', 0, 100_000);

export const videoFilterSchema = z.object({
  search: search.optional().nullable(),
  category: category.optional().nullable(),
  pillarCategory: pillarCategory.optional().nullable(),
  enabled: z.boolean({ error: 'enabled must be true or false.' }).optional().nullable(),
  workflowStatus: z
    .enum(VIDEO_WORKFLOW_STATUSES, { error: `workflowStatus must be one of ${VIDEO_WORKFLOW_STATUSES.join(', ')}.` })
    .optional()
    .nullable(),
  seriesId: boundedId('seriesId').optional().nullable(),
  instructorId: boundedId('instructorId').optional().nullable(),
});
export type VideoFilter = z.infer<typeof videoFilterSchema>;

export const videosArgsSchema = z.object({
  take: take.optional().nullable(),
  skip: skip.optional().nullable(),
  orderBy: z
    .object({
      field: z.enum(VIDEO_ORDER_FIELDS, { error: `orderBy.field must be one of ${VIDEO_ORDER_FIELDS.join(', ')}.` }),
      direction: z.enum(['asc', 'desc'], { error: 'orderBy.direction must be asc or desc.' }),
    })
    .optional()
    .nullable(),
  where: videoFilterSchema.optional().nullable(),
});
export type VideosArgs = z.infer<typeof videosArgsSchema>;

export const aggregateVideoArgsSchema = z.object({ where: videoFilterSchema.optional().nullable() });

export const videoLibraryArgsSchema = z.object({
  take: take.optional().nullable(),
  skip: skip.optional().nullable(),
  where: videoFilterSchema.pick({ search: true, category: true, pillarCategory: true, seriesId: true }).optional().nullable(),
});

export const videoUploadUrlArgsSchema = z.object({
  where,
  fileExtension: z
    .string({ error: VIDEO_MESSAGES.fileType })
    .max(10, { message: VIDEO_MESSAGES.fileType, abort: true })
    .transform((extension) => extension.replace(/^\./, '').toLowerCase())
    .pipe(z.enum(VIDEO_FILE_EXTENSIONS, { error: VIDEO_MESSAGES.fileType })),
});

const questionText = safeText({
  label: 'Question',
  required: VIDEO_MESSAGES.questionTextRequired,
  max: QUESTION_TEXT_MAX,
  tooLong: `A question must be at most ${QUESTION_TEXT_MAX} characters.`,
  noMarkup: noMarkup('A question'),
});
const questionType = z.enum(VIDEO_QUESTION_TYPES, { error: `type must be one of ${VIDEO_QUESTION_TYPES.join(', ')}.` });
const questionSubType = z.enum(VIDEO_QUESTION_SUB_TYPES, { error: `subType must be one of ${VIDEO_QUESTION_SUB_TYPES.join(', ')}.` });
const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });

export const createVideoQuestionArgsSchema = z.object({
  data: z.object({
    videoId: boundedId('videoId'),
    type: questionType,
    subType: questionSubType.optional().nullable(),
    text: questionText,
    defineWatched: flag('defineWatched').optional().nullable(),
    isCreateOrDeleteQuestion: flag('isCreateOrDeleteQuestion').optional().nullable(),
  }),
});
export const updateVideoQuestionArgsSchema = z.object({
  where,
  data: z
    .object({
      type: questionType.optional(),
      subType: questionSubType.optional().nullable(),
      text: questionText.optional(),
      defineWatched: flag('defineWatched').optional(),
      isCreateOrDeleteQuestion: flag('isCreateOrDeleteQuestion').optional(),
    })
    .refine(...somethingToChange),
});

const instructorName = safeText({
  label: 'Instructor name',
  required: VIDEO_MESSAGES.instructorNameRequired,
  max: NAME_MAX,
  tooLong: `An instructor name must be at most ${NAME_MAX} characters.`,
  noMarkup: noMarkup('An instructor name'),
});
export const createVideoInstructorArgsSchema = z.object({ data: z.object({ fullName: instructorName }) });
export const updateVideoInstructorArgsSchema = z.object({ where, data: z.object({ fullName: instructorName }) });

const seriesName = safeText({
  label: 'Series name',
  required: VIDEO_MESSAGES.seriesNameRequired,
  max: NAME_MAX,
  tooLong: `A series name must be at most ${NAME_MAX} characters.`,
  noMarkup: noMarkup('A series name'),
});
export const createVideoSeriesArgsSchema = z.object({
  data: z.object({ name: seriesName, description: description.optional().nullable(), basic: flag('basic').optional().nullable() }),
});
export const updateVideoSeriesArgsSchema = z.object({
  where,
  data: z
    .object({
      name: seriesName.optional(),
      description: description.optional().nullable(),
      basic: flag('basic').optional(),
      coverImage: objectKey(VIDEO_MESSAGES.imageKey).optional().nullable(),
    })
    .refine(...somethingToChange),
});

/** uploadVideoThumbnail and uploadVideoSeriesCoverImage: the item, and the image as avatars take them. */
export const imageUploadArgsSchema = z.object({ where, file: imageUploadUrlArgsSchema.pick({ filename: true, mimetype: true, maxSizeBytes: true }) });
