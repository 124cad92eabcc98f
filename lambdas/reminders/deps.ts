import { config } from '../lib/config';
import { sendMail } from '../lib/mail';
import { dynamoReminderStore, type ReminderStore } from './store';
import { dynamoScoreStore, type ScoreStore } from '../lib/stores/score-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { sendPush, vapidKeys } from './push';

/** What the reminders Lambda and its job reach: storage, the two channels, the app's address and the clock. */
export interface ReminderDeps {
  reminders: ReminderStore;
  users: Pick<UserStore, 'get' | 'getMany'>;
  scores: Pick<ScoreStore, 'latestDays'>;
  teams: Pick<TeamStore, 'membersOf'>;
  sendMail: typeof sendMail;
  sendPush: typeof sendPush;
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
  sendPush,
  vapidPublicKey: async () => (await vapidKeys()).publicKey,
  appUrl: () => config.appUrl,
  now: () => new Date(),
};
