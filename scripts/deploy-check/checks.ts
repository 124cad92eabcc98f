import { ListUsersInGroupCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, GetParametersCommand, type SSMClient } from '@aws-sdk/client-ssm';
import type Stripe from 'stripe';
import { secretParameterNames } from '../../infra/lib/secrets';
import { catalogueInPlace, deployedStripeKey, syncStripeCatalogue } from '../stripe-catalogue';

/** The values of the CDK app's context that a real account needs (infra/lib/app.ts). */
export interface DeployContext {
  readonly region: string;
  readonly mailFrom?: string;
  readonly secretsPrefix?: string;
  readonly discordClientId?: string;
  readonly stripePublishableKey?: string;
  /** cdk.json's `@aws-cdk/core:bootstrapQualifier`, when not CDK's default. */
  readonly bootstrapQualifier?: string;
  /** The site's own domain and what its certificate comes from (infra/lib/web-hosting.ts SiteDomain); all optional. */
  readonly domainName?: string;
  readonly hostedZoneId?: string;
  readonly certificateArn?: string;
}

interface DeployClients {
  readonly ssm: SSMClient;
  readonly ses: SESv2Client;
  readonly lambda: LambdaClient;
  /** The deployed pool's administrators are read through it. */
  readonly cognito: CognitoIdentityProviderClient;
  /** A Stripe client for the account of a secret key (scripts/stripe-catalogue.ts catalogueStripe). */
  readonly stripe: (secretKey: string) => Stripe;
  /** The deployed stack's outputs; null before the first deploy. */
  readonly stackOutputs: () => Promise<Record<string, string> | null>;
  /** An ACM certificate's status and names (us-east-1); null when there is none with this ARN. */
  readonly certificate: (arn: string) => Promise<{ status: string; domainNames: string[] } | null>;
}

/** One prerequisite: `missing` blocks the deploy, `warning` does not (the product runs, with a limit said in `message`). */
export interface Finding {
  readonly prerequisite: string;
  readonly status: 'ok' | 'missing' | 'warning';
  readonly message: string;
}

/** The mail address infra/lib/app.ts falls back to: a placeholder, never a verified identity. */
const PLACEHOLDER_MAIL_FROM = 'no-reply@fitgauge.example';
const DEFAULT_QUALIFIER = 'hnb659fds';
/** Lambda keeps at least this much of an account's concurrency unreserved. */
const MIN_UNRESERVED = 100;

const errorName = (error: unknown) => (error as { name?: string } | undefined)?.name ?? '';

/** Reads the target account and says, prerequisite by prerequisite, what is in place and what is missing. */
export async function checkPrerequisites(clients: DeployClients, context: DeployContext, reservedConcurrency: number): Promise<Finding[]> {
  return [
    ...checkContext(context),
    await checkBootstrap(clients.ssm, context),
    ...(await checkMail(clients.ses, context)),
    ...(await checkSecrets(clients.ssm, context)),
    await checkConcurrency(clients.lambda, reservedConcurrency),
    ...(await checkStripeCatalogue(clients, context)),
    await checkDomain(clients, context),
    await checkAdministrator(clients),
  ];
}

function checkContext(context: DeployContext): Finding[] {
  const findings: Finding[] = [];
  const mailFrom = context.mailFrom?.trim();
  findings.push(
    !mailFrom || mailFrom === PLACEHOLDER_MAIL_FROM || !mailFrom.includes('@')
      ? {
          prerequisite: 'context mailFrom',
          status: 'missing',
          message:
            'Set the context value mailFrom to the address FitGauge sends mail from (cdk.json "context", or -c mailFrom=no-reply@your-domain).',
        }
      : { prerequisite: 'context mailFrom', status: 'ok', message: `Mail is sent from ${mailFrom}.` },
  );
  const stripe = context.stripePublishableKey?.trim() ?? '';
  findings.push(
    /^pk_(live|test)_\w+$/.test(stripe)
      ? { prerequisite: 'context stripePublishableKey', status: 'ok', message: `Stripe.js uses ${stripe.slice(0, 8)}….` }
      : {
          prerequisite: 'context stripePublishableKey',
          status: 'missing',
          message:
            'Set the context value stripePublishableKey to your Stripe publishable key (pk_live_… or pk_test_…): without it nobody can pay by card.',
        },
  );
  findings.push(
    discordConfigured(context)
      ? { prerequisite: 'context discordClientId', status: 'ok', message: `Discord sign-in uses the application ${context.discordClientId!.trim()}.` }
      : {
          prerequisite: 'context discordClientId',
          status: 'warning',
          message:
            "Discord sign-in is off (the sign-in page shows no Discord button). To offer it, set the context value discordClientId to your Discord application's client id (a number, from the Discord developer portal) and put its secret.",
        },
  );
  return findings;
}

/** Discord sign-in is optional: on with a Discord application's id (a number), off without one. */
const discordConfigured = (context: DeployContext) => /^\d{5,30}$/.test(context.discordClientId?.trim() ?? '');

