import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  nameClaimOf,
  type PillarCategory,
  type VideoCategory,
  type VideoQuestionSubType,
  type VideoQuestionType,
  type VideoWorkflowStatus,
} from '@core/videos';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import { batchDelete, batchGet, isConditionFailure, type Item, partitionQuery, query, withoutKeys } from '../db/table';
import { type AuditEntry, auditTransactItem } from './audit-store';
import { type TransactItem, TransactionRefused, transact } from './transactions';

/** A video (docs/data-model.md, "Items and keys"). Keys in the videos bucket: `filename` (upload), `playbackKey` and `thumbnailKey` (transcoder). */
export interface VideoRecord {
  id: string;
  title: string;
  description: string | null;
  category: VideoCategory;
  pillarCategory: PillarCategory;
  difficulty: string | null;
  tags: string[];
  enabled: boolean;
  instructorId: string | null;
  seriesId: string | null;
  episode: number | null;
  /** The thumbnail an admin uploaded; it wins over the transcoder's. */
  selectedThumbnail: string | null;
  availableFrom: string | null;
  filename: string | null;
  workflowStatus: VideoWorkflowStatus;
  workflowError: string | null;
  /** The HLS playlist and the thumbnail the transcoder wrote. */
  playbackKey: string | null;
  thumbnailKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowResult {
  playbackKey?: string | null;
  thumbnailKey?: string | null;
  error?: string | null;
  /** The upload the result is for: written only while it is still the video's `filename`. */
  whileUpload?: string;
}

export interface VideoQuestionRecord {
  id: string;
  videoId: string;
  type: VideoQuestionType;
  subType: VideoQuestionSubType | null;
  text: string;
  slug: string;
  defineWatched: boolean;
  isCreateOrDeleteQuestion: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface VideoInstructorRecord {
  id: string;
  fullName: string;
  createdAt: string;
  updatedAt: string;
}

export interface VideoSeriesRecord {
  id: string;
  name: string;
  description: string | null;
  coverImage: string | null;
  basic: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * Which rule refused a write (TransactionRefused's label): `video` / `question` / `instructor` / `series` when the
 * item is gone or changed meanwhile (or, for a link, the instructor or series named does not exist), `title`,
 * `episode`, `slug`, `instructorName`, `seriesName` when a uniqueness guard is taken.
 */
export type VideoRefusal = 'video' | 'question' | 'instructor' | 'series' | 'title' | 'episode' | 'slug' | 'instructorName' | 'seriesName' | 'audit';

export interface VideoStore {
  get(videoId: string): Promise<VideoRecord | null>;
  /** Every video (one gsi2 partition, read page by page), in no particular order. */
  all(): Promise<VideoRecord[]>;
  /** Creates the video with its title claim and audit entry in one transaction (TransactionRefused('title')). */
  create(video: VideoRecord, audit: AuditEntry): Promise<void>;
  /**
   * Writes `after` over `before` (as read: refused with 'video' when it changed meanwhile) and moves every guard and
   * link that changed with it (title, instructor, series, episode) in the same transaction as the audit entry.
   */
  update(before: VideoRecord, after: VideoRecord, audit: AuditEntry): Promise<void>;
  /** Deletes the video, its guards and links (one transaction with the audit entry), then its questions. */
  delete(video: VideoRecord, audit: AuditEntry): Promise<void>;
  /**
   * The transcoder's first step, once per upload key: claims the upload's transcode and records it on the video
   * (`filename`, status PROGRESSING) in one transaction. 'claimed' means this caller must start the job; 'duplicate'
   * that an earlier delivery of the same upload event did; 'missing' that the video does not exist.
   */
  claimTranscode(videoId: string, uploadKey: string): Promise<'claimed' | 'duplicate' | 'missing'>;
  /**
   * The transcoder's result: the status, and the playback and thumbnail keys or the error. With `whileUpload`, only
   * while that upload is still the video's `filename` (one conditional write). False when not written.
   */
  setWorkflowStatus(videoId: string, status: VideoWorkflowStatus, result?: WorkflowResult): Promise<boolean>;

  questionsOf(videoId: string): Promise<VideoQuestionRecord[]>;
  getQuestion(questionId: string): Promise<VideoQuestionRecord | null>;
  /** Creates the question while its video exists (refused with 'video'), its slug unused on the video ('slug'). */
  createQuestion(question: VideoQuestionRecord, audit: AuditEntry): Promise<void>;
  /** Replaces the question (under a new key when its slug changed: 'slug' when that one is taken). */
  updateQuestion(before: VideoQuestionRecord, after: VideoQuestionRecord, audit: AuditEntry): Promise<void>;
  deleteQuestion(question: VideoQuestionRecord, audit: AuditEntry): Promise<void>;

  instructors(): Promise<VideoInstructorRecord[]>;
  getInstructor(instructorId: string): Promise<VideoInstructorRecord | null>;
  getInstructors(instructorIds: readonly string[]): Promise<VideoInstructorRecord[]>;
  /** Creates or renames an instructor with its name claim ('instructorName' when taken). */
  putInstructor(before: VideoInstructorRecord | null, after: VideoInstructorRecord, audit: AuditEntry): Promise<void>;
  /** Deletes the instructor and clears it from its videos (found through the instructor's own index of videos). */
  deleteInstructor(instructor: VideoInstructorRecord, audit: AuditEntry, at: string): Promise<void>;

  series(): Promise<VideoSeriesRecord[]>;
  getSeries(seriesId: string): Promise<VideoSeriesRecord | null>;
  getManySeries(seriesIds: readonly string[]): Promise<VideoSeriesRecord[]>;
  /** Creates or changes a series with its name claim ('seriesName' when taken). */
  putSeries(before: VideoSeriesRecord | null, after: VideoSeriesRecord, audit: AuditEntry): Promise<void>;
  /** Deletes the series and clears it and its episode from its videos. */
  deleteSeries(series: VideoSeriesRecord, audit: AuditEntry, at: string): Promise<void>;
}

type Labelled = { label: VideoRefusal; item: TransactItem };

const TableName = () => config.tableName;

const videoItem = (video: VideoRecord): Item => ({ ...keys.video(video.id), ...keys.videoListing(video.id), type: 'Video', ...video });
/** The item's `type` is its kind, so the question's own type is stored as `questionType`. */
const questionItem = ({ type, ...question }: VideoQuestionRecord): Item => ({
  ...keys.videoQuestion(question.videoId, question.slug),
  ...keys.videoQuestionById(question.id),
  type: 'VideoQuestion',
  ...question,
  questionType: type,
});
const questionOf = (item: Item): VideoQuestionRecord => {
  const { questionType, ...question } = withoutKeys<Omit<VideoQuestionRecord, 'type'> & { questionType: VideoQuestionType }>(item);
  return { ...question, type: questionType };
};
/** Instructors and series count the videos linked to them (`videoCount`), which their delete waits to see at 0. */
const instructorItem = (instructor: VideoInstructorRecord): Item => ({
  ...keys.videoInstructor(instructor.id),
  ...keys.videoInstructorListing(instructor.id),
  type: 'VideoInstructor',
  ...instructor,
  videoCount: 0,
});
const seriesItem = (series: VideoSeriesRecord): Item => ({
  ...keys.videoSeries(series.id),
  ...keys.videoSeriesListing(series.id),
  type: 'VideoSeries',
  ...series,
  videoCount: 0,
});

/** SET of these fields on an item still as read (`updatedAt`); refused with `label` when it is gone or changed. */
const changeFields = (label: VideoRefusal, Key: Record<string, string>, fields: Record<string, unknown>, readAt: string): Labelled => {
  const entries = Object.entries(fields);
  return {
    label,
    item: {
      Update: {
        TableName: TableName(),
        Key,
        UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'updatedAt = :readAt',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])), ':readAt': readAt },
      },
    },
  };
};

