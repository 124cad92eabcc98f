import { dynamoShareStore, newShare } from '../../lambdas/recap/store';
import { TransactionRefused } from '../../lambdas/lib/stores/transactions';

/** `gamer1` shares a daily report with a parent who has not answered yet (docs/local-mode.md). */
export const DEMO_SHARE = {
  id: '7c2e4b10-5d3a-4f8e-9b61-0a2d3c4e5f01',
  gamerEmail: 'gamer1@fitgauge.test',
  email: 'parent1@fitgauge.test',
} as const;

/** Due at once, so `npm run job:recap` right after the first start sends its first recap. */
export async function seedDemoShares(userIds: Record<string, string>, now: Date): Promise<void> {
  try {
    await dynamoShareStore.create(
      newShare({ id: DEMO_SHARE.id, gamerId: userIds[DEMO_SHARE.gamerEmail], email: DEMO_SHARE.email, frequency: 'DAILY' }, now.toISOString()),
      DEMO_SHARE.gamerEmail,
      now,
    );
  } catch (error) {
    // Seeded before (the seed runs again after an interrupted start).
    if (!(error instanceof TransactionRefused && error.label === 'share')) throw error;
  }
}
