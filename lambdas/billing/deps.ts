import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type Stripe from 'stripe';
import { config } from '../lib/config';
import { sendMail, type MailMessage } from '../lib/mail';
import { dynamoBillingStore, type BillingStore } from '../lib/stores/billing-store';
import { dynamoCouponClaimStore, type CouponClaimStore } from './coupon-claim-store';
import { dynamoPromotionStore, type PromotionStore } from './promotion-store';
import { dynamoRateLimitStore, type RateLimitStore } from '../lib/stores/rate-limit-store';
import { dynamoScoreStore, type ScoreStore } from '../lib/stores/score-store';
import { dynamoSubscriptionStore, type SubscriptionStore } from '../lib/stores/subscription-store';
import { dynamoTeamStore, type TeamStore } from '../lib/stores/team-store';
import { dynamoUserStore, type UserStore } from '../lib/stores/user-store';
import { stripeClient } from '../lib/stripe';

/** Everything the billing rules reach: Stripe, storage, the user pool's groups, mail and the clock. */
export interface BillingDeps {
  stripe: () => Promise<Stripe>;
  billing: BillingStore;
  users: UserStore;
  teams: TeamStore;
  subscriptions: SubscriptionStore;
  promotions: PromotionStore;
  scores: ScoreStore;
  /** Adds the account to a Cognito group (idempotent). */
  addToGroup: (userId: string, group: string) => Promise<void>;
  sendMail: (message: MailMessage) => Promise<void>;
  /** The coupon calls' limits, the coupons waiting for a mailbox's confirmation, the site's address for their links. */
  rateLimits: RateLimitStore;
  couponClaims: CouponClaimStore;
  appUrl: () => string;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
}

let cognito: CognitoIdentityProviderClient | undefined;

export const productionDeps: BillingDeps = {
  stripe: stripeClient,
  billing: dynamoBillingStore,
  users: dynamoUserStore,
  teams: dynamoTeamStore,
  subscriptions: dynamoSubscriptionStore,
  promotions: dynamoPromotionStore,
  scores: dynamoScoreStore,
  async addToGroup(userId, group) {
    // Endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER in local mode (read by the SDK itself).
    cognito ??= new CognitoIdentityProviderClient({});
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: config.userPoolId, Username: userId, GroupName: group }));
  },
  sendMail,
  rateLimits: dynamoRateLimitStore,
  couponClaims: dynamoCouponClaimStore,
  appUrl: () => config.appUrl,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => new Date(),
};
