/**
 * `npm run deploy:check` (scripts/deploy-check/checks.ts) against a mocked account: one test per prerequisite it
 * must name when missing, and the all-present account it must pass.
 */
import { CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { checkPrerequisites, formatFindings, type DeployContext, type Finding } from '../../scripts/deploy-check/checks';
import { readCdkContext } from '../../scripts/deploy-check/context';
import { LOCAL_STRIPE_SECRET_KEY, startStripeStandIn, type StripeStandIn } from '../../scripts/local/stripe/server';
import { catalogueStripe } from '../../scripts/stripe-catalogue';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ssm = mockClient(SSMClient);
const ses = mockClient(SESv2Client);
const lambda = mockClient(LambdaClient);
const cognito = mockClient(CognitoIdentityProviderClient);
/** The Stripe account: the local stand-in with the catalogue and portal settings in place (its seed). */
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn({ port: 0, dataFile: null, webhook: null, log: () => {} });
});
afterAll(() => standIn.stop());
let stripeUrl: () => string;
let stackOutputs: Record<string, string> | null;
let certificate: { status: string; domainNames: string[] } | null;

const SECRETS = [
  '/fitgauge/stripe/secret-key',
  '/fitgauge/stripe/webhook-secret',
  '/fitgauge/discord/client-secret',
  '/fitgauge/web-push/vapid-private-key',
];
const context: DeployContext = {
  region: 'eu-west-1',
  mailFrom: 'no-reply@fitgauge.gg',
  secretsPrefix: '/fitgauge',
  discordClientId: '123456789012345678',
  stripePublishableKey: 'pk_live_51abcDEF',
};

const notFound = (name: string) => Object.assign(new Error(name), { name });

/** An account where every prerequisite is in place; each test takes one away. */
beforeEach(() => {
  ssm.reset();
  ses.reset();
  lambda.reset();
  cognito.reset();
  stripeUrl = () => standIn.url;
  stackOutputs = { UserPoolId: 'us-east-1_pool', TableName: 'FitGauge-Table' };
  certificate = { status: 'ISSUED', domainNames: ['app.fitgauge.gg'] };
  ssm.on(GetParameterCommand).rejects(notFound('ParameterNotFound'));
  ssm.on(GetParameterCommand, { Name: '/cdk-bootstrap/hnb659fds/version' }).resolves({ Parameter: { Value: '27' } });
  ssm.on(GetParameterCommand, { Name: '/fitgauge/stripe/secret-key' }).resolves({ Parameter: { Value: LOCAL_STRIPE_SECRET_KEY } });
  cognito.on(ListUsersInGroupCommand).resolves({ Users: [] });
  cognito.on(ListUsersInGroupCommand, { GroupName: 'SUPERADMIN' }).resolves({ Users: [{ Username: 'first-admin' }] });
  ssm.on(GetParametersCommand).resolves({ Parameters: SECRETS.map((Name) => ({ Name, Type: 'SecureString' })), InvalidParameters: [] });
  ses.on(GetEmailIdentityCommand).rejects(notFound('NotFoundException'));
  ses.on(GetEmailIdentityCommand, { EmailIdentity: 'fitgauge.gg' }).resolves({ VerifiedForSendingStatus: true });
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true });
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 } });
});

const check = (overrides: Partial<DeployContext> = {}) =>
  checkPrerequisites(
    {
      ssm: new SSMClient({}),
      ses: new SESv2Client({}),
      lambda: new LambdaClient({}),
      cognito: new CognitoIdentityProviderClient({}),
      stripe: (key) => catalogueStripe(key, stripeUrl()),
      stackOutputs: async () => stackOutputs,
      certificate: async () => certificate,
    },
    { ...context, ...overrides },
    8,
  );
const warnings = (findings: Finding[]) => findings.filter((finding) => finding.status === 'warning');

const missing = (findings: Finding[]) => findings.filter((finding) => finding.status === 'missing');

it('passes an account with every prerequisite, and says so', async () => {
  const findings = await check();
  expect(missing(findings)).toEqual([]);
  expect(findings.map((finding) => finding.status)).not.toContain('warning');
  expect(formatFindings(findings)).toMatch(/Every prerequisite is in place\.$/);
});

it('names the missing CDK bootstrap with the command that makes it', async () => {
  ssm.on(GetParameterCommand, { Name: '/cdk-bootstrap/hnb659fds/version' }).rejects(notFound('ParameterNotFound'));
  const [finding, ...others] = missing(await check());
  expect(others).toEqual([]);
  expect(finding.prerequisite).toBe('CDK bootstrap stack');
  expect(finding.message).toContain('npx cdk bootstrap aws://<account-id>/eu-west-1');
});

