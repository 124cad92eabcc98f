import { randomUUID } from 'node:crypto';
import { dynamoRecommendationStore as recommendations, type RecommendationRecord } from './store';
import { TransactionRefused } from '../lib/stores/transactions';
import { newVideoRecord } from '../lib/stores/new-video';
import { dynamoVideoStore as videos, type VideoRecord } from '../lib/stores/video-store';

// The recommendation store on DynamoDB Local (jest project `dynamodb`): the count moves with every create and delete,
// also under parallel writes, and only a COMPLETE, enabled video can be linked. This file is the only one here that
// writes recommendations, so the count is exact.
jest.setTimeout(60_000);

const audit = {
  actorId: 'admin',
  actorEmail: 'admin@fitgauge.test',
  action: 'test',
  targetType: 'VideoRecommendation',
  targetId: 'x',
  targetLabel: 'x',
  before: null,
  after: null,
};

async function newVideo(overrides: Partial<VideoRecord> = {}): Promise<VideoRecord> {
  const video = newVideoRecord(
    {
      id: randomUUID(),
      title: `Store video ${randomUUID()}`,
      category: 'workouts',
      pillarCategory: 'physical',
      workflowStatus: 'COMPLETE',
      enabled: true,
      ...overrides,
    },
    new Date().toISOString(),
  );
  await videos.create(video, audit);
  return video;
}

function recommendationOf(videoId: string, createdAt = new Date().toISOString()): RecommendationRecord {
  return {
    id: randomUUID(),
    title: 'Sleep better',
    description: null,
    pillarSlug: 'sleep',
    questionSlug: 'sleep-quality',
    answer: 'terrible',
    videoId,
    createdAt,
    updatedAt: createdAt,
  };
}

const refusalOf = (write: Promise<unknown>) =>
  write.then(
    () => null,
    (error: unknown) => (error instanceof TransactionRefused ? error.label : error),
  );

describe('recommendation store on DynamoDB Local', () => {
  it('counts every create and delete exactly, also in parallel, and pages newest first', async () => {
    const video = await newVideo();
    const made = Array.from({ length: 20 }, (_, index) => recommendationOf(video.id, new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()));
    await Promise.all(made.map((one) => recommendations.create(one, audit)));
    expect((await recommendations.page(5, 0)).count).toBe(20);
    const firstPage = await recommendations.page(5, 0);
    expect(firstPage.items.map((one) => one.id)).toEqual(
      made
        .slice(-5)
        .reverse()
        .map((one) => one.id),
    );
    expect((await recommendations.page(5, 17)).items.map((one) => one.id)).toEqual(
      made
        .slice(0, 3)
        .reverse()
        .map((one) => one.id),
    );
    await Promise.all(made.slice(0, 8).map((one) => recommendations.delete(one, audit)));
    expect((await recommendations.page(100, 0)).count).toBe(12);
    expect(await refusalOf(recommendations.delete(made[0]!, audit))).toBe('recommendation');
    expect((await recommendations.page(100, 0)).count).toBe(12);
  });

  it('links only a COMPLETE, enabled video, and refuses a change over a changed recommendation', async () => {
    const processing = await newVideo({ workflowStatus: 'PROGRESSING' });
    const disabled = await newVideo({ enabled: false });
    const ready = await newVideo();
    for (const video of [processing, disabled]) {
      const refused = recommendationOf(video.id);
      expect(await refusalOf(recommendations.create(refused, audit))).toBe('video');
      expect(await recommendations.get(refused.id)).toBeNull();
    }
    expect(await refusalOf(recommendations.create(recommendationOf(randomUUID()), audit))).toBe('video');

    const stored = recommendationOf(ready.id);
    await recommendations.create(stored, audit);
    const changed = { ...stored, title: 'Changed', updatedAt: new Date(Date.now() + 1000).toISOString() };
    expect(await refusalOf(recommendations.update(stored, { ...changed, videoId: disabled.id }, audit))).toBe('video');
    await recommendations.update(stored, changed, audit);
    expect(await recommendations.get(stored.id)).toEqual(changed);
    // A second writer who read the first version is refused.
    expect(await refusalOf(recommendations.update(stored, { ...stored, title: 'Stale' }, audit))).toBe('recommendation');
    expect((await recommendations.videos([ready.id, randomUUID()])).map((video) => video.id)).toEqual([ready.id]);
  });
});
