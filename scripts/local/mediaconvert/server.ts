/**
 * The MediaConvert stand-in (docs/local-mode.md): the CreateJob call of @aws-sdk/client-mediaconvert on its own port
 * (AWS_ENDPOINT_URL_MEDIACONVERT), jobs run one at a time with the real ffmpeg of @ffmpeg-installer/ffmpeg (or
 * FFMPEG_PATH): the input read from S3 (s3rver), the outputs written back, then MediaConvert's job-state event handed
 * to `deliver` (the local event bus, scripts/local/event-triggers.ts), as EventBridge delivers it on AWS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { JobSettings, JobTemplateSettings } from '@aws-sdk/client-mediaconvert';
import { JOB_STATE_CHANGE, MEDIACONVERT_SOURCE, type JobStateEvent } from '../../../lambdas/lib/transcoding-job';
import { refuseForeignHost } from '../host-check';
import { LOCAL_HOST } from '../ports';
import { mergeSettings, planFfmpegJob, UnsupportedSettingError, type FfmpegPlan } from './ffmpeg-job';

const ACCOUNT = '000000000000';
const REGION = 'us-east-1';
const JOBS_PATH = '/2017-08-29/jobs';

/** The ffmpeg binary: FFMPEG_PATH, else the one @ffmpeg-installer ships. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

interface MediaConvertStandIn {
  endpoint: string;
  /** Resolves when every job submitted so far has finished and its event was delivered. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface SubmittedJob {
  id: string;
  arn: string;
  settings: JobSettings;
  userMetadata: Record<string, string>;
}

export async function startMediaConvertStandIn(options: {
  port: number;
  /** Job templates by name: the same settings CDK deploys. */
  templates: Record<string, JobTemplateSettings>;
  deliver: (event: JobStateEvent) => Promise<void>;
  log: (line: string) => void;
}): Promise<MediaConvertStandIn> {
  let queue = Promise.resolve();
  let running: ChildProcess | undefined;
  let stopped = false;

  const runJob = async (job: SubmittedJob) => {
    if (stopped) return;
    const work = await mkdtemp(join(tmpdir(), 'fitgauge-transcode-'));
    try {
      const outcome = await transcode(job.settings, work, (child) => (running = child));
      // A job cut short by stopping the stack is not a failed transcode: no event (the video stays PROGRESSING).
      if (!stopped) await options.deliver(jobStateEvent(job, outcome));
    } catch (error) {
      options.log(`local MediaConvert: job ${job.id} could not report its state: ${String(error)}`);
    } finally {
      running = undefined;
      await rm(work, { recursive: true, force: true });
    }
  };

  const server = createServer((req, res) => {
    if (refuseForeignHost(req, res)) return;
    void handle(req, res).catch((error: unknown) => answer(res, 500, { message: String(error) }, 'InternalServerErrorException'));
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || path !== JOBS_PATH)
      return answer(res, 404, { message: `${req.method} ${path} is not served by the local MediaConvert.` }, 'NotFoundException');
    const request = pascalKeys(JSON.parse(await readBody(req))) as {
      JobTemplate?: string;
      Role?: string;
      Settings?: JobSettings;
      UserMetadata?: Record<string, string>;
    };
    const template = request.JobTemplate ? options.templates[request.JobTemplate] : undefined;
    if (!template) return answer(res, 404, { message: `Job template ${String(request.JobTemplate)} does not exist.` }, 'NotFoundException');
    if (!request.Role) return answer(res, 400, { message: 'Role is required.' }, 'BadRequestException');
    const id = `${Date.now()}-${randomUUID().slice(0, 6)}`;
    const job: SubmittedJob = {
      id,
      arn: `arn:aws:mediaconvert:${REGION}:${ACCOUNT}:jobs/${id}`,
      settings: mergeSettings(template as JobSettings, request.Settings ?? {}),
      userMetadata: request.UserMetadata ?? {},
    };
    queue = queue.then(() => runJob(job));
    answer(res, 201, {
      job: { id, arn: job.arn, status: 'SUBMITTED', jobTemplate: request.JobTemplate, role: request.Role, userMetadata: job.userMetadata },
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOCAL_HOST, () => resolve());
  });
  return {
    endpoint: `http://${LOCAL_HOST}:${options.port}`,
    idle: async () => {
      // Jobs submitted while waiting extend the queue: wait until it stops growing.
      let seen: Promise<void>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
    stop: async () => {
      stopped = true;
      running?.kill('SIGKILL');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await queue;
    },
  };
}

type Outcome = { status: 'COMPLETE'; plan: FfmpegPlan } | { status: 'ERROR'; errorCode: number; errorMessage: string };

/** MediaConvert's error codes for the failures the stand-in can meet. */
const ERROR_CODES = { unsupportedSetting: 1030, unreadableInput: 1010, s3: 1401 } as const;

/** Runs one job: input from S3, ffmpeg, outputs to S3. Failures become the ERROR outcome MediaConvert would report. */
async function transcode(settings: JobSettings, work: string, onSpawn: (child: ChildProcess) => void = () => {}): Promise<Outcome> {
  const inputPath = join(work, 'input');
  let plan: FfmpegPlan;
  try {
    plan = planFfmpegJob(settings, inputPath, join(work, 'out'));
  } catch (error) {
    if (error instanceof UnsupportedSettingError) return { status: 'ERROR', errorCode: ERROR_CODES.unsupportedSetting, errorMessage: error.message };
    throw error;
  }
  const s3 = new S3Client({});
  try {
    try {
      const { bucket, key } = parseS3Url(plan.input);
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      await pipeline(object.Body as Readable, createWriteStream(inputPath));
    } catch (error) {
      return { status: 'ERROR', errorCode: ERROR_CODES.s3, errorMessage: `Unable to read the input ${plan.input}: ${(error as Error).name}` };
    }
    for (const group of plan.groups) await mkdir(group.localDir, { recursive: true });
    const failure = await runFfmpeg(plan.args, onSpawn);
    if (failure)
      return { status: 'ERROR', errorCode: ERROR_CODES.unreadableInput, errorMessage: `Failed to transcode the input ${plan.input}: ${failure}` };
    for (const file of plan.extraFiles) await writeFile(file.path, file.content);
    for (const group of plan.groups) {
      const { bucket, key: prefix } = parseS3Url(group.destinationFolder);
      for (const name of await readdir(group.localDir)) {
        const body = await readFile(join(group.localDir, name));
        await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${name}`, Body: body, ContentType: CONTENT_TYPES[extname(name)] }));
      }
    }
    return { status: 'COMPLETE', plan };
  } finally {
    s3.destroy();
  }
}

const CONTENT_TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.jpg': 'image/jpeg' };

/** Runs ffmpeg; resolves with null on success, else the last line ffmpeg wrote to stderr (its reason). */
export function runFfmpeg(args: string[], onSpawn: (child: ChildProcess) => void = () => {}): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    onSpawn(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    // A missing binary is this machine's problem: the admin reads that, not the path spawn tried.
    child.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT' ? 'ffmpeg is not installed or not found' : error.message));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(null);
      const reason = stderr.trim().split('\n').at(-1);
      resolve(reason || `ffmpeg ended with ${signal ?? `exit code ${code}`}`);
    });
  });
}

function jobStateEvent(job: SubmittedJob, outcome: Outcome): JobStateEvent & Record<string, unknown> {
  const common = {
    timestamp: Date.now(),
    accountId: ACCOUNT,
    queue: `arn:aws:mediaconvert:${REGION}:${ACCOUNT}:queues/Default`,
    jobId: job.id,
    userMetadata: job.userMetadata,
  };
  const detail =
    outcome.status === 'COMPLETE'
      ? {
          ...common,
          status: 'COMPLETE',
          outputGroupDetails: outcome.plan.groups.map((group) => ({
            type: group.type,
            ...(group.playlistFiles.length ? { playlistFilePaths: group.playlistFiles.map((file) => group.destinationFolder + file) } : {}),
            outputDetails: group.outputFiles.map((files) => ({ outputFilePaths: files.map((file) => group.destinationFolder + file) })),
          })),
        }
      : { ...common, status: 'ERROR', errorCode: outcome.errorCode, errorMessage: outcome.errorMessage };
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': JOB_STATE_CHANGE,
    source: MEDIACONVERT_SOURCE,
    account: ACCOUNT,
    time: new Date().toISOString(),
    region: REGION,
    resources: [job.arn],
    detail,
  };
}

function parseS3Url(url: string): { bucket: string; key: string } {
  const match = /^s3:\/\/([^/]+)\/(.*)$/.exec(url);
  if (!match) throw new Error(`Not an s3:// address: ${url}`);
  return { bucket: match[1], key: match[2] };
}

/**
 * MediaConvert's wire format names members in lowerCamelCase (`outputGroups`, `hlsGroupSettings`); the SDK's shapes
 * and the job template use PascalCase. User metadata keys are the caller's own and stay as they are.
 */
function pascalKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pascalKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key.charAt(0).toUpperCase() + key.slice(1), key === 'userMetadata' ? inner : pascalKeys(inner)]),
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: unknown, errorType?: string) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
  res.end(text);
}
