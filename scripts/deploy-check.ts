/**
 * `npm run deploy:check [-- -c key=value …]`: reads the target account (the AWS SDK's default credentials and
 * region, or -c region=…) and says in plain words which prerequisite of a FitGauge deploy is missing: CDK bootstrap,
 * the verified SES identity of mailFrom (and SES production access), the SSM SecureString secrets, the context values
 * (Discord sign-in optional), the Lambda concurrency the recap job reserves, the Stripe catalogue and portal settings
 * (`npm run stripe:catalogue -- --verify`), the custom domain's certificate, and (once deployed) an administrator.
 * Exits 1 when anything is missing; warnings do not block. `npm run deploy` runs it first.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { PUBLIC_AUTHORIZER_CONCURRENCY, RECAP_CONCURRENCY } from '../infra/lib/capacity';
import { queueTriggers } from '../lambdas/triggers';
import { repoRoot } from '../infra/lib/functions';
import { checkPrerequisites, formatFindings } from './deploy-check/checks';
import { awsCli, deployedStackOutputs, deployRegion, readCdkContext } from './deploy-check/context';
import { catalogueStripe } from './stripe-catalogue';

/** An ACM certificate in us-east-1 (CloudFront's region), through the AWS CLI; null when there is none with this ARN. */
async function describeCertificate(arn: string): Promise<{ status: string; domainNames: string[] } | null> {
  try {
    const { Certificate } = awsCli(['acm', 'describe-certificate', '--region', 'us-east-1', '--certificate-arn', arn]) as {
      Certificate: { Status: string; DomainName: string; SubjectAlternativeNames?: string[] };
    };
    return { status: Certificate.Status, domainNames: [Certificate.DomainName, ...(Certificate.SubjectAlternativeNames ?? [])] };
  } catch (error) {
    if (/ResourceNotFoundException/.test((error as { stderr?: string }).stderr ?? '')) return null;
    throw error;
  }
}

export async function runDeployCheck(argv: readonly string[]): Promise<boolean> {
  const context = readCdkContext(repoRoot, argv);
  const text = (key: string) => (typeof context[key] === 'string' ? (context[key] as string) : undefined);
  const region = await deployRegion(context);
  const stackName = text('stackName') ?? 'FitGauge';
  const clients = {
    ssm: new SSMClient({ region }),
    ses: new SESv2Client({ region }),
    lambda: new LambdaClient({ region }),
    cognito: new CognitoIdentityProviderClient({ region }),
    stripe: (secretKey: string) => catalogueStripe(secretKey),
    stackOutputs: async () => deployedStackOutputs(stackName, region),
    certificate: describeCertificate,
  };
  console.log(`Checking the prerequisites of a FitGauge deploy in ${region}…\n`);
  const findings = await checkPrerequisites(
    clients,
    {
      region,
      mailFrom: text('mailFrom'),
      secretsPrefix: text('secretsPrefix'),
      discordClientId: text('discordClientId'),
      stripePublishableKey: text('stripePublishableKey'),
      bootstrapQualifier: text('@aws-cdk/core:bootstrapQualifier'),
      domainName: text('domainName'),
      hostedZoneId: text('hostedZoneId'),
      certificateArn: text('certificateArn'),
    },
    // Every reservation the stack makes: the recap job, the public authorizer, the mail sender (lambdas/triggers.ts).
    RECAP_CONCURRENCY + PUBLIC_AUTHORIZER_CONCURRENCY + queueTriggers.reduce((sum, trigger) => sum + trigger.concurrency, 0),
  );
  console.log(formatFindings(findings));
  return findings.every((finding) => finding.status !== 'missing');
}

if (require.main === module) {
  runDeployCheck(process.argv.slice(2)).then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error(`Could not read the account: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      console.error('Set AWS credentials (AWS_PROFILE or aws configure) for the target account and region.');
      process.exit(1);
    },
  );
}
