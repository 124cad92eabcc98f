/**
 * Deployment configuration, read from the environment. AWS and local mode differ only here:
 * endpoints come from the AWS SDK's own AWS_ENDPOINT_URL_<SERVICE> variables in local mode.
 */
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
  get appVersion() {
    return process.env.APP_VERSION ?? '0.1.0';
  },
};
