import { config } from '../lib/config';
import { newTeamCode } from './invites';
import { sendMail, type MailMessage } from '../lib/mail';
import { billSeatQuantity } from '../lib/seat-billing';
import { dynamoInviteStore, type InviteStore } from '../lib/stores/invite-store';
import { dynamoRateLimitStore, type RateLimitStore } from '../lib/stores/rate-limit-store';
import { dynamoScoreStore, type ScoreStore } from '../lib/stores/score-store';
import { dynamoSubscriptionStore, type SubscriptionStore } from '../lib/stores/subscription-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import type { TeamMembersChange } from '@core/teams/validation';
import { announceMembersChanged } from './members-changed';

/** Everything the team rules reach: storage, mail, the app's address for links, and the clock. */
export interface TeamDeps {
  users: UserStore;
  teams: TeamStore;
  invites: InviteStore;
  subscriptions: SubscriptionStore;
  /** Daily invite allowances per sender and per address (sendInvite). */
  rateLimits: RateLimitStore;
  /** Members' latest days and answers, for the team-with-stats read. */
  scores: Pick<ScoreStore, 'latestDays' | 'answer'>;
  sendMail: (message: MailMessage) => Promise<void>;
  /** Sets the seat subscription's quantity to the team's extra seats plus `change`. */
  billSeats: (teamId: string, change?: number) => Promise<void>;
  /** The web app's address, for links in e-mails (APP_URL). */
  appUrl: () => string;
  now: () => Date;
  /** Tells the team's open My Team pages that a member joined or left (onTeamMembersChanged). */
  announceMembersChanged: (change: TeamMembersChange) => Promise<void>;
  /** Draws a one-time team code (codes are unique: a taken one is drawn again). */
  newTeamCode: () => string;
}

export const productionDeps: TeamDeps = {
  users: dynamoUserStore,
  teams: dynamoTeamStore,
  invites: dynamoInviteStore,
  subscriptions: dynamoSubscriptionStore,
  rateLimits: dynamoRateLimitStore,
  scores: dynamoScoreStore,
  sendMail,
  billSeats: (teamId, change) => billSeatQuantity(teamId, change),
  appUrl: () => config.appUrl,
  now: () => new Date(),
  announceMembersChanged,
  newTeamCode,
};
