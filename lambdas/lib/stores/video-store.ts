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
import { defineItem, type Expression } from '../db/item';
import { batchDelete, batchGet, isConditionFailure, type Item, type Key, partitionQuery, query, withoutKeys } from '../db/table';
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

/** A video; every video on one gsi2 partition (the admin list and the library, filtered and sorted in the resolver). */
export const videoItem = defineItem<VideoRecord>()({
  type: 'Video',
  key: ({ id }: { id: string }) => ({ pk: `VIDEO#${id}`, sk: 'VIDEO' }),
  indexes: { gsi2: ({ id }: { id: string }) => ({ gsi2pk: 'VIDEOS', gsi2sk: id }) },
});

/**
 * A question of a video under its slug (the slug is unique per video by the key itself), found by id on gsi1. The
 * item's `type` is its kind, so the question's own type is stored as `questionType`.
 */
const questionItem = defineItem<VideoQuestionRecord>()({
  type: 'VideoQuestion',
  key: ({ videoId, slug }: { videoId: string; slug: string }) => ({ pk: videoItem.key({ id: videoId }).pk, sk: `QUESTION#${slug}` }),
  indexes: { gsi1: ({ id }: { id: string }) => ({ gsi1pk: `VIDEO_QUESTION#${id}`, gsi1sk: 'QUESTION' }) },
  encode: ({ type, ...question }) => ({ ...question, questionType: type }),
  decode: (item) => {
    const { questionType, ...question } = withoutKeys<Omit<VideoQuestionRecord, 'type'> & { questionType: VideoQuestionType }>(item);
    return { ...question, type: questionType };
  },
});

/** Instructors and series count the videos linked to them (`videoCount`), which their delete waits to see at 0. */
const instructorItem = defineItem<VideoInstructorRecord>()({
  type: 'VideoInstructor',
  key: ({ id }: { id: string }) => ({ pk: `INSTRUCTOR#${id}`, sk: 'INSTRUCTOR' }),
  indexes: { gsi2: ({ id }: { id: string }) => ({ gsi2pk: 'VIDEO_INSTRUCTORS', gsi2sk: id }) },
  encode: (instructor) => ({ ...instructor, videoCount: 0 }),
  decode: (item) => recordOf<VideoInstructorRecord>(item),
});
export const seriesItem = defineItem<VideoSeriesRecord>()({
  type: 'VideoSeries',
  key: ({ id }: { id: string }) => ({ pk: `SERIES#${id}`, sk: 'SERIES' }),
  indexes: { gsi2: ({ id }: { id: string }) => ({ gsi2pk: 'VIDEO_SERIES', gsi2sk: id }) },
  encode: (series) => ({ ...series, videoCount: 0 }),
  decode: (item) => recordOf<VideoSeriesRecord>(item),
});

/** The per-instructor and per-series indexes of videos: one link per video (clearing them needs no Scan). */
const instructorVideoItem = defineItem<{ instructorId: string; videoId: string }>()({
  type: 'InstructorVideo',
  key: ({ instructorId, videoId }: { instructorId: string; videoId: string }) => ({
    pk: instructorItem.key({ id: instructorId }).pk,
    sk: `VIDEO#${videoId}`,
  }),
  encode: ({ videoId }) => ({ videoId }),
});
const seriesVideoItem = defineItem<{ seriesId: string; videoId: string; episode: number | null }>()({
  type: 'SeriesVideo',
  key: ({ seriesId, videoId }: { seriesId: string; videoId: string }) => ({ pk: seriesItem.key({ id: seriesId }).pk, sk: `VIDEO#${videoId}` }),
  encode: ({ videoId, episode }) => ({ videoId, episode }),
});
/** The sort-key prefix of the links in an instructor's or series' partition. */
const LINK_PREFIX = instructorVideoItem.key({ instructorId: '', videoId: '' }).sk;

/**
 * Guards on a unique name (any case and spacing, core/videos.ts `nameClaimOf`) or series episode, holding the id of the
 * video, instructor or series that owns them: taken and given back in the transaction that writes their owner.
 */
type Guard<F> = F & { ownerId: string };
const nameGuard = (type: string, prefix: string) =>
  defineItem<Guard<{ name: string }>>()({
    type,
    key: ({ name }: { name: string }) => ({ pk: `${prefix}#${nameClaimOf(name)}`, sk: 'CLAIM' }),
    encode: ({ ownerId }) => ({ ownerId }),
  });