const put = (label: VideoRefusal, Item: Item, ConditionExpression?: string, values?: Record<string, unknown>): Labelled => ({
  label,
  item: {
    Put: {
      TableName: TableName(),
      Item,
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...(values ? { ExpressionAttributeValues: values } : {}),
    },
  },
});
const remove = (label: VideoRefusal, Key: Record<string, string>, ConditionExpression?: string, values?: Record<string, unknown>): Labelled => ({
  label,
  item: {
    Delete: {
      TableName: TableName(),
      Key,
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...(values ? { ExpressionAttributeValues: values } : {}),
    },
  },
});
/** A claim on a unique name: free, or already this owner's. */
const claim = (label: VideoRefusal, key: Record<string, string>, ownerId: string, type: string): Labelled =>
  put(label, { ...key, type, ownerId }, 'attribute_not_exists(pk) OR ownerId = :owner', { ':owner': ownerId });
const release = (label: VideoRefusal, key: Record<string, string>, ownerId: string): Labelled =>
  remove(label, key, 'attribute_not_exists(pk) OR ownerId = :owner', { ':owner': ownerId });
/** Counts a video in or out of an instructor's or series' index; counting in needs the instructor or series to exist. */
const countVideos = (label: 'instructor' | 'series', Key: Record<string, string>, change: number): Labelled => ({
  label,
  item: {
    Update: {
      TableName: TableName(),
      Key,
      UpdateExpression: 'ADD videoCount :change',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':change': change },
    },
  },
});

