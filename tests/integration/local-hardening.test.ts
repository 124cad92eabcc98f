/**
 * Issue 24 item 6 and the body cap of item 7: the local stack is no door into a developer's machine. A token signed
 * with cognito-local's bundled key, another site's page, unsigned S3 calls, a page stored at an avatar key, an SVG
 * avatar, a webhook signed with the secret the repository once held and an oversized body are all refused.
 */
import { createSign, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@core/avatars';
import { deliverWebhook, eventOf } from '../support/billing';
import { graphql, signIn, stackInfo, stackUrls, useStackEnvironment } from '../support/stack';
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
    await postUpload(upload, svg, 'me.svg', 'image/svg+xml');
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
