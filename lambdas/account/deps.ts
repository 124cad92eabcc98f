import { deleteUserData, teamsBlockingDeletion } from '../lib/account-deletion';
import { config } from '../lib/config';
import { sendMail, type MailMessage } from '../lib/mail';
import { dynamoEmailProofStore, type EmailProofStore } from './store';
import { dynamoRateLimitStore, type RateLimitStore } from '../lib/stores/rate-limit-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { markCognitoEmailVerified } from '../lib/user-pool';
import { invitesToEmail, userPartitionItems } from '../lib/user-data';

/** What a user's own account rules reach: his items, the deletion, mail and the clock. */
export interface AccountDeps {
  users: Pick<UserStore, 'get' | 'markEmailVerified'>;
  teams: Pick<TeamStore, 'membershipsOfUser'>;
  userPartitionItems: typeof userPartitionItems;
  invitesToEmail: typeof invitesToEmail;
  teamsBlockingDeletion: typeof teamsBlockingDeletion;
  deleteUserData: typeof deleteUserData;
  sendMail: (message: MailMessage) => Promise<void>;
  /** The e-mail proof codes, their mail limit, and Cognito's `email_verified` (email-proof.ts). */
  emailProofs: EmailProofStore;
  rateLimits: RateLimitStore;
  markCognitoEmailVerified: (userId: string, email: string) => Promise<void>;
  appUrl: () => string;
  now: () => Date;
}

export const productionDeps: AccountDeps = {
  users: dynamoUserStore,
  teams: dynamoTeamStore,
  userPartitionItems,
  invitesToEmail,
  teamsBlockingDeletion,
  deleteUserData,
  sendMail,
  emailProofs: dynamoEmailProofStore,
  rateLimits: dynamoRateLimitStore,
  markCognitoEmailVerified,
  appUrl: () => config.appUrl,
  now: () => new Date(),
};
