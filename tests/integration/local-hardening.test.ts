/**
 * Issue 24 item 6 and the body cap of item 7: the local stack is no door into a developer's machine. A token signed
 * with cognito-local's bundled key, another site's page, unsigned S3 calls, a page stored at an avatar key, an SVG
 * avatar, a webhook signed with the secret the repository once held and an oversized body are all refused.
 * Issue 32 items 8 to 10: cognito-local answers no other page and takes admin calls only signed with the stack's own
 * keys; no local server answers a Host other than localhost or 127.0.0.1 (DNS rebinding); S3 POST forms hold to every
 * condition of their policy, the size range included.
 */
import { createSign, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@core/avatars';
import { s3UploadsBucket } from '../../lambdas/lib/uploads';
import { deliverWebhook, eventOf } from '../support/billing';
import { cognitoClient, graphql, signIn, stackInfo, stackUrls, useStackEnvironment } from '../support/stack';
import { postUpload, putAvatarObject, TINY_PNG } from '../support/uploads';

jest.setTimeout(120_000);

const UPLOAD_URL = `mutation($uploadType: UploadType!, $filename: String!, $mimetype: String!, $maxSizeBytes: Int!) {
  getImageUploadUrl(uploadType: $uploadType, filename: $filename, mimetype: $mimetype, maxSizeBytes: $maxSizeBytes) {
    uploadUrl fields { name value } key fileUrl } }`;
const CONFIRM = `mutation($key: String!, $fileUrl: String!) {
  confirmAvatarUpload(key: $key, fileUrl: $fileUrl, isTeamAvatar: false) { success fileUrl message } }`;

interface Upload {
  uploadUrl: string;
  fields: { name: string; value: string }[];
  key: string;
  fileUrl: string;
}

let token: string;
let userId: string;

beforeAll(async () => {
  useStackEnvironment();
  const tokens = await signIn('solo@fitgauge.test');
  token = tokens.accessToken;
  userId = (await graphql<{ me: { id: string } }>('{ me { id } }', {}, { token })).data!.me.id;
});

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

describe("tokens signed with cognito-local's bundled key", () => {
  it('are refused, even claiming the ADMIN group', async () => {
    const { env } = stackInfo();
    const bundled = JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { pem: string };
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: randomUUID(),
      'cognito:groups': ['ADMIN', 'SUPERADMIN'],
      iss: `https://cognito-idp.us-east-1.amazonaws.com/${env.USER_POOL_ID}`,
      client_id: env.USER_POOL_CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: now,
      iat: now,
      exp: now + 3600,
      jti: randomUUID(),
      username: 'attacker',
    };
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }))}.${base64url(JSON.stringify(claims))}`;
    const forged = `${unsigned}.${base64url(createSign('RSA-SHA256').update(unsigned).sign(bundled.pem))}`;
    const response = await fetch(stackUrls().graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: forged },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(response.status).toBe(401);
    // The stack's own tokens still work.
    expect((await graphql('{ me { id } }', {}, { token })).errors).toBeUndefined();
  });
});

describe('CORS on the local API', () => {
  const preflight = (origin: string) =>
    fetch(stackUrls().graphqlUrl, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });

  it("grants the app's own origin and no other page", async () => {
    const app = new URL(stackUrls().baseUrl).origin;
    expect((await preflight(app)).headers.get('access-control-allow-origin')).toBe(app);
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(stackUrls().graphqlUrl, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the local S3', () => {
  const { env } = stackInfo();

  it("refuses unsigned writes and listings, while the product's presigned avatar upload works", async () => {
    const victimKey = `avatars/users/${userId}/${randomUUID()}.png`;
    const put = await fetch(`${env.UPLOADS_PUBLIC_URL}/${victimKey}`, { method: 'PUT', body: '<html>', headers: { 'content-type': 'text/html' } });
    expect(put.status).toBe(403);
    expect((await fetch(`${env.UPLOADS_PUBLIC_URL}?list-type=2`)).status).toBe(403);
    expect((await fetch(`${env.AWS_ENDPOINT_URL_S3}/${env.VIDEOS_BUCKET}?list-type=2&prefix=`)).status).toBe(403);
    expect((await fetch(`${env.UPLOADS_PUBLIC_URL}/${victimKey}`)).status).toBe(404);

    const { data } = await graphql<{ getImageUploadUrl: Upload }>(
      UPLOAD_URL,
      { uploadType: 'AVATAR', filename: 'me.png', mimetype: 'image/png', maxSizeBytes: AVATAR_MAX_BYTES },
      { token },
    );
    const upload = data!.getImageUploadUrl;
    expect((await postUpload(upload, TINY_PNG, 'me.png', 'image/png')).status).toBeLessThan(300);
    const confirmed = await graphql<{ confirmAvatarUpload: { success: boolean } }>(CONFIRM, { key: upload.key, fileUrl: upload.fileUrl }, { token });
    expect(confirmed.errors).toBeUndefined();
    const served = await fetch(upload.fileUrl);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(TINY_PNG);
  });

  it('never serves an HTML file stored at an avatar key as a page', async () => {
    const stored = await putAvatarObject(userId, undefined, Buffer.from('<html><script>alert(document.cookie)</script></html>'), 'text/html');
    const served = await fetch(stored.fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).not.toMatch(/html/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('refuses an SVG avatar and deletes it', async () => {
    const { data } = await graphql<{ getImageUploadUrl: Upload }>(
      UPLOAD_URL,
      { uploadType: 'AVATAR', filename: 'me.png', mimetype: 'image/png', maxSizeBytes: AVATAR_MAX_BYTES },
      { token },
    );
    const upload = data!.getImageUploadUrl;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
    // Declared as what it is, the form's policy refuses it; declared as the PNG the form asks for, it gets through.
    expect((await postUpload(upload, svg, 'me.svg', 'image/svg+xml')).status).toBe(403);
    expect((await postUpload(upload, svg, 'me.png', 'image/png')).status).toBeLessThan(300);
    const { errors } = await graphql(CONFIRM, { key: upload.key, fileUrl: upload.fileUrl }, { token });
    expect(errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: AVATAR_MESSAGES.notAnImage });
    expect((await fetch(upload.fileUrl)).status).toBe(404);
  });
});

describe('the Stripe webhook', () => {
  it("refuses an event signed with the constant the repository once held, and takes the stack's own secret", async () => {
    const event = eventOf('customer.created', { id: `cus_${randomUUID()}`, object: 'customer' });
    expect(await deliverWebhook(event, 'whsec_fitgaugeLocalStandIn0000000000000000')).toBe(400);
    expect(stackInfo().env.STRIPE_WEBHOOK_SECRET).not.toBe('whsec_fitgaugeLocalStandIn0000000000000000');
    expect(await deliverWebhook(event)).toBe(200);
  });

  it('answers 413 to a 20 MB body, and the stack keeps no copy of it', async () => {
    const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${stackInfo().pid}/status`, 'utf8'))![1]) * 1024;
    const before = rss();
    const bodies = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await fetch(`${stackUrls().baseUrl}/api/v1/stripe/webhook`, { method: 'POST', body: Buffer.alloc(20 * 1024 * 1024, 'a') });
        return [response.status, await response.json()];
      }),
    );
    expect(bodies).toEqual([1, 2, 3].map(() => [413, { message: 'Request Entity Too Large' }]));
    // Three 20 MB bodies kept would add 60 MB and more.
    expect(rss() - before).toBeLessThan(40 * 1024 * 1024);
  });
});

