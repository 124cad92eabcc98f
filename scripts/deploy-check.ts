/**
 * `npm run deploy:check [-- -c key=value …]`: reads the target account (the AWS SDK's default credentials and
 * region, or -c region=…) and says in plain words which prerequisite of a FitGauge deploy is missing: CDK bootstrap,
 * the verified SES identity of mailFrom (and SES production access), the three SSM SecureString secrets, the context
 * values, the Lambda concurrency the recap job reserves. Exits 1 when anything is missing. `npm run deploy` runs it first.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { PUBLIC_AUTHORIZER_CONCURRENCY, RECAP_CONCURRENCY } from '../infra/lib/capacity';
import { repoRoot } from '../infra/lib/functions';
import { checkPrerequisites, formatFindings } from './deploy-check/checks';
import { deployRegion, readCdkContext } from './deploy-check/context';

export async function runDeployCheck(argv: readonly string[]): Promise<boolean> {
  const context = readCdkContext(repoRoot, argv);
  const text = (key: string) => (typeof context[key] === 'string' ? (context[key] as string) : undefined);
  const region = await deployRegion(context);
  const clients = { ssm: new SSMClient({ region }), ses: new SESv2Client({ region }), lambda: new LambdaClient({ region }) };
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
    },
    RECAP_CONCURRENCY + PUBLIC_AUTHORIZER_CONCURRENCY,
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
