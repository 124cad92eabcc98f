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
  get appVersion() {
    return process.env.APP_VERSION ?? '0.1.0';
  },
};