/** The guards and links of each part of a video, as transaction items that take (`claim`) or give back (`release`) them. */
const titleHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => {
  const key = keys.videoTitleClaim(nameClaimOf(video.title));
  return [how === 'claim' ? claim('title', key, video.id, 'VideoTitleClaim') : release('title', key, video.id)];
};
const instructorHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => {
  if (!video.instructorId) return [];
  const link = keys.instructorVideo(video.instructorId, video.id);
  return [
    countVideos('instructor', keys.videoInstructor(video.instructorId), how === 'claim' ? 1 : -1),
    how === 'claim' ? put('instructor', { ...link, type: 'InstructorVideo', videoId: video.id }) : remove('instructor', link),
  ];
};
const seriesLink = (video: VideoRecord & { seriesId: string }) =>
  put('series', { ...keys.seriesVideo(video.seriesId, video.id), type: 'SeriesVideo', videoId: video.id, episode: video.episode });
const episodeHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => {
  if (!video.seriesId || video.episode === null) return [];
  const key = keys.seriesEpisodeClaim(video.seriesId, video.episode);
  return [how === 'claim' ? claim('episode', key, video.id, 'SeriesEpisodeClaim') : release('episode', key, video.id)];
};
const seriesHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => {
  if (!video.seriesId) return [];
  return [
    countVideos('series', keys.videoSeries(video.seriesId), how === 'claim' ? 1 : -1),
    how === 'claim' ? seriesLink({ ...video, seriesId: video.seriesId }) : remove('series', keys.seriesVideo(video.seriesId, video.id)),
    ...episodeHolding(video, how),
  ];
};
const videoHoldings = (video: VideoRecord, how: 'claim' | 'release') => [
  ...titleHolding(video, how),
  ...instructorHolding(video, how),
  ...seriesHolding(video, how),
];

/** The guard and link changes from `before` to `after`; what both hold stays untouched (a transaction may not touch an item twice). */
function holdingChanges(before: VideoRecord, after: VideoRecord): Labelled[] {
  const changes: Labelled[] = [];
  if (nameClaimOf(before.title) !== nameClaimOf(after.title)) changes.push(...titleHolding(before, 'release'), ...titleHolding(after, 'claim'));
  if (before.instructorId !== after.instructorId) changes.push(...instructorHolding(before, 'release'), ...instructorHolding(after, 'claim'));
  if (before.seriesId !== after.seriesId) changes.push(...seriesHolding(before, 'release'), ...seriesHolding(after, 'claim'));
  else if (after.seriesId && before.episode !== after.episode) {
    // Same series, another episode: the link is rewritten with it, the episode guard moves.
    changes.push(seriesLink({ ...after, seriesId: after.seriesId }), ...episodeHolding(before, 'release'), ...episodeHolding(after, 'claim'));
  }
  return changes;
}