/** A Cognito API call as a page's fetch or a bare HTTP client sends it: JSON, unsigned unless headers say otherwise. */
const cognitoCall = (operation: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(stackUrls().cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`, ...headers },
    body: JSON.stringify(body),
  });

async function groupsOf(username: string): Promise<string[]> {
  const client = cognitoClient();
  try {
    const { Groups } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: stackUrls().userPoolId, Username: username }));
    return (Groups ?? []).map((group) => group.GroupName!);
  } finally {
    client.destroy();
  }
}

describe('cognito-local', () => {
  it("gives another site's page no CORS grant and no answer, while the app's own origin keeps its grant", async () => {
    const preflight = (origin: string) =>
      fetch(stackUrls().cognitoEndpoint, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
      });
    const evil = await preflight('https://evil.example');
    expect([evil.status, evil.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    const app = new URL(stackUrls().baseUrl).origin;
    expect((await preflight(app)).headers.get('access-control-allow-origin')).not.toBeNull();

    const listed = await cognitoCall('ListUsers', { UserPoolId: stackUrls().userPoolId }, { origin: 'https://evil.example' });
    expect([listed.status, listed.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    expect(await listed.text()).not.toContain('fitgauge.test');
  });

  it('refuses unsigned and wrongly signed ListUsers and AdminAddUserToGroup, which change nothing', async () => {
    const { userPoolId } = stackUrls();
    const solo = (await graphql<{ me: { id: string } }>('{ me { id } }', {}, { token })).data!.me.id;
    expect(await groupsOf(solo)).toEqual(['GAMER']);

    const listed = await cognitoCall('ListUsers', { UserPoolId: userPoolId });
    expect(listed.status).toBe(403);
    expect(await listed.text()).not.toContain('fitgauge.test');
    const promoted = await cognitoCall('AdminAddUserToGroup', { UserPoolId: userPoolId, Username: solo, GroupName: 'SUPERADMIN' });
    expect(promoted.status).toBe(403);

    const wrongKey = new CognitoIdentityProviderClient({
      endpoint: stackUrls().cognitoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'not-the-local-secret' },
    });
    try {
      await expect(wrongKey.send(new ListUsersCommand({ UserPoolId: userPoolId }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(
        wrongKey.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: solo, GroupName: 'SUPERADMIN' })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    } finally {
      wrongKey.destroy();
    }
    expect(await groupsOf(solo)).toEqual(['GAMER']);
    const signedInAgain = await signIn('solo@fitgauge.test');
    expect((await graphql('{ users(take: 5) { id } }', {}, { token: signedInAgain.accessToken })).errors?.[0]?.errorType).toBe('Unauthorized');

    // Signed with the stack's own keys it answers, and what AWS serves unsigned (GetUser with a token) still works.
    const own = cognitoClient();
    try {
      expect((await own.send(new ListUsersCommand({ UserPoolId: userPoolId }))).Users?.length).toBeGreaterThan(10);
    } finally {
      own.destroy();
    }
    const me = await cognitoCall('GetUser', { AccessToken: token });
    expect(me.status).toBe(200);
  });
});

/** One request with the given Host header (fetch would send the URL's own). */
function requestWithHost(url: string, host: string, method = 'GET', body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { host, 'content-type': 'application/json' } }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('DNS rebinding: a Host other than localhost or 127.0.0.1', () => {
  it('is refused on /graphql, /config.json and the push stand-in, and by cognito-local and S3', async () => {
    const { baseUrl, graphqlUrl, cognitoEndpoint, s3Endpoint } = stackUrls();
    const port = new URL(baseUrl).port;
    const query = JSON.stringify({ query: '{ __typename }' });
    const subscribe = JSON.stringify({ applicationServerKey: 'x' });
    expect(await requestWithHost(`${baseUrl}/local/push/subscriptions`, `localhost:${port}`, 'POST', subscribe)).toBe(201);
    expect(await requestWithHost(`${baseUrl}/config.json`, `127.0.0.1:${port}`)).toBe(200);

    const evil = `evil.example:${port}`;
    expect(await requestWithHost(graphqlUrl, evil, 'POST', query)).toBe(403);
    expect(await requestWithHost(`${baseUrl}/config.json`, evil)).toBe(403);
    expect(await requestWithHost(`${baseUrl}/local/push/subscriptions`, evil, 'POST', subscribe)).toBe(403);
    expect(await requestWithHost(`${baseUrl}/local/push/subscriptions/${randomUUID()}`, evil)).toBe(403);
    expect(await requestWithHost(`${baseUrl}/`, evil)).toBe(403);
    expect(await requestWithHost(`${cognitoEndpoint}/health`, 'evil.example')).toBe(403);
    expect(await requestWithHost(`${s3Endpoint}/${stackInfo().env.UPLOADS_BUCKET}/avatars/x.png`, 'evil.example')).toBe(403);
  });
});

describe('an S3 POST form', () => {
  it('holds to its policy: a form for image/png up to 1,000 bytes refuses text/html and 3 MB, and stores nothing', async () => {
    const { data } = await graphql<{ getImageUploadUrl: Upload }>(
      UPLOAD_URL,
      { uploadType: 'AVATAR', filename: 'me.png', mimetype: 'image/png', maxSizeBytes: 1000 },
      { token },
    );
    const upload = data!.getImageUploadUrl;
    const sized = (bytes: number) => Buffer.concat([TINY_PNG, Buffer.alloc(bytes - TINY_PNG.length)]);

    expect((await postUpload(upload, TINY_PNG, 'page.html', 'text/html')).status).toBe(403);
    expect((await postUpload(upload, sized(3 * 1024 * 1024), 'me.png', 'image/png')).status).toBe(403);
    expect((await postUpload(upload, sized(1001), 'me.png', 'image/png')).status).toBe(403);
    expect(await s3UploadsBucket.head(upload.key)).toBeNull();

    expect((await postUpload(upload, sized(1000), 'me.png', 'image/png')).status).toBeLessThan(300);
    expect(await s3UploadsBucket.head(upload.key)).toEqual({ size: 1000, contentType: 'image/png' });
  });
});
