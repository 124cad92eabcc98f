import { videoUploadKey } from '@core/video-files';
import { newVideoRecord } from '../lib/stores/new-video';
import { memoryVideoStore } from '../lib/stores/video-store.memory';
import { startTranscode, TRANSCODE_MESSAGES, type TranscodeDeps } from './transcoding';

const AUDIT = {
  actorId: 'admin-1',
  actorEmail: 'admin@fitgauge.test',
  action: 'createVideo',
  targetType: 'Video',
  targetId: 'v1',
  targetLabel: 'Warm-Up',
  before: null,
  after: null,
};

async function setUp(startJob: TranscodeDeps['startJob']) {
  const videos = memoryVideoStore();
  await videos.create(
    newVideoRecord({ id: 'v1', title: 'Warm-Up', category: 'workouts', pillarCategory: 'physical' }, '2026-11-22T20:00:00.000Z'),
    AUDIT,
  );
  return { videos, deps: { videos, startJob } };
}

describe('startTranscode', () => {
  it("records the upload, marks the video PROGRESSING before the job exists, and submits the source with its video's id", async () => {
    const submitted: unknown[] = [];
    const { videos, deps } = await setUp(async (...args) => {
      submitted.push({ args, statusMeanwhile: (await videos.get('v1'))?.workflowStatus });
      return 'job-1';
    });
    const key = videoUploadKey('v1', 'u1', 'mp4');
    await startTranscode('videos-bucket', key, deps);
    expect(submitted).toEqual([{ args: ['videos-bucket', key, 'v1'], statusMeanwhile: 'PROGRESSING' }]);
    expect(await videos.get('v1')).toMatchObject({ filename: key, workflowStatus: 'PROGRESSING', workflowError: null });
  });

  it('sets the error state with the reason when the job cannot be submitted', async () => {
    const { videos, deps } = await setUp(async () => {
      throw new Error('Role is not authorized');
    });
    await expect(startTranscode('videos-bucket', videoUploadKey('v1', 'u1', 'mov'), deps)).rejects.toThrow('Role is not authorized');
    expect(await videos.get('v1')).toMatchObject({ workflowStatus: 'ERROR', workflowError: TRANSCODE_MESSAGES.notStarted('Role is not authorized') });
    expect(TRANSCODE_MESSAGES.notStarted('x')).toBe('The transcode could not be started: x');
  });

  it.each([
    ['an admin thumbnail', 'videos/v1/thumbnails/t.png'],
    ['a transcoder output', 'media/v1/u1/index.m3u8'],
    ['a deleted video', videoUploadKey('gone', 'u1', 'mp4')],
  ])('starts nothing for %s', async (_, key) => {
    const submitted: string[] = [];
    const { videos, deps } = await setUp(async (_bucket, uploadKey) => {
      submitted.push(uploadKey);
      return 'job';
    });
    await startTranscode('videos-bucket', key, deps);
    expect(submitted).toEqual([]);
    expect(await videos.get('v1')).toMatchObject({ filename: null, workflowStatus: 'WAITING_FOR_UPLOAD' });
  });
});