const keyOf = (item: Item) => ({ pk: item.pk as string, sk: item.sk as string });

/**
 * The video as read, unchanged since: a write based on it is refused ('video') when someone changed it meanwhile.
 * The status too: the transcoder's writes stamp `updatedAt` with the clock, which may equal the one read.
 */
const VIDEO_UNCHANGED = 'updatedAt = :readAt AND workflowStatus = :readStatus';
const asRead = (video: VideoRecord) => ({ ':readAt': video.updatedAt, ':readStatus': video.workflowStatus });

async function getItem(key: Record<string, string>): Promise<Item | null> {
  const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: key, ConsistentRead: true }));
  return Item ?? null;
}

async function allOf<T>(listingPartition: string): Promise<T[]> {
  return (await query(partitionQuery('gsi2', listingPartition))).items.map((item) => recordOf<T>(item));
}

/** Videos cleared per transaction when an instructor or series goes: 3 items each, under DynamoDB's 100. */
const CLEAR_CHUNK = 30;

/**
 * Clears an instructor or series from every video its index lists, a chunk per transaction (each video's link gone,
 * its field removed, the counter lowered by the chunk), then deletes it with its name claim and the audit entry on the
 * condition that no video is counted any more: a video linked meanwhile refuses the delete, which starts over.
 */
async function clearThenDelete(
  owner: { key: Record<string, string>; kind: 'instructor' | 'series'; nameClaim: Record<string, string>; id: string },
  audit: AuditEntry,
  at: string,
): Promise<void> {
  const fields = owner.kind === 'instructor' ? 'instructorId' : 'seriesId';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const links = (await query({ ...partitionQuery('table', owner.key.pk, 'VIDEO#'), ConsistentRead: true })).items;
    for (let start = 0; start < links.length; start += CLEAR_CHUNK) {
      const chunk = links.slice(start, start + CLEAR_CHUNK);
      const items: Labelled[] = chunk.flatMap((link) => [
        {
          label: 'video' as const,
          item: {
            Update: {
              TableName: TableName(),
              Key: keys.video(link.videoId as string),
              // Set to null rather than removed: a record always has every field.
              UpdateExpression:
                owner.kind === 'series' ? 'SET seriesId = :none, episode = :none, updatedAt = :at' : 'SET instructorId = :none, updatedAt = :at',
              ConditionExpression: `${fields} = :owner`,
              ExpressionAttributeValues: { ':owner': owner.id, ':at': at, ':none': null },
            },
          },
        },
        remove(owner.kind, keyOf(link)),
        ...(owner.kind === 'series' && typeof link.episode === 'number' ? [remove('episode', keys.seriesEpisodeClaim(owner.id, link.episode))] : []),
      ]);
      items.push(countVideos(owner.kind, owner.key, -chunk.length));
      try {
        await transact(items);
      } catch (error) {
        // A video moved meanwhile: read the index again.
        if ((error as Error).name !== 'TransactionRefused') throw error;
      }
    }
    try {
      await transact<VideoRefusal>([
        remove(owner.kind, owner.key, 'attribute_exists(pk) AND (attribute_not_exists(videoCount) OR videoCount = :none)', { ':none': 0 }),
        remove(owner.kind === 'instructor' ? 'instructorName' : 'seriesName', owner.nameClaim),
        auditTransactItem(audit, at),
      ]);
      return;
    } catch (error) {
      if ((error as Error).name !== 'TransactionRefused' || attempt === 2) throw error;
    }
  }
}

/** The update of a video's fields, while it exists (and, with `whileUpload`, while that is its `filename`). */
function videoFieldsUpdate(videoId: string, fields: Record<string, unknown>, whileUpload?: string) {
  const entries = Object.entries(fields);
  return {
    TableName: TableName(),
    Key: keys.video(videoId),
    UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
    ConditionExpression: whileUpload === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND filename = :whileUpload',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
      ...(whileUpload === undefined ? {} : { ':whileUpload': whileUpload }),
    },
  };
}

