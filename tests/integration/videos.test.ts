/**
 * The video content API against the running local stack (docs/videos.md): every operation as an admin and as
 * callers it refuses, the uniqueness rules under 50 concurrent attempts (exactly one success, the spec's message for
 * the others, nothing half-written), the upload link (mp4, mov and ts only, under the video's id), thumbnails and
 * series covers posted to the private videos bucket and read through presigned GETs, deleting an instructor or a
 * series clearing it from its videos, and the gamers' library. Every video, instructor and series is made fresh here.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AVATAR_MESSAGES } from '@core/avatars';
import { questionSlug, VIDEO_FILE_MAX_BYTES, VIDEO_MESSAGES } from '@core/videos';
import { db } from '../../lambdas/lib/db/client';
import { auditItem } from '../../lambdas/lib/stores/audit-store';
import { dynamoVideoStore, seriesItem } from '../../lambdas/lib/stores/video-store';
import { untilTranscoded } from '../../scripts/seed/videos';
import type { RoleAccount } from '../support/accounts';
import { graphql, useStackEnvironment } from '../support/stack';
import { accounts, call, ok, refusal } from '../support/team-fixtures';
import { postUpload, TINY_PNG } from '../support/uploads';

jest.setTimeout(180_000);

const CONCURRENT = 50;
const ADMIN_REFUSAL = 'Only admins can manage video content.';

const VIDEO = `id title description category pillarCategory difficulty tags enabled instructorId seriesId episode selectedThumbnail
  thumbnailUrl url availableFrom filename workflowStatus workflowError createdAt updatedAt`;
const CREATE = `mutation($data: VideoCreateInput!) { createVideo(data: $data) { ${VIDEO} } }`;
const UPDATE = `mutation($where: VideoWhereUniqueInput!, $data: VideoUpdateInput!) { updateVideo(where: $where, data: $data) { ${VIDEO} } }`;
const DELETE = `mutation($where: VideoWhereUniqueInput!) { deleteVideo(where: $where) { id title } }`;
const ENABLE = `mutation($where: VideoWhereUniqueInput!) { enableVideo(where: $where) { id enabled } }`;
const DISABLE = `mutation($where: VideoWhereUniqueInput!) { disableVideo(where: $where) { id enabled } }`;
const ONE = `query($where: VideoWhereUniqueInput!) { video(where: $where) { ${VIDEO} VideoSeries { id name basic } VideoInstructor { id fullName }
  VideoQuestion { id type subType text slug } } }`;
const LIST = `query($take: Int, $skip: Int, $orderBy: VideoOrderByInput, $where: VideoWhereInput) {
  videos(take: $take, skip: $skip, orderBy: $orderBy, where: $where) { id title enabled updatedAt } }`;
const AGGREGATE = `query($where: VideoWhereInput) { aggregateVideo(where: $where) { count tags } }`;
const LIBRARY = `query($take: Int, $skip: Int, $where: VideoLibraryWhereInput) { videoLibrary(take: $take, skip: $skip, where: $where) { id title url thumbnailUrl } }`;
const UPLOAD_URL = `query($where: VideoWhereUniqueInput!, $fileExtension: String!) { getVideoUploadUrl(where: $where, fileExtension: $fileExtension) { url key fields { name value } } }`;
const THUMBNAIL = `mutation($where: VideoWhereUniqueInput!, $file: ImageFileInput!) { uploadVideoThumbnail(where: $where, file: $file) { uploadUrl key fileUrl fields { name value } } }`;
const QUESTION = 'id videoId type subType text slug defineWatched isCreateOrDeleteQuestion';
const CREATE_QUESTION = `mutation($data: VideoQuestionCreateInput!) { createVideoQuestion(data: $data) { ${QUESTION} } }`;
const UPDATE_QUESTION = `mutation($where: VideoQuestionWhereUniqueInput!, $data: VideoQuestionUpdateInput!) { updateVideoQuestion(where: $where, data: $data) { ${QUESTION} } }`;
const DELETE_QUESTION = `mutation($where: VideoQuestionWhereUniqueInput!) { deleteVideoQuestion(where: $where) { id } }`;
const CATALOG = 'query { videoInstructorsAndSeries { instructors { id fullName } series { id name description basic coverImage coverImageUrl } } }';
const CREATE_INSTRUCTOR = 'mutation($data: VideoInstructorInput!) { createVideoInstructor(data: $data) { id fullName } }';
const UPDATE_INSTRUCTOR =
  'mutation($where: VideoInstructorWhereUniqueInput!, $data: VideoInstructorInput!) { updateVideoInstructor(where: $where, data: $data) { id fullName } }';
const DELETE_INSTRUCTOR = 'mutation($where: VideoInstructorWhereUniqueInput!) { deleteVideoInstructor(where: $where) { id } }';
const CREATE_SERIES = 'mutation($data: VideoSeriesCreateInput!) { createVideoSeries(data: $data) { id name basic } }';
const UPDATE_SERIES = `mutation($where: VideoSeriesWhereUniqueInput!, $data: VideoSeriesUpdateInput!) { updateVideoSeries(where: $where, data: $data) {
  id name description basic coverImage coverImageUrl } }`;
const DELETE_SERIES = 'mutation($where: VideoSeriesWhereUniqueInput!) { deleteVideoSeries(where: $where) { id } }';
const COVER = `mutation($where: VideoSeriesWhereUniqueInput!, $file: ImageFileInput!) { uploadVideoSeriesCoverImage(where: $where, file: $file) { uploadUrl key fileUrl fields { name value } } }`;

type People = Record<'admin' | 'superadmin' | 'gamer' | 'coach' | 'director', RoleAccount>;
let people: People;

/** A title no other test run uses (at most 40 characters). */
const freshTitle = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function createVideo(who: RoleAccount = people.admin, data: Record<string, unknown> = {}) {
  const created = await ok(who, CREATE, { data: { title: freshTitle('Video'), category: 'workouts', pillarCategory: 'physical', ...data } });
  return created.createVideo as { id: string; title: string; updatedAt: string };
}
const createInstructor = async (fullName = freshTitle('Coach')) =>
  (await ok(people.admin, CREATE_INSTRUCTOR, { data: { fullName } })).createVideoInstructor as { id: string };
