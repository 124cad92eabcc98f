import { config } from '../lib/config';
import { queuePush, sendMail } from '../lib/mail';
import { dynamoReminderStore, type ReminderStore } from './store';
import { dynamoScoreStore, type ScoreStore } from '../lib/stores/score-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { vapidKeys } from '../lib/push';

/** What the reminders Lambda and its job reach: storage, the two channels (both queued), the app's address and the clock. */
export interface ReminderDeps {
  reminders: ReminderStore;
  users: Pick<UserStore, 'get' | 'getMany'>;
  scores: Pick<ScoreStore, 'latestDays'>;
  teams: Pick<TeamStore, 'membersOf'>;
  sendMail: typeof sendMail;
  queuePush: typeof queuePush;
  vapidPublicKey: () => Promise<string>;
  appUrl: () => string;
  now: () => Date;
}

export const productionDeps: ReminderDeps = {
  reminders: dynamoReminderStore,
  users: dynamoUserStore,
  scores: dynamoScoreStore,
  teams: dynamoTeamStore,
  sendMail,
  queuePush,
  vapidPublicKey: async () => (await vapidKeys()).publicKey,
  appUrl: () => config.appUrl,
  now: () => new Date(),
};