/** How long a transcode claim is kept: far longer than S3 takes to deliver an event again. */
const TRANSCODE_CLAIM_SECONDS = 7 * 24 * 3600;

async function setVideoFields(videoId: string, fields: Record<string, unknown>, whileUpload?: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand(videoFieldsUpdate(videoId, fields, whileUpload)));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export const dynamoVideoStore: VideoStore = {
  async get(videoId) {
    const item = await getItem(keys.video(videoId));
    return item ? withoutKeys<VideoRecord>(item) : null;
  },
  all: () => allOf<VideoRecord>(keys.videoListing('').gsi2pk),
  async create(video, audit) {
    await transact<VideoRefusal>([
      put('video', videoItem(video), 'attribute_not_exists(pk)'),
      ...videoHoldings(video, 'claim'),
      auditTransactItem(audit, video.createdAt),
    ]);
  },
  async update(before, after, audit) {
    await transact<VideoRefusal>([
      put('video', videoItem(after), VIDEO_UNCHANGED, asRead(before)),
      ...holdingChanges(before, after),
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  async delete(video, audit) {
    await transact<VideoRefusal>([
      remove('video', keys.video(video.id), VIDEO_UNCHANGED, asRead(video)),
      ...videoHoldings(video, 'release'),
      auditTransactItem(audit),
    ]);
    // Without the video its questions are out of reach (every reader starts from the video); they go right after.
    const questions = await dynamoVideoStore.questionsOf(video.id);
    await batchDelete(questions.map((question) => keys.videoQuestion(video.id, question.slug)));
  },
  async claimTranscode(videoId, uploadKey) {
    const now = new Date();
    const claimItem = {
      ...keys.videoTranscodeClaim(videoId, uploadKey),
      type: 'VideoTranscodeClaim',
      expiresAt: Math.floor(now.getTime() / 1000) + TRANSCODE_CLAIM_SECONDS,
    };
    try {
      await transact<'duplicate' | 'missing'>([
        { label: 'duplicate', item: { Put: { TableName: TableName(), Item: claimItem, ConditionExpression: 'attribute_not_exists(pk)' } } },
        {
          label: 'missing',
          item: {
            Update: videoFieldsUpdate(videoId, {
              filename: uploadKey,
              workflowStatus: 'PROGRESSING',
              workflowError: null,
              updatedAt: now.toISOString(),
            }),
          },
        },
      ]);
      return 'claimed';
    } catch (error) {
      if (error instanceof TransactionRefused) return error.label as 'duplicate' | 'missing';
      throw error;
    }
  },
  setWorkflowStatus: (videoId, status, result = {}) =>
    setVideoFields(
      videoId,
      {
        workflowStatus: status,
        workflowError: result.error ?? null,
        ...(result.playbackKey !== undefined ? { playbackKey: result.playbackKey } : {}),
        ...(result.thumbnailKey !== undefined ? { thumbnailKey: result.thumbnailKey } : {}),
        updatedAt: new Date().toISOString(),
      },
      result.whileUpload,
    ),

  async questionsOf(videoId) {
    const { pk } = keys.video(videoId);
    const items = (await query({ ...partitionQuery('table', pk, 'QUESTION#'), ConsistentRead: true })).items;
    return items.map(questionOf).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  },
  async getQuestion(questionId) {
    const byId = keys.videoQuestionById(questionId);
    const { Items } = await db().send(
      new QueryCommand({
        TableName: TableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': byId.gsi1pk, ':sk': byId.gsi1sk },
      }),
    );
    // gsi1 is eventually consistent: read the question itself for its current state.
    const found = Items?.[0];
    const item = found ? await getItem(keyOf(found)) : null;
    return item ? questionOf(item) : null;
  },
  async createQuestion(question, audit) {
    await transact<VideoRefusal>([
      {
        label: 'video',
        item: { ConditionCheck: { TableName: TableName(), Key: keys.video(question.videoId), ConditionExpression: 'attribute_exists(pk)' } },
      },
      put('slug', questionItem(question), 'attribute_not_exists(pk)'),
      auditTransactItem(audit, question.createdAt),
    ]);
  },
  async updateQuestion(before, after, audit) {
    const moved = before.slug !== after.slug;
    await transact<VideoRefusal>([
      ...(moved
        ? [
            remove('question', keys.videoQuestion(before.videoId, before.slug), 'updatedAt = :readAt', { ':readAt': before.updatedAt }),
            put('slug', questionItem(after), 'attribute_not_exists(pk)'),
          ]
        : [put('question', questionItem(after), 'updatedAt = :readAt', { ':readAt': before.updatedAt })]),
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  async deleteQuestion(question, audit) {
    await transact<VideoRefusal>([
      remove('question', keys.videoQuestion(question.videoId, question.slug), 'attribute_exists(pk)'),
      auditTransactItem(audit),
    ]);
  },

  instructors: () => allOf<VideoInstructorRecord>(keys.videoInstructorListing('').gsi2pk),
  async getInstructor(instructorId) {
    const item = await getItem(keys.videoInstructor(instructorId));
    return item ? recordOf<VideoInstructorRecord>(item) : null;
  },
  async getInstructors(instructorIds) {
    return (await batchGet([...new Set(instructorIds)].map(keys.videoInstructor))).map((item) => recordOf<VideoInstructorRecord>(item));
  },
  async putInstructor(before, after, audit) {
    await transact<VideoRefusal>([
      before
        ? changeFields('instructor', keys.videoInstructor(after.id), { fullName: after.fullName, updatedAt: after.updatedAt }, before.updatedAt)
        : put('instructor', instructorItem(after), 'attribute_not_exists(pk)'),
      ...nameChange('instructorName', keys.instructorNameClaim, before?.fullName, after.fullName, after.id, 'InstructorNameClaim'),
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  deleteInstructor: (instructor, audit, at) =>
    clearThenDelete(
      {
        key: keys.videoInstructor(instructor.id),
        kind: 'instructor',
        nameClaim: keys.instructorNameClaim(nameClaimOf(instructor.fullName)),
        id: instructor.id,
      },
      audit,
      at,
    ),

  series: () => allOf<VideoSeriesRecord>(keys.videoSeriesListing('').gsi2pk),
  async getSeries(seriesId) {
    const item = await getItem(keys.videoSeries(seriesId));
    return item ? recordOf<VideoSeriesRecord>(item) : null;
  },
  async getManySeries(seriesIds) {
    return (await batchGet([...new Set(seriesIds)].map(keys.videoSeries))).map((item) => recordOf<VideoSeriesRecord>(item));
  },
  async putSeries(before, after, audit) {
    const { id: _id, createdAt: _createdAt, ...fields } = after;
    await transact<VideoRefusal>([
      before
        ? changeFields('series', keys.videoSeries(after.id), fields, before.updatedAt)
        : put('series', seriesItem(after), 'attribute_not_exists(pk)'),
      ...nameChange('seriesName', keys.seriesNameClaim, before?.name, after.name, after.id, 'SeriesNameClaim'),
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  deleteSeries: (series, audit, at) =>
    clearThenDelete(
      { key: keys.videoSeries(series.id), kind: 'series', nameClaim: keys.seriesNameClaim(nameClaimOf(series.name)), id: series.id },
      audit,
      at,
    ),
};

/** The record an item holds, without its keys and the videoCount of instructors and series. */
function recordOf<T>(item: Item): T {
  const { videoCount: _count, ...record } = withoutKeys<T & { videoCount?: number }>(item);
  return record as T;
}

/** The name claim moves when the name changes (any case): the old one released, the new one taken. */
function nameChange(
  label: 'instructorName' | 'seriesName',
  keyOfClaim: (claim: string) => Record<string, string>,
  before: string | undefined,
  after: string,
  ownerId: string,
  type: string,
): Labelled[] {
  if (before !== undefined && nameClaimOf(before) === nameClaimOf(after)) return [];
  return [
    ...(before !== undefined ? [release(label, keyOfClaim(nameClaimOf(before)), ownerId)] : []),
    claim(label, keyOfClaim(nameClaimOf(after)), ownerId, type),
  ];
}
