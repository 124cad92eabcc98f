import type { PillarSlug } from '@core/pillars';
import { dynamoRecommendationStore } from '../../lambdas/recommendations/store';

/** The demo recommendations (docs/local-mode.md): answers of the check-in linked to two of the demo videos (scripts/seed/videos.ts). */
const DEMO_RECOMMENDATIONS: readonly {
  id: string;
  title: string;
  pillarSlug: PillarSlug;
  questionSlug: string;
  answer: string;
  videoId: string;
}[] = [
  {
    id: 'demo-recommendation-stress',
    title: 'Box breathing',
    pillarSlug: 'mental',
    questionSlug: 'emotional-state',
    answer: 'stressed',
    videoId: 'demo-video-box-breathing',
  },
  {
    id: 'demo-recommendation-wrists',
    title: 'Sore wrists',
    pillarSlug: 'physical',
    questionSlug: 'pain',
    answer: 'wrist',
    videoId: 'demo-video-wrist-warm-up',
  },
];

/** Needs the demo videos COMPLETE and enabled first: the store links no other kind. */
export async function seedDemoRecommendations(adminId: string, adminEmail: string, now: Date): Promise<void> {
  for (const [index, demo] of DEMO_RECOMMENDATIONS.entries()) {
    if (await dynamoRecommendationStore.get(demo.id)) continue;
    // A minute apart, so the table lists them in a fixed order.
    const at = new Date(now.getTime() + index * 60_000).toISOString();
    await dynamoRecommendationStore.create(
      { ...demo, description: null, createdAt: at, updatedAt: at },
      {
        actorId: adminId,
        actorEmail: adminEmail,
        action: 'createVideoRecommendation',
        targetType: 'VideoRecommendation',
        targetId: demo.id,
        targetLabel: demo.title,
        before: null,
        after: { ...demo },
      },
    );
  }
}