const createSeries = async (name = freshTitle('Series'), basic = false) =>
  (await ok(people.admin, CREATE_SERIES, { data: { name, basic } })).createVideoSeries as { id: string };
const readVideo = async (id: string) => (await ok(people.admin, ONE, { where: { id } })).video;

/** The audit entries about one target, oldest first. */
async function auditOf(targetId: string) {
  const { gsi1pk } = auditItem.indexes.gsi1({ targetId, at: '', id: '' });
  const { Items } = await db().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
    }),
  );
  return (Items ?? []) as { action: string; actorId: string; before: unknown; after: unknown }[];
}

/** Outcomes of concurrent calls: how many went through, and the messages of the others. */
async function concurrently(attempts: (() => Promise<{ errors?: { message: string }[] }>)[]) {
  const results = await Promise.all(attempts.map((attempt) => attempt()));
  return {
    succeeded: results.filter((result) => !result.errors).length,
    messages: new Set(results.flatMap((result) => result.errors?.map((error) => error.message) ?? [])),
  };
}

beforeAll(async () => {
  useStackEnvironment();
  people = await accounts({ admin: 'ADMIN', superadmin: 'SUPERADMIN', gamer: 'GAMER', coach: 'COACH', director: 'DIRECTOR' }, 'videos');
});

