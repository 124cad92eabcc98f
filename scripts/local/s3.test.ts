import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Event } from 'aws-lambda';
import { freePorts } from './ports';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS, startS3, type LocalS3 } from './s3';

const ORIGIN = 'http://localhost:5999';

describe('local S3 (s3rver)', () => {
  let dir: string;
  let s3: LocalS3;
  let client: S3Client;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fg-s3-'));
    const [port] = await freePorts(1);
    s3 = await startS3({ port, directory: dir, corsOrigins: [ORIGIN] });
    client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  });

  afterAll(async () => {
    client.destroy();
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts a browser-style presigned POST upload, reports it as an S3 event and serves it by presigned GET', async () => {
    const events: S3Event[] = [];
    s3.events.on('event', (event: S3Event) => events.push(event));
    const post = await createPresignedPost(client, {
      Bucket: LOCAL_BUCKETS.uploads,
      Key: 'avatars/user-1.png',
      Conditions: [['content-length-range', 1, 1024]],
      Fields: { 'Content-Type': 'image/png' },
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([Buffer.from('fake png bytes')], { type: 'image/png' }), 'user-1.png');
    const upload = await fetch(post.url, { method: 'POST', body: form, headers: { origin: ORIGIN } });
    expect(upload.status).toBe(204);
    expect(upload.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    expect(events.map((e) => [e.Records[0].eventName, e.Records[0].s3.bucket.name, e.Records[0].s3.object.key])).toEqual([
      ['ObjectCreated:Post', LOCAL_BUCKETS.uploads, 'avatars/user-1.png'],
    ]);
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: 'avatars/user-1.png' }));
    const download = await fetch(url, { headers: { origin: ORIGIN } });
    expect(await download.text()).toBe('fake png bytes');
    expect(download.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('answers a CORS preflight from the web app origin and not from others', async () => {
    const preflight = (origin: string) =>
      fetch(`${s3.endpoint}/${LOCAL_BUCKETS.videos}/x`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight(ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect((await preflight('http://evil.test')).status).toBe(403);
  });

  it('survives malformed multipart POSTs and keeps serving', async () => {
    const boundary = '----WebKitFormBoundaryoo6vortfDzBsDiro';
    const bodies = [
      // A header line starting with a space once crashed busboy's parser (dicer) outright.
      `--${boundary}\r\n Content-Disposition: form-data; name="key"\r\n\r\n\r\n--${boundary}--`,
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\ntrunc`,
      'not multipart at all',
    ];
    for (const body of bodies) {
      const response = await fetch(`${s3.endpoint}/${LOCAL_BUCKETS.uploads}`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    // Still serving, and the truncated upload was not stored.
    const { Contents } = await client.send(new ListObjectsV2Command({ Bucket: LOCAL_BUCKETS.uploads }));
    expect((Contents ?? []).map((o) => o.Key)).not.toContain('k');
  });

  describe("the guard in front of s3rver (only signed requests, and public reads of the site's paths)", () => {
    const objectUrl = (bucket: string, key: string) => `${s3.endpoint}/${bucket}/${key}`;

    async function presignedForm(key: string) {
      return createPresignedPost(client, {
        Bucket: LOCAL_BUCKETS.uploads,
        Key: key,
        Conditions: [['content-length-range', 1, 1024]],
        Fields: { 'Content-Type': 'image/png' },
        Expires: 300,
      });
    }
    async function postForm(post: { url: string; fields: Record<string, string> }, fields: Record<string, string> = {}) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...post.fields, ...fields })) form.append(name, value);
      form.append('file', new Blob([Buffer.from('bytes')], { type: 'image/png' }), 'a.png');
      return fetch(post.url, { method: 'POST', body: form });
    }
    const exists = async (key: string) =>
      client.send(new HeadObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: key })).then(
        () => true,
        () => false,
      );

    it('refuses unsigned writes and listings on every bucket, and stores nothing', async () => {
      for (const bucket of Object.values(LOCAL_BUCKETS)) {
        const put = await fetch(objectUrl(bucket, 'avatars/users/someone/x.png'), { method: 'PUT', body: 'overwritten' });
        expect(put.status).toBe(403);
        expect(await put.text()).toContain('AccessDenied');
        expect((await fetch(`${s3.endpoint}/${bucket}?list-type=2`)).status).toBe(403);
        expect((await fetch(`${s3.endpoint}/${bucket}`)).status).toBe(403);
        expect((await fetch(objectUrl(bucket, 'avatars/users/someone/x.png'), { method: 'DELETE' })).status).toBe(403);
      }
      expect((await fetch(`${s3.endpoint}/`)).status).toBe(403);
      expect(await exists('avatars/users/someone/x.png')).toBe(false);
    });

    it("refuses a header signature made with other keys, and takes the local keys' (the Lambdas' SDK calls)", async () => {
      const forger = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'guessed' },
        forcePathStyle: true,
      });
      await expect(forger.send(new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: 'avatars/forged.png', Body: 'x' }))).rejects.toThrow();
      forger.destroy();
      expect(await exists('avatars/forged.png')).toBe(false);
      await client.send(new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: 'avatars/signed.png', Body: 'x', ContentType: 'image/png' }));
      expect(await exists('avatars/signed.png')).toBe(true);
    });

    it('refuses a presigned URL whose key, signature or lifetime was changed, and takes it as signed', async () => {
      await client.send(new PutObjectCommand({ Bucket: LOCAL_BUCKETS.videos, Key: 'private/video.mp4', Body: 'video', ContentType: 'video/mp4' }));
      const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: LOCAL_BUCKETS.videos, Key: 'private/video.mp4' }), { expiresIn: 60 });
      expect(await (await fetch(url)).text()).toBe('video');
      expect((await fetch(url.replace('private/video.mp4', 'private/other.mp4'))).status).toBe(403);
      expect((await fetch(url.replace(/X-Amz-Signature=[0-9a-f]/, 'X-Amz-Signature=z'))).status).toBe(403);
      expect((await fetch(url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'))).status).toBe(403);
      // The private object has no public address.
      expect((await fetch(objectUrl(LOCAL_BUCKETS.videos, 'private/video.mp4'))).status).toBe(403);
    });

    it('takes a presigned POST form only for the key it was signed for, and not with a forged policy', async () => {
      const post = await presignedForm('avatars/users/me/mine.png');
      expect((await postForm(post, { key: 'avatars/users/victim/theirs.png' })).status).toBe(403);
      expect(await exists('avatars/users/victim/theirs.png')).toBe(false);
      const forgedPolicy = Buffer.from(
        JSON.stringify({ expiration: '2099-01-01T00:00:00Z', conditions: [{ bucket: LOCAL_BUCKETS.uploads }, { key: 'avatars/x.png' }] }),
      ).toString('base64');
      expect((await postForm(post, { key: 'avatars/x.png', Policy: forgedPolicy })).status).toBe(403);
      const unsigned = new FormData();
      unsigned.append('key', 'avatars/unsigned.png');
      unsigned.append('file', new Blob([Buffer.from('<html>')], { type: 'text/html' }), 'a.html');
      expect((await fetch(`${s3.endpoint}/${LOCAL_BUCKETS.uploads}`, { method: 'POST', body: unsigned })).status).toBe(403);
      expect((await postForm(post)).status).toBe(204);
      expect(await exists('avatars/users/me/mine.png')).toBe(true);
    });

    it('serves public avatars to anyone with nosniff and a CSP that runs nothing, never an HTML type', async () => {
      const html = '<html><script>alert(document.cookie)</script></html>';
      await client.send(
        new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: 'avatars/users/victim/a.png', Body: html, ContentType: 'text/html' }),
      );
      const served = await fetch(objectUrl(LOCAL_BUCKETS.uploads, 'avatars/users/victim/a.png'));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/octet-stream');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");

      await client.send(
        new PutObjectCommand({ Bucket: LOCAL_BUCKETS.uploads, Key: 'avatars/users/me/b.png', Body: 'png', ContentType: 'image/png' }),
      );
      const image = await fetch(objectUrl(LOCAL_BUCKETS.uploads, 'avatars/users/me/b.png'));
      expect([image.status, image.headers.get('content-type'), image.headers.get('x-content-type-options')]).toEqual([200, 'image/png', 'nosniff']);
    });
  });
});
