import { sendMail, type MailMessage } from '../lib/mail';
import { dynamoAccountStore, type AccountStore } from '../lib/stores/account-store';
import { dynamoInviteStore, type InviteStore } from '../lib/stores/invite-store';
import { dynamoLoginAttemptStore, type LoginAttemptStore } from './login-attempt-store';
import { dynamoRateLimitStore, type RateLimitStore } from '../lib/stores/rate-limit-store';
import { dynamoResetCodeStore, type ResetCodeStore } from './reset-code-store';
import { dynamoSignOutStore, type SignOutStore } from '../lib/stores/sign-out-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { discordApi, type DiscordApi } from './discord-api';
import { cognitoIdentityProvider, type IdentityProvider } from './identity-provider';

/** Everything the account rules reach: storage, the user pool, mail, Discord, the clock and timers. */
export interface AuthDeps {
  users: Pick<UserStore, 'get' | 'findByEmail' | 'markEmailVerified'>;
  accounts: AccountStore;
  attempts: LoginAttemptStore;
  resetCodes: ResetCodeStore;
  rateLimits: RateLimitStore;
  signOuts: SignOutStore;
  invites: Pick<InviteStore, 'pendingFor' | 'codeOf' | 'get'>;
  teams: Pick<TeamStore, 'membershipsOfUser' | 'ownedBy' | 'getMany'>;
  idp: IdentityProvider;
  discord: DiscordApi;
  sendMail: (message: MailMessage) => Promise<void>;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

export const productionDeps: AuthDeps = {
  users: dynamoUserStore,
  accounts: dynamoAccountStore,
  attempts: dynamoLoginAttemptStore,
  resetCodes: dynamoResetCodeStore,
  rateLimits: dynamoRateLimitStore,
  signOuts: dynamoSignOutStore,
  invites: dynamoInviteStore,
  teams: dynamoTeamStore,
  idp: cognitoIdentityProvider,
  discord: discordApi,
  sendMail,
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