describe('who may call the content API', () => {
  const refusedCallers = ['gamer', 'coach', 'director'] as const;
  const operations: [string, () => Promise<Record<string, unknown>>][] = [
    [LIST, async () => ({ take: 1 })],
    [AGGREGATE, async () => ({})],
    [ONE, async () => ({ where: { id: (await createVideo()).id } })],
    [UPLOAD_URL, async () => ({ where: { id: (await createVideo()).id }, fileExtension: 'mp4' })],
    [CATALOG, async () => ({})],
    [CREATE, async () => ({ data: { title: freshTitle('Refused'), category: 'yoga', pillarCategory: 'mental' } })],
    [UPDATE, async () => ({ where: { id: (await createVideo()).id }, data: { description: 'Changed' } })],
    [DELETE, async () => ({ where: { id: (await createVideo()).id } })],
    [ENABLE, async () => ({ where: { id: (await createVideo()).id } })],
    [DISABLE, async () => ({ where: { id: (await createVideo()).id } })],
    [
      THUMBNAIL,
      async () => ({ where: { id: (await createVideo()).id }, file: { filename: 'thumb.png', mimetype: 'image/png', maxSizeBytes: 1000 } }),
    ],
    [CREATE_QUESTION, async () => ({ data: { videoId: (await createVideo()).id, type: 'STRING', text: 'My Notes' } })],
    [
      UPDATE_QUESTION,
      async () => {
        const { createVideoQuestion } = await ok(people.admin, CREATE_QUESTION, {
          data: { videoId: (await createVideo()).id, type: 'STRING', text: 'My Notes' },
        });
        return { where: { id: createVideoQuestion.id }, data: { defineWatched: true } };
      },
    ],
    [
      DELETE_QUESTION,
      async () => {
        const { createVideoQuestion } = await ok(people.admin, CREATE_QUESTION, {
          data: { videoId: (await createVideo()).id, type: 'STRING', text: 'My Notes' },
        });
        return { where: { id: createVideoQuestion.id } };
      },
    ],
    [CREATE_INSTRUCTOR, async () => ({ data: { fullName: freshTitle('Refused') } })],
    [UPDATE_INSTRUCTOR, async () => ({ where: { id: (await createInstructor()).id }, data: { fullName: freshTitle('Renamed') } })],
    [DELETE_INSTRUCTOR, async () => ({ where: { id: (await createInstructor()).id } })],
    [CREATE_SERIES, async () => ({ data: { name: freshTitle('Refused') } })],
    [UPDATE_SERIES, async () => ({ where: { id: (await createSeries()).id }, data: { description: 'Changed' } })],
    [DELETE_SERIES, async () => ({ where: { id: (await createSeries()).id } })],
    [COVER, async () => ({ where: { id: (await createSeries()).id }, file: { filename: 'cover.png', mimetype: 'image/png', maxSizeBytes: 1000 } })],
  ];

  it.each(operations.map(([query, variables]) => [query.match(/\{\s*(\w+)/)![1], query, variables] as const))(
    '%s: ADMIN and SUPERADMIN only; a gamer, coach or director is refused and nothing changes',
    async (_field, query, variablesOf) => {
      const variables = await variablesOf();
      for (const who of refusedCallers) {
        expect(await refusal(people[who], query, variables)).toEqual({ errorType: 'Unauthorized', message: ADMIN_REFUSAL });
      }
      const where = variables.where as { id: string } | undefined;
      // A refused change left the item as it was: a later admin call still sees and changes it.
      const { errors } = await call(people.superadmin, query, variables);
      expect(errors).toBeUndefined();
      if (where && query === DELETE) expect(await readVideo(where.id)).toBeNull();
    },
  );

  it('refuses every content call signed out', async () => {
    const { errors } = await graphql(LIST, {}, {});
    expect(errors?.[0]?.errorType).toBe('UnauthorizedException');
  });
});

describe('videos', () => {
  it('creates a disabled video waiting for its file, with its audit entry', async () => {
    const title = freshTitle('Created');
    const { createVideo } = await ok(people.admin, CREATE, {
      data: { title, category: 'quick_drills', pillarCategory: 'lifestyle', description: 'First' },
    });
    expect(createVideo).toMatchObject({
      title,
      category: 'quick_drills',
      pillarCategory: 'lifestyle',
      description: 'First',
      enabled: false,
      workflowStatus: 'WAITING_FOR_UPLOAD',
      tags: [],
      url: null,
    });
    expect(await auditOf(createVideo.id)).toEqual([expect.objectContaining({ action: 'createVideo', actorId: people.admin.id, before: null })]);
  });

  it.each([
    [{ title: '' }, VIDEO_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(41) }, VIDEO_MESSAGES.titleTooLong],
  ])('refuses upload step 1 with %j: %s', async (change, message) => {
    expect(await refusal(people.admin, CREATE, { data: { category: 'yoga', pillarCategory: 'mental', ...change } })).toEqual({
      errorType: 'ValidationError',
      message,
    });
    expect((await dynamoVideoStore.all()).some((video) => video.title === change.title)).toBe(false);
  });

  it.each([
    [{ description: 'x'.repeat(1001) }, VIDEO_MESSAGES.descriptionTooLong],
    [{ title: 'y'.repeat(41) }, VIDEO_MESSAGES.titleTooLong],
    [{ episode: 21 }, VIDEO_MESSAGES.episode],
    [{ episode: 0 }, VIDEO_MESSAGES.episode],
    [{ episode: 2 }, VIDEO_MESSAGES.episodeNeedsSeries],
    [{ tags: ['a'.repeat(41)] }, VIDEO_MESSAGES.tag],
  ])('refuses the details %j with "%s" and changes nothing', async (data, message) => {
    const video = await createVideo();
    expect(await refusal(people.admin, UPDATE, { where: { id: video.id }, data })).toEqual({ errorType: 'ValidationError', message });
    expect((await readVideo(video.id)).updatedAt).toBe(video.updatedAt);
  });

  it('updates the details, links an instructor and a series episode, and clearing the series clears the episode', async () => {
    const [video, instructor, series] = await Promise.all([createVideo(), createInstructor(), createSeries()]);
    const availableFrom = '2026-01-05T00:00:00.000Z';
    const { updateVideo } = await ok(people.admin, UPDATE, {
      where: { id: video.id },
      data: {
        description: 'Warm up well',
        tags: ['warmup', 'aim', 'warmup'],
        difficulty: 'easy',
        instructorId: instructor.id,
        seriesId: series.id,
        episode: 3,
        availableFrom,
      },
    });
    expect(updateVideo).toMatchObject({
      description: 'Warm up well',
      tags: ['warmup', 'aim'],
      difficulty: 'easy',
      instructorId: instructor.id,
      seriesId: series.id,
      episode: 3,
      availableFrom,
    });
    const read = await readVideo(video.id);
    expect(read.VideoSeries).toMatchObject({ id: series.id });
    expect(read.VideoInstructor).toMatchObject({ id: instructor.id });

    const { updateVideo: cleared } = await ok(people.admin, UPDATE, { where: { id: video.id }, data: { seriesId: null } });
    expect(cleared).toMatchObject({ seriesId: null, episode: null, instructorId: instructor.id });
    // Episode 3 of the series is free again.
    const other = await createVideo();
    await ok(people.admin, UPDATE, { where: { id: other.id }, data: { seriesId: series.id, episode: 3 } });
    const audit = await auditOf(video.id);
    expect(audit.map((entry) => entry.action)).toEqual(['createVideo', 'updateVideo', 'updateVideo']);
  });

  it('refuses an instructor or series that does not exist', async () => {
    const video = await createVideo();
    expect(await refusal(people.admin, UPDATE, { where: { id: video.id }, data: { instructorId: randomUUID() } })).toEqual({
      errorType: 'NotFound',
      message: VIDEO_MESSAGES.instructorNotFound,
    });
    expect(await refusal(people.admin, UPDATE, { where: { id: video.id }, data: { seriesId: randomUUID(), episode: 1 } })).toEqual({
      errorType: 'NotFound',
      message: VIDEO_MESSAGES.seriesNotFound,
    });
    expect((await readVideo(video.id)).updatedAt).toBe(video.updatedAt);
  });

  it('enables and disables a video; the list filters on it, newest-updated first', async () => {
    const tag = `tag${randomUUID().slice(0, 6)}`;
    const [first, second] = [await createVideo(), await createVideo()];
    await ok(people.admin, UPDATE, { where: { id: first.id }, data: { tags: [tag] } });
    await ok(people.admin, UPDATE, { where: { id: second.id }, data: { tags: [tag] } });
    expect((await ok(people.superadmin, ENABLE, { where: { id: first.id } })).enableVideo).toEqual({ id: first.id, enabled: true });

    const enabled = (await ok(people.admin, LIST, { where: { search: tag, enabled: true } })).videos;
    expect(enabled.map((video: { id: string }) => video.id)).toEqual([first.id]);
    const all = (await ok(people.admin, LIST, { where: { search: tag }, take: 10, skip: 0 })).videos;
    expect(all.map((video: { id: string }) => video.id)).toEqual([first.id, second.id]);
    const byTitle = (await ok(people.admin, LIST, { where: { search: tag }, orderBy: { field: 'title', direction: 'asc' } })).videos;
    expect(byTitle.map((video: { title: string }) => video.title)).toEqual(
      [first.title, second.title].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect((await ok(people.admin, LIST, { where: { search: tag }, take: 1, skip: 1 })).videos.map((video: { id: string }) => video.id)).toEqual([
      second.id,
    ]);

    expect((await ok(people.admin, DISABLE, { where: { id: first.id } })).disableVideo).toEqual({ id: first.id, enabled: false });
    expect((await ok(people.admin, AGGREGATE, { where: { search: tag, enabled: false } })).aggregateVideo).toMatchObject({ count: 2 });
    expect((await ok(people.admin, AGGREGATE, {})).aggregateVideo.tags).toContain(tag);
    expect((await auditOf(first.id)).map((entry) => entry.action)).toEqual(['createVideo', 'updateVideo', 'enableVideo', 'disableVideo']);
  });

  it('deletes a video with its questions; its title can be used again', async () => {
    const video = await createVideo();
    const { createVideoQuestion } = await ok(people.admin, CREATE_QUESTION, {
      data: { videoId: video.id, type: 'INT', subType: 'rounds', text: 'How many rounds did you do?' },
    });
    expect((await ok(people.admin, DELETE, { where: { id: video.id } })).deleteVideo).toEqual({ id: video.id, title: video.title });
    expect(await readVideo(video.id)).toBeNull();
    expect(await dynamoVideoStore.questionsOf(video.id)).toEqual([]);
    expect(await refusal(people.admin, DELETE_QUESTION, { where: { id: createVideoQuestion.id } })).toEqual({
      errorType: 'NotFound',
      message: VIDEO_MESSAGES.questionNotFound,
    });
    await createVideo(people.admin, { title: video.title });
    expect((await auditOf(video.id)).map((entry) => entry.action)).toEqual(['createVideo', 'deleteVideo']);
  });
});

describe('the upload link', () => {
  it.each(['mp4', 'mov', 'ts', '.MP4'])(
    'gives a presigned POST for a %s file under the video id; posting it and saving the key marks the video uploaded',
    async (extension) => {
      const video = await createVideo();
      const { getVideoUploadUrl } = await ok(people.admin, UPLOAD_URL, { where: { id: video.id }, fileExtension: extension });
      const normalized = extension.replace('.', '').toLowerCase();
      expect(getVideoUploadUrl.key).toMatch(new RegExp(`^videos/${video.id}/source/[0-9a-f-]{36}\\.${normalized}$`));
      const policy = JSON.parse(
        Buffer.from(getVideoUploadUrl.fields.find((field: { name: string }) => field.name === 'Policy').value, 'base64').toString('utf8'),
      );
      expect(policy.conditions).toEqual(expect.arrayContaining([['content-length-range', 1, VIDEO_FILE_MAX_BYTES], { key: getVideoUploadUrl.key }]));

      // Posted with the type the form names (its policy holds the Content-Type field to it, as S3 does).
      const posted = await postUpload(
        { uploadUrl: getVideoUploadUrl.url, fields: getVideoUploadUrl.fields },
        Buffer.from('not really a video'),
        `clip.${normalized}`,
        getVideoUploadUrl.fields.find((field: { name: string }) => field.name === 'Content-Type').value,
      );
      expect(posted.status).toBeLessThan(300);
      const { updateVideo } = await ok(people.admin, UPDATE, { where: { id: video.id }, data: { filename: getVideoUploadUrl.key } });
      expect(updateVideo.filename).toBe(getVideoUploadUrl.key);
      // The upload's S3 event may have started (or already failed) the transcode of these bytes meanwhile: that is kept.
      expect(['UPLOADED', 'PROGRESSING', 'ERROR']).toContain(updateVideo.workflowStatus);
    },
  );

  it("agrees with the upload event: the admin's save and the transcoder's steps both land, whatever their order", async () => {
    const videos = await Promise.all(Array.from({ length: 8 }, () => createVideo()));
    const saved = await Promise.all(
      videos.map(async (video) => {
        const { getVideoUploadUrl } = await ok(people.admin, UPLOAD_URL, { where: { id: video.id }, fileExtension: 'mp4' });
        await postUpload(
          { uploadUrl: getVideoUploadUrl.url, fields: getVideoUploadUrl.fields },
          Buffer.from('not really a video'),
          'clip.mp4',
          'video/mp4',
        );
        // Saved while the upload event is being handled: the save must not be refused nor undo the transcoder's status.
        const result = await call(people.admin, UPDATE, { where: { id: video.id }, data: { filename: getVideoUploadUrl.key, tags: ['raced'] } });
        return { key: getVideoUploadUrl.key as string, errors: result.errors ?? [] };
      }),
    );
    expect(saved.map(({ errors }) => errors)).toEqual(videos.map(() => []));
    // These bytes are no video: each transcode ends in ERROR, which the admin's save must not have hidden.
    const finished = await Promise.all(videos.map((video) => untilTranscoded(video.id, 120_000)));
    expect(finished.map(({ filename, workflowStatus, tags }) => ({ filename, workflowStatus, tags }))).toEqual(
      saved.map(({ key }) => ({ filename: key, workflowStatus: 'ERROR', tags: ['raced'] })),
    );
  });

  it.each(['exe', 'mp3', 'png', '', 'mp4.exe'])('refuses a .%s file with the spec message', async (extension) => {
    const video = await createVideo();
    expect(await refusal(people.admin, UPLOAD_URL, { where: { id: video.id }, fileExtension: extension })).toEqual({
      errorType: 'ValidationError',
      message: VIDEO_MESSAGES.fileType,
    });
  });

  it("refuses a filename that is not this video's upload, or was never posted", async () => {
    const [video, other] = await Promise.all([createVideo(), createVideo()]);
    const { getVideoUploadUrl } = await ok(people.admin, UPLOAD_URL, { where: { id: other.id }, fileExtension: 'mp4' });
    expect(await refusal(people.admin, UPDATE, { where: { id: video.id }, data: { filename: getVideoUploadUrl.key } })).toEqual({
      errorType: 'ValidationError',
      message: VIDEO_MESSAGES.fileKey,
    });
    expect(await refusal(people.admin, UPDATE, { where: { id: other.id }, data: { filename: getVideoUploadUrl.key } })).toEqual({
      errorType: 'NotFound',
      message: VIDEO_MESSAGES.notUploaded,
    });
  });

  it('the transcoder’s store methods set the status, and a COMPLETE video gets media addresses for playback and thumbnail', async () => {
    const video = await createVideo();
    expect(await dynamoVideoStore.claimTranscode(video.id, `videos/${video.id}/source/a.mp4`)).toBe('claimed');
    expect(
      await dynamoVideoStore.setWorkflowStatus(video.id, 'COMPLETE', {
        playbackKey: `media/${video.id}/a/index.m3u8`,
        thumbnailKey: `media/${video.id}/a/thumb.jpg`,
      }),
    ).toBe(true);
    const read = await readVideo(video.id);
    expect(read).toMatchObject({ workflowStatus: 'COMPLETE', filename: `videos/${video.id}/source/a.mp4`, workflowError: null });
    // Unsigned: hls.js fetches the renditions and segments relative to it (docs/videos.md).
    expect(read.url).toBe(`${process.env.MEDIA_PUBLIC_URL}/${video.id}/a/index.m3u8`);
    expect(read.thumbnailUrl).toBe(`${process.env.MEDIA_PUBLIC_URL}/${video.id}/a/thumb.jpg`);
    expect(await dynamoVideoStore.setWorkflowStatus(randomUUID(), 'ERROR', { error: 'gone' })).toBe(false);
  });
});

describe('thumbnails and series covers', () => {
  it('posts a thumbnail image, sets it with updateVideo and reads it back through a presigned GET', async () => {
    const video = await createVideo();
    const { uploadVideoThumbnail } = await ok(people.admin, THUMBNAIL, {
      where: { id: video.id },
      file: { filename: 'thumb.png', mimetype: 'image/png', maxSizeBytes: 5000 },
    });
    expect(uploadVideoThumbnail.key.startsWith(`videos/${video.id}/thumbnails/`)).toBe(true);
    expect((await postUpload(uploadVideoThumbnail, TINY_PNG, 'thumb.png', 'image/png')).status).toBeLessThan(300);
    const { updateVideo } = await ok(people.admin, UPDATE, { where: { id: video.id }, data: { selectedThumbnail: uploadVideoThumbnail.key } });
    expect(updateVideo.selectedThumbnail).toBe(uploadVideoThumbnail.key);
    const image = await fetch(updateVideo.thumbnailUrl);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(TINY_PNG);
  });

  it('refuses a thumbnail that is not an image, and deletes it', async () => {
    const video = await createVideo();
    const { uploadVideoThumbnail } = await ok(people.admin, THUMBNAIL, {
      where: { id: video.id },
      file: { filename: 'thumb.png', mimetype: 'image/png', maxSizeBytes: 5000 },
    });
    await postUpload(uploadVideoThumbnail, Buffer.from('plain text, not a PNG'), 'thumb.png', 'image/png');
    expect(await refusal(people.admin, UPDATE, { where: { id: video.id }, data: { selectedThumbnail: uploadVideoThumbnail.key } })).toEqual({
      errorType: 'ValidationError',
      message: AVATAR_MESSAGES.notAnImage,
    });
    expect((await fetch(uploadVideoThumbnail.fileUrl)).status).toBe(404);
    expect((await readVideo(video.id)).selectedThumbnail).toBeNull();
  });

  it('posts a series cover and sets it with updateVideoSeries', async () => {
    const series = await createSeries();
    const { uploadVideoSeriesCoverImage } = await ok(people.admin, COVER, {
      where: { id: series.id },
      file: { filename: 'cover.png', mimetype: 'image/png', maxSizeBytes: 5000 },
    });
    expect(uploadVideoSeriesCoverImage.key.startsWith(`series/${series.id}/cover/`)).toBe(true);
    await postUpload(uploadVideoSeriesCoverImage, TINY_PNG, 'cover.png', 'image/png');
    const { updateVideoSeries } = await ok(people.admin, UPDATE_SERIES, {
      where: { id: series.id },
      data: { coverImage: uploadVideoSeriesCoverImage.key, basic: true },
    });
    expect(updateVideoSeries).toMatchObject({ coverImage: uploadVideoSeriesCoverImage.key, basic: true });
    expect(Buffer.from(await (await fetch(updateVideoSeries.coverImageUrl)).arrayBuffer())).toEqual(TINY_PNG);
    const video = await createVideo();
    expect(
      await refusal(people.admin, UPDATE_SERIES, { where: { id: series.id }, data: { coverImage: `videos/${video.id}/thumbnails/x.png` } }),
    ).toEqual({ errorType: 'ValidationError', message: VIDEO_MESSAGES.imageKey });
  });
});

describe('questions', () => {
  it('creates a question with the slug of docs/videos.md, updates it to a new slug and deletes it', async () => {
    const video = await createVideo();
    const { createVideoQuestion } = await ok(people.admin, CREATE_QUESTION, {
      data: { videoId: video.id, type: 'BOOLEAN', text: 'Do you feel comfortable with this movement?', defineWatched: true },
    });
    expect(createVideoQuestion).toMatchObject({
      videoId: video.id,
      type: 'BOOLEAN',
      subType: null,
      defineWatched: true,
      isCreateOrDeleteQuestion: false,
      slug: questionSlug(video.id, 'BOOLEAN', 'Do you feel comfortable with this movement?'),
    });
    expect(createVideoQuestion.slug).toBe(`${video.id}-boolean-do-you-feel-comfortable-with-this-movement`);

    const { updateVideoQuestion } = await ok(people.admin, UPDATE_QUESTION, {
      where: { id: createVideoQuestion.id },
      data: { type: 'STRING', text: 'My Notes' },
    });
    expect(updateVideoQuestion).toMatchObject({ id: createVideoQuestion.id, slug: `${video.id}-string-my-notes`, defineWatched: true });
    expect((await readVideo(video.id)).VideoQuestion).toEqual([expect.objectContaining({ id: createVideoQuestion.id, text: 'My Notes' })]);

    await ok(people.admin, DELETE_QUESTION, { where: { id: createVideoQuestion.id } });
    expect((await readVideo(video.id)).VideoQuestion).toEqual([]);
    expect((await auditOf(createVideoQuestion.id)).map((entry) => entry.action)).toEqual([
      'createVideoQuestion',
      'updateVideoQuestion',
      'deleteVideoQuestion',
    ]);
  });

  it('refuses a question on a video that does not exist, and an empty text', async () => {
    expect(await refusal(people.admin, CREATE_QUESTION, { data: { videoId: randomUUID(), type: 'STRING', text: 'My Notes' } })).toEqual({
      errorType: 'NotFound',
      message: VIDEO_MESSAGES.videoNotFound,
    });
    const video = await createVideo();
    expect(await refusal(people.admin, CREATE_QUESTION, { data: { videoId: video.id, type: 'STRING', text: '  ' } })).toEqual({
      errorType: 'ValidationError',
      message: VIDEO_MESSAGES.questionTextRequired,
    });
  });

  it('refuses an update that would take the slug of another question of the video', async () => {
    const video = await createVideo();
    await ok(people.admin, CREATE_QUESTION, { data: { videoId: video.id, type: 'STRING', text: 'My Notes' } });
    const { createVideoQuestion } = await ok(people.admin, CREATE_QUESTION, { data: { videoId: video.id, type: 'STRING', text: 'Other notes' } });
    expect(await refusal(people.admin, UPDATE_QUESTION, { where: { id: createVideoQuestion.id }, data: { text: 'my notes!' } })).toEqual({
      errorType: 'Conflict',
      message: VIDEO_MESSAGES.duplicateQuestion,
    });
    expect((await readVideo(video.id)).VideoQuestion.map((question: { text: string }) => question.text)).toEqual(['My Notes', 'Other notes']);
  });
});

describe('instructors and series', () => {
  it('creates, renames and lists instructors and series by name', async () => {
    const firstName = freshTitle('Zed');
    const instructor = await createInstructor(firstName);
    const renamed = freshTitle('Anna');
    expect((await ok(people.admin, UPDATE_INSTRUCTOR, { where: { id: instructor.id }, data: { fullName: renamed } })).updateVideoInstructor).toEqual({
      id: instructor.id,
      fullName: renamed,
    });
    const series = await createSeries(freshTitle('Getting Started'), true);
    const { videoInstructorsAndSeries } = await ok(people.admin, CATALOG);
    expect(videoInstructorsAndSeries.instructors).toContainEqual({ id: instructor.id, fullName: renamed });
    expect(videoInstructorsAndSeries.series).toContainEqual(expect.objectContaining({ id: series.id, basic: true, coverImageUrl: null }));
    const names = videoInstructorsAndSeries.instructors.map((one: { fullName: string }) => one.fullName.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    // The old name is free again.
    await createInstructor(firstName);
  });

  it('deleting an instructor clears it from its videos; its name can be used again', async () => {
    const name = freshTitle('Leaving');
    const instructor = await createInstructor(name);
    const videos = await Promise.all([createVideo(), createVideo()]);
    for (const video of videos) await ok(people.admin, UPDATE, { where: { id: video.id }, data: { instructorId: instructor.id } });
    await ok(people.admin, DELETE_INSTRUCTOR, { where: { id: instructor.id } });
    for (const video of videos) expect(await readVideo(video.id)).toMatchObject({ instructorId: null, VideoInstructor: null });
    expect(await dynamoVideoStore.getInstructor(instructor.id)).toBeNull();
    await createInstructor(name);
    expect((await auditOf(instructor.id)).map((entry) => entry.action)).toEqual(['createVideoInstructor', 'deleteVideoInstructor']);
  });

  it('deleting a series clears it and its episode from its videos; the name can be used again', async () => {
    const name = freshTitle('Ending');
    const series = await createSeries(name);
    const videos = await Promise.all([createVideo(), createVideo()]);
    await ok(people.admin, UPDATE, { where: { id: videos[0].id }, data: { seriesId: series.id, episode: 1 } });
    await ok(people.admin, UPDATE, { where: { id: videos[1].id }, data: { seriesId: series.id } });
    await ok(people.admin, DELETE_SERIES, { where: { id: series.id } });
    for (const video of videos) expect(await readVideo(video.id)).toMatchObject({ seriesId: null, episode: null, VideoSeries: null });
    const { Items } = await db().send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': seriesItem.key(series).pk },
      }),
    );
    expect(Items).toEqual([]);
    await createSeries(name);
  });
});

