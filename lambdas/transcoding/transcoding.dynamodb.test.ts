import { randomUUID } from 'node:crypto';
import { videoUploadKey } from '@core/video-files';
import { newVideoRecord } from '../lib/stores/new-video';
import { dynamoVideoStore as videos } from '../lib/stores/video-store';
import { startTranscode, TRANSCODE_MESSAGES, type TranscodeDeps } from './transcoding';

const AUDIT = {
  actorId: 'admin-1',
  actorEmail: 'admin@fitgauge.test',
  action: 'createVideo',
  targetType: 'Video',
  targetLabel: 'Warm-Up',
  before: null,
  after: null,
};

/** A fresh video on DynamoDB Local (jest project `dynamodb`), its title unique as titles must be. */
async function setUp(startJob: TranscodeDeps['startJob']) {
  const id = randomUUID();
  await videos.create(
    newVideoRecord({ id, title: `Warm-Up ${id.slice(0, 8)}`, category: 'workouts', pillarCategory: 'physical' }, '2026-11-22T20:00:00.000Z'),
    { ...AUDIT, targetId: id },
  );
  return { id, deps: { videos, startJob } };
}

describe('startTranscode', () => {
  it("records the upload, marks the video PROGRESSING before the job exists, and submits the source with its video's id", async () => {
    const submitted: unknown[] = [];
    const { id, deps } = await setUp(async (...args) => {
      submitted.push({ args, statusMeanwhile: (await videos.get(id))?.workflowStatus });
      return 'job-1';
    });
    const key = videoUploadKey(id, 'u1', 'mp4');
    await startTranscode('videos-bucket', key, deps);
    expect(submitted).toEqual([{ args: ['videos-bucket', key, id], statusMeanwhile: 'PROGRESSING' }]);
    expect(await videos.get(id)).toMatchObject({ filename: key, workflowStatus: 'PROGRESSING', workflowError: null });
  });

  it('sets the error state with the reason when the job cannot be submitted', async () => {
    const { id, deps } = await setUp(async () => {
      throw new Error('Role is not authorized');
    });
    await expect(startTranscode('videos-bucket', videoUploadKey(id, 'u1', 'mov'), deps)).rejects.toThrow('Role is not authorized');
    expect(await videos.get(id)).toMatchObject({ workflowStatus: 'ERROR', workflowError: TRANSCODE_MESSAGES.notStarted('Role is not authorized') });
    expect(TRANSCODE_MESSAGES.notStarted('x')).toBe('The transcode could not be started: x');
  });

  it.each([
    ['an admin thumbnail', (id: string) => `videos/${id}/thumbnails/t.png`],
    ['a transcoder output', (id: string) => `media/${id}/u1/index.m3u8`],
    ['a deleted video', () => videoUploadKey(randomUUID(), 'u1', 'mp4')],
  ])('starts nothing for %s', async (_, keyOf) => {
    const submitted: string[] = [];
    const { id, deps } = await setUp(async (_bucket, uploadKey) => {
      submitted.push(uploadKey);
      return 'job';
    });
    await startTranscode('videos-bucket', keyOf(id), deps);
    expect(submitted).toEqual([]);
    expect(await videos.get(id)).toMatchObject({ filename: null, workflowStatus: 'WAITING_FOR_UPLOAD' });
  });
});