it('reads the bootstrap version of a custom qualifier', async () => {
  ssm.on(GetParameterCommand, { Name: '/cdk-bootstrap/custom1/version' }).rejects(notFound('ParameterNotFound'));
  expect(missing(await check({ bootstrapQualifier: 'custom1' })).map((finding) => finding.prerequisite)).toEqual(['CDK bootstrap stack']);
});

it('names an SES identity that is not verified (neither the address nor its domain)', async () => {
  ses.on(GetEmailIdentityCommand, { EmailIdentity: 'fitgauge.gg' }).resolves({ VerifiedForSendingStatus: false });
  const [finding, ...others] = missing(await check());
  expect(others).toEqual([]);
  expect(finding.prerequisite).toBe('SES identity');
  expect(finding.message).toContain('Neither no-reply@fitgauge.gg nor fitgauge.gg is a verified SES identity in eu-west-1');
});

it('accepts an address verified on its own', async () => {
  ses.on(GetEmailIdentityCommand, { EmailIdentity: 'fitgauge.gg' }).rejects(notFound('NotFoundException'));
  ses.on(GetEmailIdentityCommand, { EmailIdentity: 'no-reply@fitgauge.gg' }).resolves({ VerifiedForSendingStatus: true });
  expect(missing(await check())).toEqual([]);
});

it('warns, without blocking, while SES is in the sandbox', async () => {
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false });
  const findings = await check();
  expect(missing(findings)).toEqual([]);
  expect(findings.filter((finding) => finding.status === 'warning').map((finding) => finding.prerequisite)).toEqual(['SES production access']);
  expect(formatFindings(findings)).toContain('WARNING SES production access: SES is still in the sandbox');
});

it.each(SECRETS)('names the missing SSM parameter %s with its put-parameter command', async (name) => {
  ssm.on(GetParametersCommand).resolves({
    Parameters: SECRETS.filter((other) => other !== name).map((Name) => ({ Name, Type: 'SecureString' })),
    InvalidParameters: [name],
  });
  const [finding, ...others] = missing(await check());
  expect(others).toEqual([]);
  expect(finding.prerequisite).toBe(`SSM parameter ${name}`);
  expect(finding.message).toContain(`aws ssm put-parameter --type SecureString --name ${name}`);
});

it('refuses a secret stored as a plain String parameter', async () => {
  ssm
    .on(GetParametersCommand)
    .resolves({ Parameters: SECRETS.map((Name, i) => ({ Name, Type: i === 0 ? 'String' : 'SecureString' })), InvalidParameters: [] });
  expect(missing(await check()).map((finding) => finding.message)).toEqual([
    `${SECRETS[0]} is a String parameter: delete it and put it again with --type SecureString.`,
  ]);
});

it('looks for the secrets under the configured prefix', async () => {
  await check({ secretsPrefix: '/acme/' });
  expect(ssm.commandCalls(GetParametersCommand)[0].args[0].input.Names).toEqual([
    '/acme/stripe/secret-key',
    '/acme/stripe/webhook-secret',
    '/acme/discord/client-secret',
    '/acme/web-push/vapid-private-key',
  ]);
});

it.each([
  ['mailFrom', { mailFrom: undefined }, 'context mailFrom'],
  ['the placeholder mailFrom', { mailFrom: 'no-reply@fitgauge.example' }, 'context mailFrom'],
  ['stripePublishableKey', { stripePublishableKey: '' }, 'context stripePublishableKey'],
  ['a secret key given as the publishable key', { stripePublishableKey: 'sk_live_123' }, 'context stripePublishableKey'],
] as const)('names the unset context value %s', async (_, overrides, prerequisite) => {
  const found = missing(await check(overrides)).map((finding) => finding.prerequisite);
  expect(found).toEqual([prerequisite]);
});

it('leaves Discord sign-in optional: without discordClientId, a warning and its secret not required', async () => {
  ssm.on(GetParametersCommand).resolves({
    Parameters: SECRETS.filter((name) => !name.includes('discord')).map((Name) => ({ Name, Type: 'SecureString' })),
    InvalidParameters: ['/fitgauge/discord/client-secret'],
  });
  const findings = await check({ discordClientId: undefined });
  expect(missing(findings)).toEqual([]);
  expect(findings.filter((finding) => finding.status === 'warning').map((finding) => finding.prerequisite)).toEqual([
    'context discordClientId',
    'SSM parameter /fitgauge/discord/client-secret',
  ]);
  expect(formatFindings(findings)).toContain('WARNING context discordClientId: Discord sign-in is off');
});

