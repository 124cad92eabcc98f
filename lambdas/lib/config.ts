/**
 * Deployment configuration, read from the environment. AWS and local mode differ only here:
 * endpoints come from the AWS SDK's own AWS_ENDPOINT_URL_<SERVICE> variables in local mode.
 */
import { APP_STORE_URL, PLAY_STORE_URL, type StoreUrls } from '@core/store-link';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  /** The mail queue: what `sendMail` and `queuePush` put messages on, and what the mail sender hands back (infra/lib/mail.ts). */
  get mailQueueUrl() {
    return required('MAIL_QUEUE_URL');
  },
  /** Another Stripe API address (the local stand-in); unset on AWS, where the client talks to Stripe. */
  get stripeApiUrl(): string | undefined {
    return process.env.STRIPE_API_URL || undefined;
  },
  /** The web app's address, for links in e-mails (APP_URL), without a trailing slash. */
  get appUrl() {
    return required('APP_URL').replace(/\/$/, '');
  },
  /** The MediaConvert job template and the role jobs run with (infra/lib/transcoding.ts; the stand-in's locally). */
  get mediaConvertJobTemplate() {
    return required('MEDIACONVERT_JOB_TEMPLATE');
  },
  get mediaConvertRoleArn() {
    return required('MEDIACONVERT_ROLE_ARN');
  },
  /** The app's store pages (`GET /api/v1/storeLink`); the store searches of core/store-link.ts when unset. */
  get storeUrls(): StoreUrls {
    return { appStore: process.env.APP_STORE_URL || APP_STORE_URL, playStore: process.env.PLAY_STORE_URL || PLAY_STORE_URL };
  },
  /** The token signed-out calls carry, which the API's Lambda authorizer accepts (lambdas/system/public-authorizer.ts). */
  get publicApiToken() {
    return required('PUBLIC_API_TOKEN');
  },
  /**
   * The local push stand-in's origin (LOCAL_PUSH_SERVICE_ORIGIN, set by the local stack), admitted as a push service
   * besides the browsers' (core/reminders.ts). Never on AWS: a real Lambda ignores it, wherever it comes from.
   */
  get localPushServiceOrigin(): string | undefined {
    if (process.env.AWS_LAMBDA_FUNCTION_NAME) return undefined;
    return process.env.LOCAL_PUSH_SERVICE_ORIGIN || undefined;
  },
  get appVersion() {
    return process.env.APP_VERSION ?? '0.1.0';
  },
};