async function checkBootstrap(ssm: SSMClient, context: DeployContext): Promise<Finding> {
  const qualifier = context.bootstrapQualifier ?? DEFAULT_QUALIFIER;
  const prerequisite = 'CDK bootstrap stack';
  try {
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: `/cdk-bootstrap/${qualifier}/version` }));
    return {
      prerequisite,
      status: 'ok',
      message: `The account is bootstrapped in ${context.region} (bootstrap version ${Parameter?.Value ?? '?'}).`,
    };
  } catch (error) {
    if (errorName(error) !== 'ParameterNotFound') throw error;
    return {
      prerequisite,
      status: 'missing',
      message: `The account is not bootstrapped for CDK in ${context.region}: run "npx cdk bootstrap aws://<account-id>/${context.region}" once.`,
    };
  }
}

async function checkMail(ses: SESv2Client, context: DeployContext): Promise<Finding[]> {
  const mailFrom = context.mailFrom?.trim();
  if (!mailFrom || mailFrom === PLACEHOLDER_MAIL_FROM || !mailFrom.includes('@')) return [];
  const domain = mailFrom.split('@')[1];
  let verified: string | undefined;
  for (const identity of [mailFrom, domain]) {
    try {
      const answer = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      if (answer.VerifiedForSendingStatus) {
        verified = identity;
        break;
      }
    } catch (error) {
      if (errorName(error) !== 'NotFoundException') throw error;
    }
  }
  const identity: Finding = verified
    ? { prerequisite: 'SES identity', status: 'ok', message: `SES may send from ${mailFrom} (identity ${verified} is verified).` }
    : {
        prerequisite: 'SES identity',
        status: 'missing',
        message: `Neither ${mailFrom} nor ${domain} is a verified SES identity in ${context.region}: verify one (aws sesv2 create-email-identity --email-identity ${domain}, then the DNS records it gives) before deploying.`,
      };
  const account = await ses.send(new GetAccountCommand({}));
  const sandbox: Finding = account.ProductionAccessEnabled
    ? { prerequisite: 'SES production access', status: 'ok', message: 'SES is out of the sandbox: mail goes to any address.' }
    : {
        prerequisite: 'SES production access',
        status: 'warning',
        message: `SES is still in the sandbox in ${context.region}: it mails only verified addresses, so sign-up, invite and reset mails to users fail. Request production access (SES console, "Request production access").`,
      };
  return [identity, sandbox];
}

async function checkSecrets(ssm: SSMClient, context: DeployContext): Promise<Finding[]> {
  const names = secretParameterNames(context.secretsPrefix ?? '/fitgauge');
  const { Parameters = [], InvalidParameters = [] } = await ssm.send(new GetParametersCommand({ Names: names, WithDecryption: false }));
  const discordSecret = secretParameterNames(context.secretsPrefix ?? '/fitgauge', ['discordClientSecret'])[0];
  return names.map((name): Finding => {
    const found = Parameters.find((parameter) => parameter.Name === name);
    if (!found || InvalidParameters.includes(name)) {
      const optional = name === discordSecret && !discordConfigured(context);
      return {
        prerequisite: `SSM parameter ${name}`,
        status: optional ? 'warning' : 'missing',
        message: `Put the SecureString parameter ${name}: aws ssm put-parameter --type SecureString --name ${name} --value …${optional ? ' (only for Discord sign-in, which is off)' : ''}`,
      };
    }
    if (found.Type !== 'SecureString') {
      return {
        prerequisite: `SSM parameter ${name}`,
        status: 'missing',
        message: `${name} is a ${found.Type ?? 'plain'} parameter: delete it and put it again with --type SecureString.`,
      };
    }
    return { prerequisite: `SSM parameter ${name}`, status: 'ok', message: `${name} is present (SecureString).` };
  });
}

/** `reserved`: what the stack reserves (the recap job and the public authorizer, infra/lib/capacity.ts). */
async function checkConcurrency(lambda: LambdaClient, reserved: number): Promise<Finding> {
  const prerequisite = 'Lambda concurrency';
  const { AccountLimit } = await lambda.send(new GetAccountSettingsCommand({}));
  const unreserved = AccountLimit?.UnreservedConcurrentExecutions ?? 0;
  if (unreserved - reserved >= MIN_UNRESERVED) {
    return { prerequisite, status: 'ok', message: `${unreserved} unreserved concurrent executions: the ${reserved} the stack reserves fit.` };
  }
  return {
    prerequisite,
    status: 'missing',
    message: `The account allows ${AccountLimit?.ConcurrentExecutions ?? 0} concurrent Lambda executions (${unreserved} unreserved): reserving ${reserved} (the recap job and the public authorizer) needs ${MIN_UNRESERVED + reserved} unreserved. Ask for a higher "Concurrent executions" quota (Service Quotas, AWS Lambda).`,
  };
}

