import type { EventEmitter } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account';
import { AVATAR_TYPES, AVATARS_ROOT } from '@core/avatars';
import { VIDEO_MEDIA_PREFIX } from '@core/video-files';
import { LOCAL_HOST } from './ports';
import { serverOutage, type Outage } from './outages';
import { createS3Guard } from './s3-guard';

export const LOCAL_BUCKETS = { uploads: 'fitgauge-uploads', videos: 'fitgauge-videos' } as const;

/** The keys the in-process Lambdas sign with (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export interface LocalS3 {
  /** An IP address, not localhost: the AWS SDK then addresses buckets by path, which s3rver serves. */
  endpoint: string;
  /**
   * s3rver's own emitter: 'event' carries S3 notification records (ObjectCreated:Put/Post/Copy,
   * ObjectRemoved:Delete), as S3 would send them to a Lambda. The MediaConvert stand-in listens here.
   */
  events: EventEmitter;
  /** S3 off the air and back on the same port (the outage tests' seam, scripts/local/outages.ts). */
  outage: Outage;
  stop(): Promise<void>;
}

/** What the site serves to anyone on AWS (CloudFront's /avatars/* and /media/*), and with which types. */
const PUBLIC_PREFIXES = [`${LOCAL_BUCKETS.uploads}/${AVATARS_ROOT}/`, `${LOCAL_BUCKETS.videos}/${VIDEO_MEDIA_PREFIX}`];
const PUBLIC_TYPES = [...Object.keys(AVATAR_TYPES), 'application/vnd.apple.mpegurl', 'video/mp2t'];

/**
 * s3rver in this process with the two FitGauge buckets, CORS open to the web app's origins so the
 * browser can use presigned POST and GET. Data lives in `directory`. s3rver itself listens on a port of its own;
 * `port` is the guard in front of it (scripts/local/s3-guard.ts), which lets through only signed and presigned
 * requests and anonymous reads of the public paths.
 */
export async function startS3(options: { port: number; directory: string; corsOrigins: string[]; silent?: boolean }): Promise<LocalS3> {
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const cors = corsConfiguration(options.corsOrigins);
  // Uploads are spooled here, and s3rver listens on a Unix socket here (its folder is private): only the guard reaches it.
  const spool = await mkdtemp(join(tmpdir(), 'fitgauge-s3-spool-'));
  const server = new S3rver({
    port: join(spool, 's3rver.sock'),
    directory: options.directory,
    silent: options.silent ?? true,
    configureBuckets: Object.values(LOCAL_BUCKETS).map((name) => ({ name, configs: [cors] })),
  });
  guardBusboyFileStreams();
  spoolUploads(server, spool);
  await server.run();
  const guard = createS3Guard({
    credentials: LOCAL_CREDENTIALS,
    upstreamSocket: join(spool, 's3rver.sock'),
    publicPrefixes: PUBLIC_PREFIXES,
    publicTypes: PUBLIC_TYPES,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      guard.once('error', reject);
      guard.listen(options.port, LOCAL_HOST, () => resolve());
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    endpoint: `http://${LOCAL_HOST}:${options.port}`,
    events: server,
    outage: serverOutage(guard),
    stop: async () => {
      await new Promise<void>((resolve) => {
        guard.close(() => resolve());
        guard.closeAllConnections();
      });
      await server.close();
      await rm(spool, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver pipes an uploaded file straight into its store without listening for errors on it, so a
 * multipart POST whose file part ends early ("Part terminated early") would crash the whole process,
 * or store a truncated file. Two guards: busboy's file streams get an error listener the moment they
 * exist (the error can come before s3rver reaches its store), and each streamed upload is first
 * written to a spool file with error handling, so only a complete upload reaches the store and a
 * broken one becomes an error response.
 */
const guarded = Symbol('fitgauge-guarded');

function guardBusboyFileStreams(): void {
  const Busboy = createRequire(require.resolve('s3rver'))('busboy') as { prototype: NodeJS.EventEmitter & { [guarded]?: true } };
  if (Busboy.prototype[guarded]) return;
  const emit = Busboy.prototype.emit;
  Busboy.prototype.emit = function (this: NodeJS.EventEmitter, event: string | symbol, ...args: unknown[]) {
    if (event === 'file') {
      const file = args[1] as Readable;
      file.on('error', (error) => file.destroy(error));
    }
    return emit.call(this, event, ...args);
  };
  Busboy.prototype[guarded] = true;
}
function spoolUploads(server: S3rver, spoolDir: string): void {
  const store = server.store;
  const putObject = store.putObject.bind(store);
  let sequence = 0;
  store.putObject = async (object) => {
    if (!(object.content instanceof Readable)) return putObject(object);
    const file = join(spoolDir, String(++sequence));
    try {
      await pipeline(object.content, createWriteStream(file));
      return await putObject({ ...object, content: createReadStream(file) });
    } finally {
      await rm(file, { force: true });
    }
  };
}

function corsConfiguration(origins: string[]): string {
  const tag = (name: string, values: string[]) => values.map((value) => `<${name}>${value}</${name}>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    tag('AllowedOrigin', origins) +
    tag('AllowedMethod', ['GET', 'HEAD', 'PUT', 'POST']) +
    tag('AllowedHeader', ['*']) +
    tag('ExposeHeader', ['ETag', 'Location']) +
    '<MaxAgeSeconds>3000</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}
