import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import type { FunctionResource } from '../../lambdas/resolver-map';

type SecretName = Extract<FunctionResource, 'stripeSecretKey' | 'stripeWebhookSecret' | 'discordClientSecret' | 'vapidPrivateKey'>;

/** Where each secret lives under the prefix, and the env variable that hands its parameter name to a function. */
const SECRETS: Record<SecretName, { path: string; env: string }> = {
  stripeSecretKey: { path: 'stripe/secret-key', env: 'STRIPE_SECRET_KEY_PARAM' },
  stripeWebhookSecret: { path: 'stripe/webhook-secret', env: 'STRIPE_WEBHOOK_SECRET_PARAM' },
  discordClientSecret: { path: 'discord/client-secret', env: 'DISCORD_CLIENT_SECRET_PARAM' },
  // Web Push's VAPID private key (base64url, `npx web-push generate-vapid-keys`); its public key is derived from it.
  vapidPrivateKey: { path: 'web-push/vapid-private-key', env: 'VAPID_PRIVATE_KEY_PARAM' },
};

/** The SSM parameter names the stack reads under `prefix` (what an operator must put before the first deploy), or of `only` those secrets. */
export function secretParameterNames(prefix: string, only: readonly SecretName[] = Object.keys(SECRETS) as SecretName[]): string[] {
  const base = prefix.replace(/\/+$/, '');
  return only.map((name) => `${base}/${SECRETS[name].path}`);
}

interface SecretParameter {
  readonly env: string;
  readonly parameter: ssm.IStringParameter;
}

export function isSecretName(resource: FunctionResource): resource is SecretName {
  return resource in SECRETS;
}

/**
 * Secrets are SSM SecureString parameters that an operator puts once per account, e.g.
 *   aws ssm put-parameter --type SecureString --name /fitgauge/stripe/secret-key --value sk_live_...
 * CloudFormation cannot create SecureString values, which is the point: no secret value ever enters the template.
 * Functions get only the parameter name (env) and read access to that one parameter; they fetch it at run time and cache it for 5 minutes (lambdas/lib/secrets.ts).
 */
export class Secrets extends Construct {
  readonly parameters: Record<SecretName, SecretParameter>;

  constructor(scope: Construct, id: string, props: { prefix: string }) {
    super(scope, id);
    const prefix = props.prefix.replace(/\/+$/, '');
    const entries = (Object.keys(SECRETS) as SecretName[]).map((name): [SecretName, SecretParameter] => [
      name,
      {
        env: SECRETS[name].env,
        parameter: ssm.StringParameter.fromSecureStringParameterAttributes(this, name, {
          parameterName: `${prefix}/${SECRETS[name].path}`,
        }),
      },
    ]);
    this.parameters = Object.fromEntries(entries) as Record<SecretName, SecretParameter>;
  }

  get parameterNames(): string[] {
    return Object.values(this.parameters).map(({ parameter }) => parameter.parameterName);
  }
}