/** The prices and portal settings on the Stripe account of the deploy's secret key (`npm run stripe:catalogue -- --verify`). */
async function checkStripeCatalogue(clients: DeployClients, context: DeployContext): Promise<Finding[]> {
  const prerequisite = 'Stripe catalogue';
  const key = await deployedStripeKey(clients.ssm, context.secretsPrefix);
  if (!key) return []; // the missing secret key is said above
  try {
    const items = await syncStripeCatalogue(clients.stripe(key), 'verify');
    if (catalogueInPlace(items)) {
      return [{ prerequisite, status: 'ok', message: `The prices and the customer portal settings are verified (${items.length} items).` }];
    }
    return items
      .filter((item) => item.status === 'missing' || item.status === 'mismatch')
      .map((item): Finding => ({ prerequisite: `Stripe ${item.item}`, status: 'missing', message: item.message }));
  } catch (error) {
    return [
      {
        prerequisite,
        status: 'missing',
        message: `Stripe refused the secret key's account (${(error as Error).message}): put the account's secret key (sk_live_… or sk_test_…) into the SSM parameter, then run "npm run stripe:catalogue".`,
      },
    ];
  }
}

/** The site's own domain, when one is set: its certificate must be in us-east-1, issued, for the name. */
async function checkDomain(clients: DeployClients, context: DeployContext): Promise<Finding> {
  const prerequisite = 'domain certificate';
  const name = context.domainName?.trim();
  if (!name)
    return {
      prerequisite: 'custom domain',
      status: 'ok',
      message: 'None (optional, -c domainName=…): the site and mail links use the CloudFront name.',
    };
  if (!context.certificateArn) {
    return context.hostedZoneId && context.region === 'us-east-1'
      ? {
          prerequisite,
          status: 'ok',
          message: `The stack makes the certificate of ${name}, validated in the hosted zone ${context.hostedZoneId} (the first deploy waits for it).`,
        }
      : {
          prerequisite,
          status: 'missing',
          message: `${name} needs a certificate in us-east-1 (CloudFront's rule): request one (aws acm request-certificate --region us-east-1 --domain-name ${name} --validation-method DNS), add its DNS record, and pass -c certificateArn=…; or deploy in us-east-1 with -c hostedZoneId=….`,
        };
  }
  if (!context.certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    return {
      prerequisite,
      status: 'missing',
      message: `${context.certificateArn} is not in us-east-1: CloudFront takes certificates from us-east-1 only.`,
    };
  }
  const certificate = await clients.certificate(context.certificateArn);
  const covers = (pattern: string) => pattern === name || (pattern.startsWith('*.') && name.slice(name.indexOf('.') + 1) === pattern.slice(2));
  if (!certificate) return { prerequisite, status: 'missing', message: `No certificate ${context.certificateArn} in us-east-1.` };
  if (!certificate.domainNames.some(covers)) {
    return {
      prerequisite,
      status: 'missing',
      message: `The certificate is for ${certificate.domainNames.join(', ')}, not ${name}: request one for ${name}.`,
    };
  }
  if (certificate.status !== 'ISSUED') {
    return {
      prerequisite,
      status: 'missing',
      message: `The certificate of ${name} is ${certificate.status}: add the DNS validation record it shows (aws acm describe-certificate --region us-east-1 --certificate-arn …) and wait for ISSUED.`,
    };
  }
  return { prerequisite, status: 'ok', message: `The certificate of ${name} is issued (us-east-1).` };
}

/** Someone to run the product: an administrator in the deployed pool (only once the stack is deployed; never blocks). */
async function checkAdministrator(clients: DeployClients): Promise<Finding> {
  const prerequisite = 'administrator';
  const create = 'npm run admin:create -- you@your-domain';
  const outputs = await clients.stackOutputs();
  if (!outputs?.UserPoolId)
    return { prerequisite, status: 'warning', message: `Not deployed yet: after the deploy, make the first administrator with "${create}".` };
  for (const GroupName of ['SUPERADMIN', 'ADMIN']) {
    const { Users = [] } = await clients.cognito.send(new ListUsersInGroupCommand({ UserPoolId: outputs.UserPoolId, GroupName, Limit: 1 }));
    if (Users.length) return { prerequisite, status: 'ok', message: `The deployed pool has an administrator (${GroupName}).` };
  }
  return { prerequisite, status: 'warning', message: `The deployed pool has no administrator: make the first one with "${create}".` };
}

/** The report as people read it: one line per prerequisite, then what to do. */
export function formatFindings(findings: readonly Finding[]): string {
  const mark = { ok: 'ok      ', missing: 'MISSING ', warning: 'WARNING ' } as const;
  const lines = findings.map((finding) => `${mark[finding.status]}${finding.prerequisite}: ${finding.message}`);
  const missing = findings.filter((finding) => finding.status === 'missing').length;
  lines.push(
    missing ? `\n${missing} prerequisite(s) missing: nothing was deployed. See README "Deploying to AWS".` : '\nEvery prerequisite is in place.',
  );
  return lines.join('\n');
}
