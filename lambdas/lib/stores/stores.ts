import { dynamoAccountStore, type AccountStore } from './account-store';
import { dynamoInviteStore, type InviteStore } from './invite-store';
import { dynamoJournalStore, type JournalStore } from './journal-store';
import { dynamoLoginAttemptStore, type LoginAttemptStore } from './login-attempt-store';
import { dynamoRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { dynamoResetCodeStore, type ResetCodeStore } from './reset-code-store';
import { dynamoScoreStore, type ScoreStore } from './score-store';
import { dynamoSignOutStore, type SignOutStore } from './sign-out-store';
import { dynamoSubscriptionStore, type SubscriptionStore } from './subscription-store';
import { dynamoTeamStore, type TeamStore } from './team-store';
import { dynamoUserStore, type UserStore } from './user-store';

/** Every store, one per item kind (docs/data-model.md): the DynamoDB ones here, their in-memory twins in ./memory.ts. */
export interface Stores {
  users: UserStore;
  accounts: AccountStore;
  teams: TeamStore;
  invites: InviteStore;
  attempts: LoginAttemptStore;
  resetCodes: ResetCodeStore;
  rateLimits: RateLimitStore;
  signOuts: SignOutStore;
  scores: ScoreStore;
  subscriptions: SubscriptionStore;
  journal: JournalStore;
}

export const dynamoStores: Stores = {
  users: dynamoUserStore,
  accounts: dynamoAccountStore,
  teams: dynamoTeamStore,
  invites: dynamoInviteStore,
  attempts: dynamoLoginAttemptStore,
  resetCodes: dynamoResetCodeStore,
  rateLimits: dynamoRateLimitStore,
  signOuts: dynamoSignOutStore,
  scores: dynamoScoreStore,
  subscriptions: dynamoSubscriptionStore,
  journal: dynamoJournalStore,
};