describe('uniqueness under 50 concurrent attempts', () => {
  it('a title: exactly one video, the spec message for the others, one guard and one audit entry', async () => {
    const title = freshTitle('Race');
    const { succeeded, messages } = await concurrently(
      Array.from(
        { length: CONCURRENT },
        (_, index) => () =>
          call(people.admin, CREATE, { data: { title: index % 2 ? title : title.toUpperCase(), category: 'yoga', pillarCategory: 'mental' } }),
      ),
    );
    expect(succeeded).toBe(1);
    expect(messages).toEqual(new Set([VIDEO_MESSAGES.duplicateTitle]));
    const made = (await dynamoVideoStore.all()).filter((video) => video.title.toLowerCase() === title.toLowerCase());
    expect(made).toHaveLength(1);
    expect(await auditOf(made[0].id)).toHaveLength(1);
  });

  it('a series episode: exactly one of 50 videos gets it', async () => {
    const series = await createSeries();
    const videos = await Promise.all(Array.from({ length: CONCURRENT }, () => createVideo()));
    const { succeeded, messages } = await concurrently(
      videos.map((video) => () => call(people.admin, UPDATE, { where: { id: video.id }, data: { seriesId: series.id, episode: 7 } })),
    );
    expect(succeeded).toBe(1);
    expect(messages).toEqual(new Set([VIDEO_MESSAGES.duplicateEpisode]));
    const inSeries = (await dynamoVideoStore.all()).filter((video) => video.seriesId === series.id);
    expect(inSeries).toHaveLength(1);
    const { Items } = await db().send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': seriesItem.key(series).pk },
      }),
    );
    expect(Items!.map((item) => item.sk).sort()).toEqual(['EPISODE#7', 'SERIES', `VIDEO#${inSeries[0].id}`]);
    expect(Items!.find((item) => item.sk === 'SERIES')!.videoCount).toBe(1);
  });

  it('a question slug per video: exactly one question', async () => {
    const video = await createVideo();
    const { succeeded, messages } = await concurrently(
      Array.from(
        { length: CONCURRENT },
        (_, index) => () =>
          call(people.admin, CREATE_QUESTION, {
            data: { videoId: video.id, type: 'INT', text: index % 2 ? 'How many rounds did you do?' : 'How many rounds did you do' },
          }),
      ),
    );
    expect(succeeded).toBe(1);
    expect(messages).toEqual(new Set([VIDEO_MESSAGES.duplicateQuestion]));
    expect(await dynamoVideoStore.questionsOf(video.id)).toHaveLength(1);
  });

  it('an instructor name: exactly one instructor', async () => {
    const name = freshTitle('Same');
    const { succeeded, messages } = await concurrently(
      Array.from(
        { length: CONCURRENT },
        (_, index) => () => call(people.admin, CREATE_INSTRUCTOR, { data: { fullName: index % 2 ? name : ` ${name.toLowerCase()} ` } }),
      ),
    );
    expect(succeeded).toBe(1);
    expect(messages).toEqual(new Set([VIDEO_MESSAGES.duplicateInstructor]));
    expect((await dynamoVideoStore.instructors()).filter((one) => one.fullName.trim().toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it('a series name: exactly one series', async () => {
    const name = freshTitle('Same series');
    const { succeeded, messages } = await concurrently(
      Array.from({ length: CONCURRENT }, () => () => call(people.admin, CREATE_SERIES, { data: { name } })),
    );
    expect(succeeded).toBe(1);
    expect(messages).toEqual(new Set([VIDEO_MESSAGES.duplicateSeries]));
    expect((await dynamoVideoStore.series()).filter((one) => one.name === name)).toHaveLength(1);
  });

  it('renaming into a taken name is refused the same way', async () => {
    const [taken, other] = [freshTitle('Taken'), await createInstructor()];
    await createInstructor(taken);
    expect(await refusal(people.admin, UPDATE_INSTRUCTOR, { where: { id: other.id }, data: { fullName: taken } })).toEqual({
      errorType: 'Conflict',
      message: VIDEO_MESSAGES.duplicateInstructor,
    });
    const series = await createSeries();
    const takenSeries = freshTitle('Taken series');
    await createSeries(takenSeries);
    expect(await refusal(people.admin, UPDATE_SERIES, { where: { id: series.id }, data: { name: takenSeries } })).toEqual({
      errorType: 'Conflict',
      message: VIDEO_MESSAGES.duplicateSeries,
    });
    const video = await createVideo();
    const takenTitle = (await createVideo()).title;
    expect(await refusal(people.admin, UPDATE, { where: { id: video.id }, data: { title: takenTitle } })).toEqual({
      errorType: 'Conflict',
      message: VIDEO_MESSAGES.duplicateTitle,
    });
  });
});

describe('the library', () => {
  it('shows every signed-in user the enabled, COMPLETE videos whose availableFrom has come, and nothing else', async () => {
    const label = `Lib${randomUUID().slice(0, 6)}`;
    const make = async (name: string, availableFrom: string | null, status: 'COMPLETE' | 'PROGRESSING') => {
      const video = await createVideo(people.admin, { title: `${label} ${name}` });
      await ok(people.admin, UPDATE, { where: { id: video.id }, data: { availableFrom } });
      await ok(people.admin, ENABLE, { where: { id: video.id } });
      await dynamoVideoStore.setWorkflowStatus(video.id, status, {
        playbackKey: `media/${video.id}/a/index.m3u8`,
        thumbnailKey: `media/${video.id}/a/thumb.jpg`,
      });
      return video;
    };
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const shown = await make('b shown', past, 'COMPLETE');
    const alsoShown = await make('a shown', past, 'COMPLETE');
    await make('processing', past, 'PROGRESSING');
    await make('scheduled', future, 'COMPLETE');
    await make('unscheduled', null, 'COMPLETE');
    const disabled = await make('disabled', past, 'COMPLETE');
    await ok(people.admin, DISABLE, { where: { id: disabled.id } });

    for (const who of [people.gamer, people.coach, people.director, people.admin]) {
      const { videoLibrary } = await ok(who, LIBRARY, { where: { search: label } });
      expect(videoLibrary.map((video: { id: string }) => video.id)).toEqual([alsoShown.id, shown.id]);
      expect(videoLibrary[0].url).toBe(`${process.env.MEDIA_PUBLIC_URL}/${alsoShown.id}/a/index.m3u8`);
    }
    expect(
      (await ok(people.gamer, LIBRARY, { where: { search: label }, take: 1, skip: 1 })).videoLibrary.map((video: { id: string }) => video.id),
    ).toEqual([shown.id]);
  });
});
