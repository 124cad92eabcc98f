/**
 * bench/transcode (`npm run bench:transcode`): the local MediaConvert stand-in against ffmpeg run directly.
 *
 * Generates a 30-second 1080p clip (ffmpeg's testsrc2 at 30 fps with a tone, not timed), starts s3rver and the
 * MediaConvert stand-in (scripts/local/mediaconvert) on random ports, stores the clip in the videos bucket, then
 * alternates: a job through the real MediaConvert client (CreateJob with FitGauge's job template) timed until its
 * job-state event arrives (S3 read, ffmpeg, S3 writes, the event), and ffmpeg run directly with exactly the arguments
 * the stand-in planned for that job, from and to local files. Prints medians and their ratio (target: within 1.1x).
 *
 * Options (environment): BENCH_RUNS (timed runs of each, default 3), BENCH_SECONDS (clip length, 30).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CreateJobCommand, MediaConvertClient } from '@aws-sdk/client-mediaconvert';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { videoUploadKey } from '@core/video-files';
import { transcodeJobSettings, transcodeJobTemplateSettings, type JobStateEvent } from '../lambdas/lib/transcoding-job';
import { generateClip } from '../scripts/local/mediaconvert/clip';
import { mergeSettings, planFfmpegJob } from '../scripts/local/mediaconvert/ffmpeg-job';
import { ffmpegPath, runFfmpeg, startMediaConvertStandIn } from '../scripts/local/mediaconvert/server';
import { freePorts } from '../scripts/local/ports';
import { LOCAL_BUCKETS, LOCAL_CREDENTIALS, startS3 } from '../scripts/local/s3';

// Known and documented (stack.md); not worth a warning on every run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLIP_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TEMPLATE = 'bench-video-hls';
const CLIP_KEY = videoUploadKey('bench-video', 'clip', 'mp4');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'fitgauge-bench-transcode-'));
  const clip = join(work, 'clip.mp4');
  process.stdout.write(`Generating a ${CLIP_SECONDS} s 1080p clip... `);
  await generateClip(clip, { seconds: CLIP_SECONDS, width: 1920, height: 1080 });
  console.log('done.');

  const [s3Port, mediaConvertPort] = await freePorts(2);
  const s3 = await startS3({ port: s3Port, directory: join(work, 's3'), corsOrigins: ['http://localhost'] });
  let delivered: ((event: JobStateEvent) => void) | undefined;
  const standIn = await startMediaConvertStandIn({
    port: mediaConvertPort,
    templates: { [TEMPLATE]: transcodeJobTemplateSettings },
    deliver: async (event) => delivered?.(event),
    log: console.log,
  });
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ENDPOINT_URL_MEDIACONVERT: standIn.endpoint,
  });
  const s3Client = new S3Client({});
  const mediaConvert = new MediaConvertClient({});
  try {
    await s3Client.send(new PutObjectCommand({ Bucket: LOCAL_BUCKETS.videos, Key: CLIP_KEY, Body: await readFile(clip), ContentType: 'video/mp4' }));
    const settings = transcodeJobSettings(LOCAL_BUCKETS.videos, CLIP_KEY, 'bench-video');

    const standInRun = async () => {
      const started = performance.now();
      const event = new Promise<JobStateEvent>((resolve) => (delivered = resolve));
      await mediaConvert.send(new CreateJobCommand({ JobTemplate: TEMPLATE, Role: 'arn:aws:iam::000000000000:role/bench', Settings: settings }));
      const { detail } = await event;
      if (detail.status !== 'COMPLETE') throw new Error(`The job ended ${detail.status}: ${detail.errorMessage}`);
      return performance.now() - started;
    };
    const directRun = async (run: number) => {
      const out = join(work, `direct-${run}`);
      const plan = planFfmpegJob(mergeSettings(transcodeJobTemplateSettings, settings), clip, out);
      for (const group of plan.groups) await mkdir(group.localDir, { recursive: true });
      const started = performance.now();
      const failure = await runFfmpeg(plan.args);
      if (failure) throw new Error(`ffmpeg failed: ${failure}`);
      const elapsed = performance.now() - started;
      await rm(out, { recursive: true, force: true });
      return elapsed;
    };

    const standInTimes: number[] = [];
    const directTimes: number[] = [];
    // Alternating which goes first, so neither always meets the other's leftovers (page cache, a busy neighbour).
    for (let run = 0; run < RUNS; run++) {
      if (run % 2 === 0) {
        standInTimes.push(await standInRun());
        directTimes.push(await directRun(run));
      } else {
        directTimes.push(await directRun(run));
        standInTimes.push(await standInRun());
      }
      console.log(
        `run ${run + 1}: stand-in ${seconds(standInTimes[run])} s, ffmpeg directly ${seconds(directTimes[run])} s (load ${loadavg()[0].toFixed(1)})`,
      );
    }
    // Where the stand-in's extra time can go besides ffmpeg: the input read from s3rver and the outputs written back.
    const transferStarted = performance.now();
    const input = await s3Client.send(new GetObjectCommand({ Bucket: LOCAL_BUCKETS.videos, Key: CLIP_KEY }));
    await pipeline(input.Body as Readable, createWriteStream(join(work, 'transfer-input')));
    const transferInput = performance.now() - transferStarted;
    const plan = planFfmpegJob(mergeSettings(transcodeJobTemplateSettings, settings), clip, join(work, 'transfer-outputs'));
    for (const group of plan.groups) await mkdir(group.localDir, { recursive: true });
    if (await runFfmpeg(plan.args)) throw new Error('ffmpeg failed');
    const putStarted = performance.now();
    for (const group of plan.groups) {
      for (const name of await readdir(group.localDir)) {
        await s3Client.send(
          new PutObjectCommand({ Bucket: LOCAL_BUCKETS.videos, Key: `bench-transfer/${name}`, Body: await readFile(join(group.localDir, name)) }),
        );
      }
    }
    const transferOutputs = performance.now() - putStarted;
    const ratio = median(standInTimes) / median(directTimes);
    console.log(
      `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${ffmpegPath()}`,
    );
    console.log(`| what | median s | runs |\n|---|---|---|`);
    console.log(
      `| local MediaConvert stand-in (CreateJob to job-state event) | ${seconds(median(standInTimes))} | ${standInTimes.map(seconds).join(', ')} |`,
    );
    console.log(`| ffmpeg directly, same arguments | ${seconds(median(directTimes))} | ${directTimes.map(seconds).join(', ')} |`);
    console.log(`\nS3 transfers alone: input read ${seconds(transferInput)} s, outputs written ${seconds(transferOutputs)} s`);
    console.log(`\nratio ${ratio.toFixed(3)}x (target within 1.1x): ${ratio <= 1.1 ? 'met' : 'NOT met'}`);
  } finally {
    s3Client.destroy();
    mediaConvert.destroy();
    await standIn.stop();
    await s3.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
