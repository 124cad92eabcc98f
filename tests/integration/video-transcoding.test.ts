/**
 * Transcoding on the running local stack (docs/transcoding.md): a real mp4 stored under the video's upload
 * prefix of the videos bucket raises the S3 event, the starter submits the MediaConvert job to the stand-in, ffmpeg
 * writes HLS and a thumbnail back to the bucket, and the job-state event sets the video COMPLETE with their keys. A file
 * that is not a video ends in ERROR with ffmpeg's reason. Videos are fresh records written through the video store; the
 * demo videos, seeded through the same path, are COMPLETE with their files in the bucket.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { VIDEO_UPLOADS_ROOT, videoUploadKey } from '@core/video-files';
import { dynamoVideoStore, type VideoRecord } from '../../lambdas/lib/stores/video-store';
import type { JobStateEvent } from '../../lambdas/lib/transcoding-job';
import { recordJobState, startTranscode } from '../../lambdas/transcoding/transcoding';
import { generateClip } from '../../scripts/local/mediaconvert/clip';
import { newVideoRecord } from '../../lambdas/lib/stores/new-video';
import { DEMO_VIDEOS, seedDemoVideos, untilTranscoded } from '../../scripts/seed/videos';
import type { RoleAccount } from '../support/accounts';
import { useStackEnvironment } from '../support/stack';
import { accounts, ok } from '../support/team-fixtures';

jest.setTimeout(120_000);

let s3: S3Client;
let work: string;
let clip: Buffer;
let admin: RoleAccount;

beforeAll(async () => {
  useStackEnvironment();
  ({ admin } = await accounts({ admin: 'ADMIN' }, 'video-playback'));
  s3 = new S3Client({});
  work = await mkdtemp(join(tmpdir(), 'fitgauge-transcode-test-'));
  await generateClip(join(work, 'clip.mp4'), { seconds: 2, width: 640, height: 360 });
  clip = await readFile(join(work, 'clip.mp4'));
});

afterAll(async () => {
  s3?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

async function newVideo(title: string): Promise<VideoRecord> {
  const id = randomUUID();
  const video = newVideoRecord(
    { id, title: `${title} ${id.slice(0, 8)}`, category: 'workouts', pillarCategory: 'physical' },
    new Date().toISOString(),
  );
  const audit = {
    actorId: 'transcode-test',
    actorEmail: 'admin@fitgauge.test',
    action: 'createVideo',
    targetType: 'Video',
    targetId: video.id,
    targetLabel: video.title,
    before: null,
    after: null,
  };
  await dynamoVideoStore.create(video, audit);
  return video;
}

async function upload(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: process.env.VIDEOS_BUCKET, Key: key, Body: body, ContentType: contentType }));
}

async function objectOf(key: string): Promise<{ body: Buffer; contentType: string | undefined }> {
  const object = await s3.send(new GetObjectCommand({ Bucket: process.env.VIDEOS_BUCKET, Key: key }));
  return { body: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
}

const finished = (videoId: string) => untilTranscoded(videoId, 90_000);

it('turns an uploaded mp4 into an HLS playlist with renditions and a thumbnail, and marks the video COMPLETE', async () => {
  const video = await newVideo('Transcoded');
  const key = videoUploadKey(video.id, randomUUID(), 'mp4');
  await upload(key, clip, 'video/mp4');

  const done = await finished(video.id);
  expect(done).toMatchObject({ workflowStatus: 'COMPLETE', workflowError: null, filename: key });
  expect(done.playbackKey).toMatch(new RegExp(`^media/${video.id}/[^/]+/index\\.m3u8$`));
  expect(done.thumbnailKey).toMatch(new RegExp(`^media/${video.id}/[^/]+/index_thumbnail\\.0000000\\.jpg$`));

  const folder = done.playbackKey!.slice(0, done.playbackKey!.lastIndexOf('/') + 1);
  const main = await objectOf(done.playbackKey!);
  expect(main.contentType).toBe('application/vnd.apple.mpegurl');
  const variants = main.body
    .toString()
    .split('\n')
    .filter((line) => line.endsWith('.m3u8'));
  expect(variants).toEqual(['index_720p.m3u8', 'index_360p.m3u8']);
  expect(main.body.toString()).toContain('RESOLUTION=1280x720');
  for (const variant of variants) {
    const playlist = (await objectOf(folder + variant)).body.toString();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(0);
    const segment = await objectOf(folder + segments[0]);
    // An MPEG transport stream: 188-byte packets starting with the sync byte 0x47.
    expect(segment.body[0]).toBe(0x47);
    expect(segment.body[188]).toBe(0x47);
  }
  const thumbnail = await objectOf(done.thumbnailKey!);
  expect(thumbnail.contentType).toBe('image/jpeg');
  expect([...thumbnail.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  await playsFromTheApiUrls(video.id, key);
});

/** GET over plain HTTP, as hls.js does it: no credentials, no signature. */
async function fetched(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * What a player does with the addresses the API returns: the playlist from `url`, a rendition playlist and a
 * segment by the relative URIs they name, and the thumbnail; while the source upload has no address under the
 * media base URL (on AWS the bucket policy lets CloudFront read `media/*` only: tests/infra).
 */
async function playsFromTheApiUrls(videoId: string, sourceKey: string) {
  const { video } = await ok(admin, 'query($where: VideoWhereUniqueInput!) { video(where: $where) { url thumbnailUrl } }', {
    where: { id: videoId },
  });
  const mediaBase = process.env.MEDIA_PUBLIC_URL!;
  expect(video.url.startsWith(`${mediaBase}/`)).toBe(true);
  expect(video.url).not.toContain('X-Amz-Signature');

  const main = await fetched(video.url);
  expect(main.status).toBe(200);
  const renditionUri = main.body
    .toString()
    .split('\n')
    .find((line) => line.endsWith('.m3u8'))!;
  const renditionUrl = new URL(renditionUri, video.url).href;
  const rendition = await fetched(renditionUrl);
  expect(rendition.status).toBe(200);
  expect(rendition.body.toString()).toContain('#EXT-X-ENDLIST');
  const segmentUri = rendition.body
    .toString()
    .split('\n')
    .find((line) => line.endsWith('.ts'))!;
  const segment = await fetched(new URL(segmentUri, renditionUrl).href);
  expect(segment.status).toBe(200);
  expect(segment.body[0]).toBe(0x47);

  const thumbnail = await fetched(video.thumbnailUrl);
  expect(thumbnail.status).toBe(200);
  expect([...thumbnail.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  // The source is in the bucket, yet neither its key nor its path below the media base names it.
  expect((await objectOf(sourceKey)).body.length).toBeGreaterThan(0);
  expect((await fetched(`${mediaBase}/${sourceKey}`)).status).toBe(404);
  expect((await fetched(`${mediaBase}/${sourceKey.slice(VIDEO_UPLOADS_ROOT.length)}`)).status).toBe(404);
}

it('sets the error state with the reason when the uploaded file is not a video', async () => {
  const video = await newVideo('Not a video');
  const key = videoUploadKey(video.id, randomUUID(), 'mp4');
  await upload(key, Buffer.from('These are notes, not a video.\n'.repeat(50)), 'video/mp4');

  const done = await finished(video.id);
  expect(done).toMatchObject({ workflowStatus: 'ERROR', filename: key, playbackKey: null, thumbnailKey: null });
  expect(done.workflowError).toMatch(
    /^Failed to transcode the input s3:\/\/.+: .*Invalid data found when processing input \(MediaConvert error 1010\)$/,
  );
});

it('seeds the demo videos through the same transcoder: finished ones COMPLETE with their files, one still processing', async () => {
  const finishedDemos = DEMO_VIDEOS.filter((demo) => demo.state !== 'processing');
  expect(finishedDemos.length).toBeGreaterThanOrEqual(5);
  for (const demo of finishedDemos) {
    const video = await dynamoVideoStore.get(demo.id);
    expect(video).toMatchObject({ workflowStatus: 'COMPLETE', enabled: demo.state === 'done' });
    expect((await objectOf(video!.playbackKey!)).body.toString()).toContain('#EXT-X-STREAM-INF');
    expect([...(await objectOf(video!.thumbnailKey!)).body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  }
  const processing = DEMO_VIDEOS.filter((demo) => demo.state === 'processing');
  expect(await Promise.all(processing.map((demo) => dynamoVideoStore.get(demo.id)))).toEqual([
    expect.objectContaining({ workflowStatus: 'PROGRESSING', playbackKey: null }),
  ]);
});

describe('job-state events on the status function', () => {
  const jobState = (videoId: string, uploadKey: string, status: string): JobStateEvent => ({
    source: 'aws.mediaconvert',
    'detail-type': 'MediaConvert Job State Change',
    detail: {
      jobId: `job-${randomUUID()}`,
      status,
      userMetadata: { videoId, uploadKey },
      outputGroupDetails: [
        { type: 'HLS_GROUP', playlistFilePaths: [`s3://${process.env.VIDEOS_BUCKET}/media/${videoId}/old/index.m3u8`], outputDetails: [] },
        {
          type: 'FILE_GROUP',
          outputDetails: [{ outputFilePaths: [`s3://${process.env.VIDEOS_BUCKET}/media/${videoId}/old/index_thumbnail.0000000.jpg`] }],
        },
      ],
    },
  });

  it('ignores the result of an upload the video has since replaced', async () => {
    const video = await newVideo('Replaced upload');
    const older = videoUploadKey(video.id, randomUUID(), 'mp4');
    const newer = videoUploadKey(video.id, randomUUID(), 'mp4');
    await dynamoVideoStore.claimTranscode(video.id, newer);

    await recordJobState(jobState(video.id, older, 'COMPLETE'), { videos: dynamoVideoStore });
    expect(await dynamoVideoStore.get(video.id)).toMatchObject({
      filename: newer,
      workflowStatus: 'PROGRESSING',
      playbackKey: null,
      thumbnailKey: null,
    });

    await recordJobState(jobState(video.id, newer, 'COMPLETE'), { videos: dynamoVideoStore });
    expect(await dynamoVideoStore.get(video.id)).toMatchObject({
      filename: newer,
      workflowStatus: 'COMPLETE',
      playbackKey: `media/${video.id}/old/index.m3u8`,
    });
  });

  it("never records an older upload's result over a newer upload that replaces it at the same moment", async () => {
    const videos = await Promise.all(Array.from({ length: 20 }, () => newVideo('Replaced meanwhile')));
    const outcomes = await Promise.all(
      videos.map(async (video) => {
        const older = videoUploadKey(video.id, 'old', 'mp4');
        const newer = videoUploadKey(video.id, randomUUID(), 'mp4');
        await dynamoVideoStore.claimTranscode(video.id, older);
        await Promise.all([
          recordJobState(jobState(video.id, older, 'COMPLETE'), { videos: dynamoVideoStore }),
          dynamoVideoStore.claimTranscode(video.id, newer),
        ]);
        const after = await dynamoVideoStore.get(video.id);
        return { isNewer: after!.filename === newer, workflowStatus: after!.workflowStatus };
      }),
    );
    // Whichever came first, the newer upload is the video's file and its own job (not the older one's) decides its status.
    expect(outcomes).toEqual(videos.map(() => ({ isNewer: true, workflowStatus: 'PROGRESSING' })));
  });

  it('sets the error state with its message when a job is canceled', async () => {
    const video = await newVideo('Canceled job');
    const key = videoUploadKey(video.id, randomUUID(), 'mp4');
    await dynamoVideoStore.claimTranscode(video.id, key);
    await recordJobState(jobState(video.id, key, 'CANCELED'), { videos: dynamoVideoStore });
    expect(await dynamoVideoStore.get(video.id)).toMatchObject({
      workflowStatus: 'ERROR',
      workflowError: 'The transcode was canceled.',
      playbackKey: null,
    });
  });
});

it('seeds the demo videos only once: seeding again (as after an interrupted start) changes nothing', async () => {
  const before = await Promise.all(DEMO_VIDEOS.map((demo) => dynamoVideoStore.get(demo.id)));
  const questionsBefore = await dynamoVideoStore.questionsOf('demo-video-wrist-warm-up');
  await seedDemoVideos('seed-again', new Date());
  expect(await Promise.all(DEMO_VIDEOS.map((demo) => dynamoVideoStore.get(demo.id)))).toEqual(before);
  expect(await dynamoVideoStore.questionsOf('demo-video-wrist-warm-up')).toEqual(questionsBefore);
  expect(questionsBefore).toHaveLength(4);
  expect(
    (await dynamoVideoStore.series()).filter((series) => series.id.startsWith('demo-series-')).map((series) => [series.name, series.basic]),
  ).toEqual(
    expect.arrayContaining([
      ['Getting Started', true],
      ['Focus Fundamentals', false],
    ]),
  );
});

it('starts one transcode when S3 delivers the same upload event several times at once', async () => {
  const video = await newVideo('Delivered twice');
  const key = videoUploadKey(video.id, randomUUID(), 'mp4');
  const submitted: string[] = [];
  const startJob = async (_bucket: string, uploadKey: string) => {
    submitted.push(uploadKey);
    return `job-${submitted.length}`;
  };
  await Promise.all(Array.from({ length: 10 }, () => startTranscode(process.env.VIDEOS_BUCKET!, key, { videos: dynamoVideoStore, startJob })));
  expect(submitted).toEqual([key]);
  expect(await dynamoVideoStore.get(video.id)).toMatchObject({ filename: key, workflowStatus: 'PROGRESSING' });
});