const videoTitleClaimItem = nameGuard('VideoTitleClaim', 'VIDEO_TITLE');
const instructorNameClaimItem = nameGuard('InstructorNameClaim', 'INSTRUCTOR_NAME');
const seriesNameClaimItem = nameGuard('SeriesNameClaim', 'SERIES_NAME');
const seriesEpisodeClaimItem = defineItem<Guard<{ seriesId: string; episode: number }>>()({
  type: 'SeriesEpisodeClaim',
  key: ({ seriesId, episode }: { seriesId: string; episode: number }) => ({ pk: seriesItem.key({ id: seriesId }).pk, sk: `EPISODE#${episode}` }),
  encode: ({ ownerId }) => ({ ownerId }),
});

/** Guard: one transcode per uploaded source file (S3 may deliver an upload event twice); expires after a week. */
const transcodeClaimItem = defineItem<{ videoId: string; uploadKey: string; expiresAt: number }>()({
  type: 'VideoTranscodeClaim',
  key: ({ videoId, uploadKey }: { videoId: string; uploadKey: string }) => ({ pk: videoItem.key({ id: videoId }).pk, sk: `TRANSCODE#${uploadKey}` }),
  encode: ({ expiresAt }) => ({ expiresAt }),
});

/** A write on a record still as read (`updatedAt`). */
const unchangedSince = (read: { updatedAt: string }) => ({
  ConditionExpression: 'updatedAt = :readAt',
  ExpressionAttributeValues: { ':readAt': read.updatedAt },
});

/** SET of these fields on an item still as read (`updatedAt`); refused with `label` when it is gone or changed. */
const changeFields = (label: VideoRefusal, Key: Key, fields: Record<string, unknown>, readAt: string): Labelled => {
  const entries = Object.entries(fields);
  const unchanged = unchangedSince({ updatedAt: readAt });
  return {
    label,
    item: {
      Update: {
        TableName: TableName(),
        Key,
        UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: unchanged.ConditionExpression,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
          ...unchanged.ExpressionAttributeValues,
        },
      },
    },
  };
};

