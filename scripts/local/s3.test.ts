import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
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
});
