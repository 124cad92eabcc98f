/**
 * Helpers for e2e tests against the stack that tests/support/global-setup.ts starts (random ports,
 * in-memory DynamoDB, seeded demo accounts with password Passw0rd!).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AdminInitiateAuthCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { DEMO_PASSWORD } from '../../scripts/seed/demo-data';
import type { OutboxRecord } from '../../lambdas/lib/mail';
import { QUEUE_IDLE_PATH } from '../../scripts/local/mail-queue';
import type { TestStackInfo } from '../../scripts/local/test-stack-info';
import { readStackInfo } from './stack-env';

export { DEMO_PASSWORD, demoAccounts, demoTeams } from '../../scripts/seed/demo-data';

interface StackUrls {
  /** http://localhost:<port>: the web app and /config.json. */
  baseUrl: string;
  graphqlUrl: string;
  realtimeUrl: string;
  publicToken: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  outboxDir: string;
  tableName: string;
}

export function stackInfo(): TestStackInfo {
  return readStackInfo();
}

export function stackUrls(): StackUrls {
  const info = readStackInfo();
  return {
    baseUrl: info.urls.app,
    graphqlUrl: info.urls.graphql,
    realtimeUrl: info.urls.realtime,
    publicToken: info.config.publicToken,
    region: info.config.region,
    userPoolId: info.config.userPoolId,
    userPoolClientId: info.config.userPoolClientId,
    cognitoEndpoint: info.urls.cognito,
    dynamodbEndpoint: info.urls.dynamodb,
    s3Endpoint: info.urls.s3,
    outboxDir: info.outboxDir,
    tableName: info.env.TABLE_NAME,
  };
}

/**
 * Points this test process's AWS SDK clients (and lambdas/lib stores) at the stack's stand-ins by
 * copying the stack's Lambda environment into process.env, e.g. to check what a call stored.
 */
export function useStackEnvironment(): void {
  Object.assign(process.env, readStackInfo().env);
}

/** A Cognito client for the local pool (admin calls, ForgotPassword, …). Destroy it after use. */
export function cognitoClient(): CognitoIdentityProviderClient {
  const { cognitoEndpoint, region } = stackUrls();
  return new CognitoIdentityProviderClient({
    endpoint: cognitoEndpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

interface Tokens {
  idToken: string;
  /** What Amplify sends to AppSync in userPool mode (no email claim). */
  accessToken: string;
  refreshToken: string;
}

/** Signs in through Cognito (AdminInitiateAuth, ADMIN_USER_PASSWORD_AUTH) as the web app's sign-in Lambda does. */
export async function signIn(email: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const { userPoolId, userPoolClientId } = stackUrls();
  const client = cognitoClient();
  try {
    const { AuthenticationResult } = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: userPoolId,
        ClientId: userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (!AuthenticationResult?.AccessToken || !AuthenticationResult.IdToken || !AuthenticationResult.RefreshToken) {
      throw new Error(`Cognito returned no tokens for ${email}`);
    }
    return {
      idToken: AuthenticationResult.IdToken,
      accessToken: AuthenticationResult.AccessToken,
      refreshToken: AuthenticationResult.RefreshToken,
    };
  } finally {
    client.destroy();
  }
}

export interface GraphQLError {
  message: string;
  errorType?: string;
  path?: (string | number)[];
  [key: string]: unknown;
}

export interface GraphQLResponse<T> {
  status: number;
  data?: T | null;
  errors?: GraphQLError[];
}

/**
 * Authorization for a call: a Cognito token (sent as AppSync expects it, the raw JWT in
 * `Authorization`), the stack's public token (`publicToken: true`, admitted by the Lambda authorizer) or another
 * token, or nothing.
 */
export type GraphQLAuth =
  | { token: string }
  | { publicToken: true | string }
  /** AppSync's IAM mode: the request signed (SigV4, service appsync) with these keys, as the Lambdas sign theirs. */
  | { iam: { accessKeyId: string; secretAccessKey: string } }
  | Record<string, never>;

/** The headers of a SigV4-signed POST of `body` to the gateway. */
async function signedHeaders(url: URL, body: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  const signer = new SignatureV4({ service: 'appsync', region: 'us-east-1', credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'content-type': 'application/json' },
    body,
  });
  return signed.headers;
}

/** POST /graphql on the stack's gateway, as the web app calls AppSync. */
export async function graphql<T = Record<string, any>>(
  query: string,
  variables: Record<string, unknown> = {},
  auth: GraphQLAuth = {},
): Promise<GraphQLResponse<T>> {
  return graphqlAt<T>(stackUrls(), query, variables, auth);
}

/** The same call on another stack's gateway (one a test started itself). */
export async function graphqlAt<T = Record<string, any>>(
  gateway: Pick<StackUrls, 'graphqlUrl' | 'publicToken'>,
  query: string,
  variables: Record<string, unknown> = {},
  auth: GraphQLAuth = {},
): Promise<GraphQLResponse<T>> {
  const payload = JSON.stringify({ query, variables });
  let headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('token' in auth) headers.authorization = auth.token;
  if ('publicToken' in auth) headers.authorization = auth.publicToken === true ? gateway.publicToken : auth.publicToken;
  if ('iam' in auth) headers = await signedHeaders(new URL(gateway.graphqlUrl), payload, auth.iam);
  const response = await fetch(gateway.graphqlUrl, { method: 'POST', headers, body: payload });
  const body = (await response.json()) as Omit<GraphQLResponse<T>, 'status'>;
  return { status: response.status, ...body };
}

/**
 * Resolves once the stack's mail queue has sent what it was given (nothing ready to send, nothing being sent): mail and
 * Web Push are sent by the queue's sender a moment after the call that queued them (docs/architecture.md, "Mail and push").
 */
export async function mailQueueIdle(): Promise<void> {
  const response = await fetch(new URL(QUEUE_IDLE_PATH, readStackInfo().urls.mailQueue));
  await response.arrayBuffer();
}

/** The messages in the stack's mail outbox (oldest first), optionally only those to one address, once the mail queue is idle. */
export async function readOutbox(to?: string): Promise<OutboxRecord[]> {
  await mailQueueIdle();
  const { outboxDir } = stackUrls();
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const messages = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(outboxDir, f), 'utf8')) as OutboxRecord));
  return to ? messages.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : messages;
}

/** Waits for the next message to `to` that was sent after `since` (the queue's sender writes it a moment after the call). */
export async function waitForMail(to: string, since: Date, timeoutMs = 5000): Promise<OutboxRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await readOutbox(to)).find((m) => new Date(m.sentAt) >= since);
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
