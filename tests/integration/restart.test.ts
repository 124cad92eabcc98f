/**
 * Data survives a restart, as the local contract promises: the stack runs on a data folder kept on
 * disk (as `npm start` keeps .local), stops, and starts again on it. Every demo role then signs in
 * through the gateway with its Cognito group, and what DynamoDB and S3 held before is still there.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableDesign } from '../../lambdas/lib/db/table-design';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS } from '../../scripts/local/s3';
import type { TestStackInfo } from '../../scripts/local/test-stack-info';
import { DEMO_PASSWORD, demoAccounts, graphqlAt } from '../support/stack';
import { startTestStack, stopTestStack, type RunningTestStack } from '../support/test-stack-process';

// Two starts of the whole stack (the first one seeds the demo data) on a shared CI machine.
jest.setTimeout(300_000);

const LOGIN = 'mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { groups user { email role } } }';
const MARKER_KEY = { [tableDesign.partitionKey]: 'TEST#restart', [tableDesign.sortKey]: 'TEST#restart' };
const MARKER_OBJECT = 'restart-test/marker.txt';

let workDir: string;
let running: RunningTestStack | undefined;

const aws = (info: TestStackInfo) => ({ region: info.config.region, credentials: LOCAL_CREDENTIALS });

async function withTable<T>(info: TestStackInfo, use: (table: DynamoDBDocumentClient) => Promise<T>): Promise<T> {
  const client = new DynamoDBClient({ ...aws(info), endpoint: info.urls.dynamodb });
  try {
    return await use(DynamoDBDocumentClient.from(client));
  } finally {
    client.destroy();
  }
}

async function withS3<T>(info: TestStackInfo, use: (s3: S3Client) => Promise<T>): Promise<T> {
  const client = new S3Client({ ...aws(info), endpoint: info.urls.s3, forcePathStyle: true });
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

async function start(dataDir: string, name: string): Promise<TestStackInfo> {
  running = await startTestStack({ web: 'none', dataDir, logFile: join(workDir, `${name}.log`) });
  return running.info;
}

async function stop(): Promise<void> {
  const stopping = running;
  running = undefined;
  if (stopping) await stopTestStack(stopping);
}

beforeAll(async () => {
  // A memory-backed folder where there is one: DynamoDB Local writes each item to its SQLite file on
  // disk with a sync, which makes seeding the demo data about six times slower; the files still outlive
  // the processes, which is all a restart needs.
  workDir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fitgauge-restart-'));
  await mkdir(join(workDir, 'data'));
});

afterAll(async () => {
  await stop();
  await rm(workDir, { recursive: true, force: true });
});

describe('a restart of the local stack', () => {
  it('keeps every demo role, a DynamoDB item and an S3 object', async () => {
    const dataDir = join(workDir, 'data');
    const first = await start(dataDir, 'first-start');
    await withTable(first, (table) =>
      table.send(new PutCommand({ TableName: first.env.TABLE_NAME, Item: { ...MARKER_KEY, note: 'written before the restart' } })),
    );
    await withS3(first, (s3) =>
      s3.send(new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: MARKER_OBJECT, Body: 'uploaded before the restart' })),
    );
    // The folder's own signing key and webhook secret (generated on first start) outlive the restart.
    const before = await graphqlAt<{ loginUser: { accessToken: string } }>(
      { graphqlUrl: first.urls.graphql, publicToken: first.config.publicToken },
      'mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { accessToken } }',
      { email: demoAccounts[0]!.email, password: DEMO_PASSWORD },
      { publicToken: true },
    );
    const tokenBefore = before.data!.loginUser.accessToken;
    await stop();

    const second = await start(dataDir, 'second-start');
    const signIns = await Promise.all(
      demoAccounts.map(async ({ email }) => {
        const answer = await graphqlAt<{ loginUser: { groups: string[]; user: { email: string; role: string } } }>(
          { graphqlUrl: second.urls.graphql, publicToken: second.config.publicToken },
          LOGIN,
          { email, password: DEMO_PASSWORD },
          { publicToken: true },
        );
        return { email, groups: answer.data?.loginUser.groups, role: answer.data?.loginUser.user.role, errors: answer.errors };
      }),
    );
    expect(signIns).toEqual(demoAccounts.map(({ email, role }) => ({ email, groups: [role], role, errors: undefined })));
    expect(new Set(demoAccounts.map((account) => account.role))).toEqual(new Set(['SUPERADMIN', 'ADMIN', 'DIRECTOR', 'COACH', 'GAMER']));
    expect(second.env.STRIPE_WEBHOOK_SECRET).toBe(first.env.STRIPE_WEBHOOK_SECRET);
    const me = await graphqlAt<{ me: { email: string } }>(
      { graphqlUrl: second.urls.graphql, publicToken: second.config.publicToken },
      '{ me { email } }',
      {},
      { token: tokenBefore },
    );
    expect(me).toMatchObject({ status: 200, data: { me: { email: demoAccounts[0]!.email } } });
    expect(me.errors).toBeUndefined();

    const item = await withTable(second, (table) => table.send(new GetCommand({ TableName: second.env.TABLE_NAME, Key: MARKER_KEY })));
    expect(item.Item).toEqual({ ...MARKER_KEY, note: 'written before the restart' });
    const object = await withS3(second, (s3) => s3.send(new GetObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: MARKER_OBJECT })));
    expect(await object.Body?.transformToString()).toBe('uploaded before the restart');
  });
});