it("names an account whose Lambda concurrency cannot hold the stack's reservations", async () => {
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } });
  const [finding, ...others] = missing(await check());
  expect(others).toEqual([]);
  expect(finding.prerequisite).toBe('Lambda concurrency');
  expect(finding.message).toContain('The account allows 10 concurrent Lambda executions');
  expect(formatFindings(await check())).toContain('1 prerequisite(s) missing: nothing was deployed.');
});

describe('the Stripe catalogue (npm run stripe:catalogue -- --verify)', () => {
  it('names an account without the catalogue, and what to run', async () => {
    const empty = await startStripeStandIn({ port: 0, dataFile: null, webhook: null, seedCatalogue: false, log: () => {} });
    stripeUrl = () => empty.url;
    try {
      const found = missing(await check());
      expect(found.map((finding) => finding.prerequisite)).toEqual([
        'Stripe price team_dashboard_monthly',
        'Stripe price team_dashboard_yearly',
        'Stripe price extra_gamer_seat_monthly',
        'Stripe customer portal settings',
      ]);
      expect(found[0]!.message).toContain('run "npm run stripe:catalogue"');
    } finally {
      await empty.stop();
    }
  });

  it('names a secret key Stripe refuses', async () => {
    ssm.on(GetParameterCommand, { Name: '/fitgauge/stripe/secret-key' }).resolves({ Parameter: { Value: 'sk_test_not_this_account' } });
    const [finding, ...others] = missing(await check());
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ prerequisite: 'Stripe catalogue', message: expect.stringContaining('Stripe refused the secret key') });
  });
});

describe('the custom domain', () => {
  const domain = { domainName: 'app.fitgauge.gg', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' };

  it('accepts an issued us-east-1 certificate for the name, or one the stack makes in us-east-1', async () => {
    expect(missing(await check(domain))).toEqual([]);
    expect(missing(await check({ region: 'us-east-1', domainName: 'app.fitgauge.gg', hostedZoneId: 'Z123' }))).toEqual([]);
    certificate = { status: 'ISSUED', domainNames: ['*.fitgauge.gg'] };
    expect(missing(await check(domain))).toEqual([]);
  });

  it.each([
    [
      'pending validation',
      { status: 'PENDING_VALIDATION', domainNames: ['app.fitgauge.gg'] },
      {},
      'is PENDING_VALIDATION: add the DNS validation record',
    ],
    ['for another name', { status: 'ISSUED', domainNames: ['www.other.gg'] }, {}, 'is for www.other.gg, not app.fitgauge.gg'],
    ['absent', null, {}, 'No certificate'],
    ['in another region', null, { certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' }, 'is not in us-east-1'],
    [
      'neither given nor made (zone outside us-east-1)',
      null,
      { certificateArn: undefined, hostedZoneId: 'Z123' },
      'aws acm request-certificate --region us-east-1',
    ],
  ])('names a certificate %s', async (_, found, overrides, message) => {
    certificate = found;
    const [finding, ...others] = missing(await check({ ...domain, ...overrides }));
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ prerequisite: 'domain certificate', message: expect.stringContaining(message) });
  });
});

describe('the first administrator (npm run admin:create)', () => {
  it('warns before the first deploy, and when the deployed pool has no administrator, without blocking', async () => {
    stackOutputs = null;
    expect(warnings(await check())).toEqual([
      expect.objectContaining({ prerequisite: 'administrator', message: expect.stringContaining('Not deployed yet') }),
    ]);
    stackOutputs = { UserPoolId: 'us-east-1_pool' };
    cognito.on(ListUsersInGroupCommand).resolves({ Users: [] });
    const findings = await check();
    expect(missing(findings)).toEqual([]);
    expect(warnings(findings)[0]!.message).toContain('npm run admin:create -- you@your-domain');
    expect(cognito.commandCalls(ListUsersInGroupCommand).map((call) => call.args[0].input)).toEqual([
      { UserPoolId: 'us-east-1_pool', GroupName: 'SUPERADMIN', Limit: 1 },
      { UserPoolId: 'us-east-1_pool', GroupName: 'ADMIN', Limit: 1 },
    ]);
  });
});

it('reads the context as cdk deploy does: cdk.json, then cdk.context.json, then -c options', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitgauge-context-'));
  try {
    writeFileSync(join(dir, 'cdk.json'), JSON.stringify({ app: 'x', context: { mailFrom: 'a@x.gg', region: 'us-east-1', discordClientId: '1' } }));
    writeFileSync(join(dir, 'cdk.context.json'), JSON.stringify({ region: 'eu-west-1' }));
    expect(readCdkContext(dir, ['-c', 'mailFrom=b@x.gg', '--context=stripePublishableKey=pk_test_1', '--require-approval', 'never'])).toMatchObject({
      mailFrom: 'b@x.gg',
      region: 'eu-west-1',
      discordClientId: '1',
      stripePublishableKey: 'pk_test_1',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
