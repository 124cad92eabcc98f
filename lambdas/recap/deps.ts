import { config } from '../lib/config';
import { sendMail } from '../lib/mail';
import { dynamoRateLimitStore, type RateLimitStore } from '../lib/stores/rate-limit-store';
import { dynamoScoreStore, type ScoreStore } from '../lib/stores/score-store';
import { dynamoShareStore, type ShareStore } from './store';
import { dynamoUserStore, type UserRecord, type UserStore } from '../lib/stores/user-store';

/** What report sharing and the recap job reach: storage, mail, the app's address and the clock. */
export interface RecapDeps {
  shares: ShareStore;
  users: Pick<UserStore, 'get'>;
  scores: Pick<ScoreStore, 'latestDays'>;
  /** The daily cap of report invitations per address, over all gamers. */
  rateLimits: RateLimitStore;
  sendMail: typeof sendMail;
  appUrl: () => string;
  now: () => Date;
}

export const productionDeps: RecapDeps = {
  shares: dynamoShareStore,
  users: dynamoUserStore,
  scores: dynamoScoreStore,
  rateLimits: dynamoRateLimitStore,
  sendMail,
  appUrl: () => config.appUrl,
  now: () => new Date(),
};

/**
 * How a recipient who kept the reports sees the gamer: the first word of his full name, else his username, else the
 * start of his e-mail. Only the first word, since the name is whatever the account typed (docs/recap.md, "What the
 * recipient is shown"); a recipient who has not answered sees no name at all.
 */
export const firstNameOf = (gamer: Pick<UserRecord, 'fullName' | 'username' | 'email'>) =>
  gamer.fullName?.trim().split(/\s+/)[0] || gamer.username || gamer.email.split('@')[0]!;
