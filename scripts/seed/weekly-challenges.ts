import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE, isoWeekOf, scoreDayOf, shiftDay } from '@core/dates';
import { TransactionRefused } from '../../lambdas/lib/stores/transactions';
import { dynamoWeeklyChallengeStore } from '../../lambdas/weekly-challenges/store';

/** The demo weekly challenges (docs/local-mode.md): two weeks ago, this week and next week, posted by the demo admin. */
const DEMO_CHALLENGES = [
  { weeksFromNow: -2, description: 'Take a 5-minute movement break after every match this week.' },
  { weeksFromNow: 0, description: 'Drink a glass of water before every session and log your water every day this week.' },
  { weeksFromNow: 1, description: 'No screens in the last 30 minutes before bed, seven nights in a row.' },
];

export async function seedDemoChallenges(adminId: string, adminEmail: string, now = new Date()): Promise<void> {
  const today = scoreDayOf(now, DEFAULT_TIME_ZONE);
  for (const demo of DEMO_CHALLENGES) {
    const { year, week } = isoWeekOf(shiftDay(today, demo.weeksFromNow * 7));
    const at = now.toISOString();
    const challenge = { id: randomUUID(), year, week, description: demo.description, createdAt: at, updatedAt: at };
    const audit = {
      actorId: adminId,
      actorEmail: adminEmail,
      action: 'createWeeklyChallenge',
      targetType: 'WeeklyChallenge',
      targetId: challenge.id,
      targetLabel: `${year} week ${week}`,
      before: null,
      after: { year, week, description: demo.description },
    };
    try {
      await dynamoWeeklyChallengeStore.create(challenge, audit);
    } catch (error) {
      // A week that already has a challenge (an earlier start, or one an admin posted) keeps it.
      if (!(error instanceof TransactionRefused && error.label === 'week')) throw error;
    }
  }
}