const remove = (label: VideoRefusal, Key: Key, expression?: Expression): Labelled => ({
  label,
  item: { Delete: { TableName: TableName(), Key, ...expression } },
});
/** A guard is taken when free or already this owner's, and given back only by its owner. */
const ownerCondition = (ownerId: string) => ({
  ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
  ExpressionAttributeValues: { ':owner': ownerId },
});
type GuardKind<F> = { put(guard: Guard<F>, expression: Expression): TransactItem; delete(fields: F, expression: Expression): TransactItem };
const claim = <F>(label: VideoRefusal, guard: GuardKind<F>, fields: F, ownerId: string): Labelled => ({
  label,
  item: guard.put({ ...fields, ownerId }, ownerCondition(ownerId)),
});
const release = <F>(label: VideoRefusal, guard: GuardKind<F>, fields: F, ownerId: string): Labelled => ({
  label,
  item: guard.delete(fields, ownerCondition(ownerId)),
});
/** Counts a video in or out of an instructor's or series' index; counting in needs the instructor or series to exist. */
const countVideos = (label: 'instructor' | 'series', Key: Key, change: number): Labelled => ({
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
const titleHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => [
  (how === 'claim' ? claim : release)('title', videoTitleClaimItem, { name: video.title }, video.id),
];
const instructorHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => {
  if (!video.instructorId) return [];
  const link = { instructorId: video.instructorId, videoId: video.id };
  return [
    countVideos('instructor', instructorItem.key({ id: video.instructorId }), how === 'claim' ? 1 : -1),
    { label: 'instructor', item: how === 'claim' ? instructorVideoItem.put(link) : instructorVideoItem.delete(link) },
  ];
};
const seriesLink = (video: VideoRecord & { seriesId: string }): Labelled => ({
  label: 'series',
  item: seriesVideoItem.put({ seriesId: video.seriesId, videoId: video.id, episode: video.episode }),
});
const episodeHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => {
  if (!video.seriesId || video.episode === null) return [];
  return [(how === 'claim' ? claim : release)('episode', seriesEpisodeClaimItem, { seriesId: video.seriesId, episode: video.episode }, video.id)];
};
const seriesHolding = (video: VideoRecord, how: 'claim' | 'release'): Labelled[] => {
  if (!video.seriesId) return [];
  return [
    countVideos('series', seriesItem.key({ id: video.seriesId }), how === 'claim' ? 1 : -1),
    how === 'claim'
      ? seriesLink({ ...video, seriesId: video.seriesId })
      : { label: 'series', item: seriesVideoItem.delete({ seriesId: video.seriesId, videoId: video.id }) },
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

async function getItem(key: Key): Promise<Item | null> {
  const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: key, ConsistentRead: true }));
  return Item ?? null;
}

/** Every record of a kind listed on one gsi2 partition (videos, instructors, series). */
async function allOf<R>(kind: { indexes: { gsi2: (fields: { id: string }) => { gsi2pk: string } }; decode: (item: Item) => R }): Promise<R[]> {
  return (await query(partitionQuery('gsi2', kind.indexes.gsi2({ id: '' }).gsi2pk))).items.map(kind.decode);
}

/** Videos cleared per transaction when an instructor or series goes: 3 items each, under DynamoDB's 100. */
const CLEAR_CHUNK = 30;

/**
 * Clears an instructor or series from every video its index lists, a chunk per transaction (each video's link gone,
 * its field removed, the counter lowered by the chunk), then deletes it with its name claim and the audit entry on the
 * condition that no video is counted any more: a video linked meanwhile refuses the delete, which starts over.
 */
async function clearThenDelete(
  owner: { key: Key; kind: 'instructor' | 'series'; nameClaim: Labelled; id: string },
  audit: AuditEntry,
  at: string,
): Promise<void> {
  const fields = owner.kind === 'instructor' ? 'instructorId' : 'seriesId';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const links = (await query({ ...partitionQuery('table', owner.key.pk, LINK_PREFIX), ConsistentRead: true })).items;
    for (let start = 0; start < links.length; start += CLEAR_CHUNK) {
      const chunk = links.slice(start, start + CLEAR_CHUNK);
      const items: Labelled[] = chunk.flatMap((link) => [
        {
          label: 'video' as const,
          item: videoItem.update(
            { id: link.videoId as string },
            {
              // Set to null rather than removed: a record always has every field.
              UpdateExpression:
                owner.kind === 'series' ? 'SET seriesId = :none, episode = :none, updatedAt = :at' : 'SET instructorId = :none, updatedAt = :at',
              ConditionExpression: `${fields} = :owner`,
              ExpressionAttributeValues: { ':owner': owner.id, ':at': at, ':none': null },
            },
          ),
        },
        remove(owner.kind, keyOf(link)),
        ...(owner.kind === 'series' && typeof link.episode === 'number'
          ? [{ label: 'episode' as const, item: seriesEpisodeClaimItem.delete({ seriesId: owner.id, episode: link.episode }) }]
          : []),
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
        remove(owner.kind, owner.key, {
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(videoCount) OR videoCount = :none)',
          ExpressionAttributeValues: { ':none': 0 },
        }),
        owner.nameClaim,
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
    Key: videoItem.key({ id: videoId }),
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
    const item = await getItem(videoItem.key({ id: videoId }));
    return item ? videoItem.decode(item) : null;
  },
  all: () => allOf(videoItem),
  async create(video, audit) {
    await transact<VideoRefusal>([
      { label: 'video', item: videoItem.put(video, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      ...videoHoldings(video, 'claim'),
      auditTransactItem(audit, video.createdAt),
    ]);
  },
  async update(before, after, audit) {
    await transact<VideoRefusal>([
      { label: 'video', item: videoItem.put(after, { ConditionExpression: VIDEO_UNCHANGED, ExpressionAttributeValues: asRead(before) }) },
      ...holdingChanges(before, after),
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  async delete(video, audit) {
    await transact<VideoRefusal>([
      { label: 'video', item: videoItem.delete(video, { ConditionExpression: VIDEO_UNCHANGED, ExpressionAttributeValues: asRead(video) }) },
      ...videoHoldings(video, 'release'),
      auditTransactItem(audit),
    ]);
    // Without the video its questions are out of reach (every reader starts from the video); they go right after.
    const questions = await dynamoVideoStore.questionsOf(video.id);
    await batchDelete(questions.map(questionItem.key));
  },
  async claimTranscode(videoId, uploadKey) {
    const now = new Date();
    const transcodeClaim = { videoId, uploadKey, expiresAt: Math.floor(now.getTime() / 1000) + TRANSCODE_CLAIM_SECONDS };
    try {
      await transact<'duplicate' | 'missing'>([
        { label: 'duplicate', item: transcodeClaimItem.put(transcodeClaim, { ConditionExpression: 'attribute_not_exists(pk)' }) },
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
    const { pk, sk } = questionItem.key({ videoId, slug: '' });
    const items = (await query({ ...partitionQuery('table', pk, sk), ConsistentRead: true })).items;
    return items.map(questionItem.decode).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  },
  async getQuestion(questionId) {
    const byId = questionItem.indexes.gsi1({ id: questionId });
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
    return item ? questionItem.decode(item) : null;
  },
  async createQuestion(question, audit) {
    await transact<VideoRefusal>([
      { label: 'video', item: videoItem.check({ id: question.videoId }, { ConditionExpression: 'attribute_exists(pk)' }) },
      { label: 'slug', item: questionItem.put(question, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      auditTransactItem(audit, question.createdAt),
    ]);
  },
  async updateQuestion(before, after, audit) {
    const moved = before.slug !== after.slug;
    const writes: Labelled[] = moved
      ? [
          { label: 'question', item: questionItem.delete(before, unchangedSince(before)) },
          { label: 'slug', item: questionItem.put(after, { ConditionExpression: 'attribute_not_exists(pk)' }) },
        ]
      : [{ label: 'question', item: questionItem.put(after, unchangedSince(before)) }];
    await transact<VideoRefusal>([...writes, auditTransactItem(audit, after.updatedAt)]);
  },
  async deleteQuestion(question, audit) {
    await transact<VideoRefusal>([
      { label: 'question', item: questionItem.delete(question, { ConditionExpression: 'attribute_exists(pk)' }) },
      auditTransactItem(audit),
    ]);
  },

  instructors: () => allOf(instructorItem),
  async getInstructor(instructorId) {
    const item = await getItem(instructorItem.key({ id: instructorId }));
    return item ? instructorItem.decode(item) : null;
  },
  async getInstructors(instructorIds) {
    return (await batchGet([...new Set(instructorIds)].map((id) => instructorItem.key({ id })))).map(instructorItem.decode);
  },
  async putInstructor(before, after, audit) {
    await transact<VideoRefusal>([
      before
        ? changeFields('instructor', instructorItem.key(after), { fullName: after.fullName, updatedAt: after.updatedAt }, before.updatedAt)
        : { label: 'instructor', item: instructorItem.put(after, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      ...nameChange('instructorName', instructorNameClaimItem, before?.fullName, after.fullName, after.id),
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  deleteInstructor: (instructor, audit, at) =>
    clearThenDelete(
      {
        key: instructorItem.key(instructor),
        kind: 'instructor',
        nameClaim: { label: 'instructorName', item: instructorNameClaimItem.delete({ name: instructor.fullName }) },
        id: instructor.id,
      },
      audit,
      at,
    ),

  series: () => allOf(seriesItem),
  async getSeries(seriesId) {
    const item = await getItem(seriesItem.key({ id: seriesId }));
    return item ? seriesItem.decode(item) : null;
  },
  async getManySeries(seriesIds) {
    return (await batchGet([...new Set(seriesIds)].map((id) => seriesItem.key({ id })))).map(seriesItem.decode);
  },
  async putSeries(before, after, audit) {
    const { id: _id, createdAt: _createdAt, ...fields } = after;
    await transact<VideoRefusal>([
      before
        ? changeFields('series', seriesItem.key(after), fields, before.updatedAt)
        : { label: 'series', item: seriesItem.put(after, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      ...nameChange('seriesName', seriesNameClaimItem, before?.name, after.name, after.id),
      auditTransactItem(audit, after.updatedAt),
    ]);
  },
  deleteSeries: (series, audit, at) =>
    clearThenDelete(
      {
        key: seriesItem.key(series),
        kind: 'series',
        nameClaim: { label: 'seriesName', item: seriesNameClaimItem.delete({ name: series.name }) },
        id: series.id,
      },
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
  guard: GuardKind<{ name: string }>,
  before: string | undefined,
  after: string,
  ownerId: string,
): Labelled[] {
  if (before !== undefined && nameClaimOf(before) === nameClaimOf(after)) return [];
  return [...(before !== undefined ? [release(label, guard, { name: before }, ownerId)] : []), claim(label, guard, { name: after }, ownerId)];
}
