/**
 * Demo content of the admin back office (docs/local-mode.md "Demo data"): an instructor, two series (the basic one is
 * "Getting Started"), videos in six categories (COMPLETE and enabled, one disabled, one still processing, two in the
 * basic series) and questions on one video. Every finished video is really transcoded: a short generated clip is
 * uploaded under the video's upload prefix, and the S3 event, the MediaConvert stand-in and the job-state event do the
 * rest, exactly as for an admin's upload. Ids are fixed and every step skips what exists, so a re-run finishes an
 * interrupted seed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { videoUploadKey } from '@core/video-files';
import {
  DEFAULT_QUESTION_TEXTS,
  DEFAULT_SUB_TYPE_TEXTS,
  questionSlug,
  type PillarCategory,
  type VideoCategory,
  type VideoQuestionSubType,
  type VideoQuestionType,
} from '@core/videos';
import type { AuditEntry } from '../../lambdas/lib/stores/audit-store';
import { newVideoRecord } from '../../lambdas/lib/stores/new-video';
import { dynamoVideoStore, type VideoRecord } from '../../lambdas/lib/stores/video-store';
import { generateClip } from '../local/mediaconvert/clip';
import { START_UP_LIMITS } from './start-up-limits';

const DEMO_INSTRUCTOR = { id: 'demo-instructor-maya', fullName: 'Maya Chen' } as const;
const DEMO_SERIES = [
  { id: 'demo-series-getting-started', name: 'Getting Started', description: 'Your first days with FitGauge.', basic: true },
  { id: 'demo-series-focus', name: 'Focus Fundamentals', description: 'Short sessions to sharpen attention before a match.', basic: false },
] as const;

interface DemoVideo {
  id: string;
  title: string;
  description: string;
  category: VideoCategory;
  pillarCategory: PillarCategory;
  tags: string[];
  series?: { id: string; episode: number };
  instructor?: boolean;
  /** done: transcoded and enabled; disabled: transcoded, switched off; processing: uploaded, never finishes. */
  state: 'done' | 'disabled' | 'processing';
}

export const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    id: 'demo-video-welcome',
    title: 'Welcome to FitGauge',
    description: 'What FitGauge measures and why it helps your game.',
    category: 'fg_university',
    pillarCategory: 'lifestyle',
    tags: ['intro'],
    series: { id: 'demo-series-getting-started', episode: 1 },
    state: 'done',
  },
  {
    id: 'demo-video-first-check-in',
    title: 'Your First Check-In',
    description: 'A walk through the daily check-in.',
    category: 'fg_university',
    pillarCategory: 'lifestyle',
    tags: ['intro', 'check-in'],
    series: { id: 'demo-series-getting-started', episode: 2 },
    state: 'done',
  },
  {
    id: 'demo-video-wrist-warm-up',
    title: 'Wrist and Forearm Warm-Up',
    description: 'Five minutes of mobility before you play.',
    category: 'workouts',
    pillarCategory: 'physical',
    tags: ['warm-up', 'wrists'],
    instructor: true,
    state: 'done',
  },
  {
    id: 'demo-video-box-breathing',
    title: 'Box Breathing Reset',
    description: 'Four counts in, hold, out, hold.',
    category: 'breathing',
    pillarCategory: 'mental',
    tags: ['breathing', 'calm'],
    instructor: true,
    series: { id: 'demo-series-focus', episode: 1 },
    state: 'done',
  },
  {
    id: 'demo-video-screen-breaks',
    title: 'Screen Breaks for Your Eyes',
    description: 'The 20-20-20 habit between matches.',
    category: 'eye_health',
    pillarCategory: 'lifestyle',
    tags: ['eyes'],
    state: 'done',
  },
  {
    id: 'demo-video-wind-down',
    title: 'Wind-Down Before Sleep',
    description: 'A calm routine after a late session.',
    category: 'sleep',
    pillarCategory: 'sleep',
    tags: ['sleep'],
    state: 'disabled',
  },
  {
    id: 'demo-video-pre-match-focus',
    title: 'Pre-Match Focus Meditation',
    description: 'Settle your mind before the first round.',
    category: 'meditation',
    pillarCategory: 'mental',
    tags: ['focus'],
    instructor: true,
    series: { id: 'demo-series-focus', episode: 2 },
    state: 'processing',
  },
];

/** The questions on the workout video: a score per sub-type, a yes/no and notes. */
const DEMO_QUESTIONS: { type: VideoQuestionType; subType: VideoQuestionSubType | null; text: string }[] = [
  { type: 'INT', subType: 'repetitions', text: DEFAULT_SUB_TYPE_TEXTS.repetitions },
  { type: 'INT', subType: 'time', text: DEFAULT_SUB_TYPE_TEXTS.time },
  { type: 'BOOLEAN', subType: null, text: DEFAULT_QUESTION_TEXTS.BOOLEAN },
  { type: 'STRING', subType: null, text: DEFAULT_QUESTION_TEXTS.STRING },
];
const QUESTIONS_VIDEO = 'demo-video-wrist-warm-up';
/** How long seeding waits for the demo transcodes (a few seconds each on an idle machine). */
const TRANSCODE_TIMEOUT_MS = 180_000;

export async function seedDemoVideos(adminId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const audit = (action: string, targetType: string, targetId: string, targetLabel: string): AuditEntry => ({
    actorId: adminId,
    actorEmail: 'admin@fitgauge.test',
    action,
    targetType,
    targetId,
    targetLabel,
    before: null,
    after: null,
  });

  if (!(await dynamoVideoStore.getInstructor(DEMO_INSTRUCTOR.id))) {
    await dynamoVideoStore.putInstructor(
      null,
      { ...DEMO_INSTRUCTOR, createdAt: at, updatedAt: at },
      audit('createVideoInstructor', 'VideoInstructor', DEMO_INSTRUCTOR.id, DEMO_INSTRUCTOR.fullName),
    );
  }
  for (const series of DEMO_SERIES) {
    if (await dynamoVideoStore.getSeries(series.id)) continue;
    await dynamoVideoStore.putSeries(
      null,
      { ...series, coverImage: null, createdAt: at, updatedAt: at },
      audit('createVideoSeries', 'VideoSeries', series.id, series.name),
    );
  }

  const toTranscode: VideoRecord[] = [];
  for (const demo of DEMO_VIDEOS) {
    let video = await dynamoVideoStore.get(demo.id);
    if (!video) {
      video = newVideoRecord(
        {
          id: demo.id,
          title: demo.title,
          description: demo.description,
          category: demo.category,
          pillarCategory: demo.pillarCategory,
          tags: demo.tags,
          enabled: demo.state !== 'disabled',
          instructorId: demo.instructor ? DEMO_INSTRUCTOR.id : null,
          seriesId: demo.series?.id ?? null,
          episode: demo.series?.episode ?? null,
          // In the library from yesterday on, so gamers see the finished ones at once.
          availableFrom: new Date(now.getTime() - 24 * 3600 * 1000).toISOString(),
        },
        at,
      );
      await dynamoVideoStore.create(video, audit('createVideo', 'Video', video.id, video.title));
    }
    if (demo.state === 'processing') {
      // An upload whose transcode is still running: recorded as the starter records one, with no job behind it.
      if (video.workflowStatus === 'WAITING_FOR_UPLOAD') {
        await dynamoVideoStore.claimTranscode(video.id, videoUploadKey(video.id, 'demo', 'mp4'));
      }
    } else if (video.workflowStatus !== 'COMPLETE') {
      toTranscode.push(video);
    }
  }
  await transcodeDemoVideos(toTranscode);

  const existing = new Set((await dynamoVideoStore.questionsOf(QUESTIONS_VIDEO)).map((question) => question.slug));
  for (const [index, question] of DEMO_QUESTIONS.entries()) {
    const slug = questionSlug(QUESTIONS_VIDEO, question.type, question.text);
    if (existing.has(slug)) continue;
    const id = `demo-question-${index + 1}`;
    await dynamoVideoStore.createQuestion(
      { id, videoId: QUESTIONS_VIDEO, ...question, slug, defineWatched: index === 0, isCreateOrDeleteQuestion: false, createdAt: at, updatedAt: at },
      audit('createVideoQuestion', 'VideoQuestion', id, question.text),
    );
  }
}

/** Uploads one short generated clip for every video, as the upload page does, and waits for their transcodes. */
async function transcodeDemoVideos(videos: VideoRecord[]): Promise<void> {
  if (!videos.length) return;
  const work = await mkdtemp(join(tmpdir(), 'fitgauge-seed-clip-'));
  const s3 = new S3Client(START_UP_LIMITS.standIns);
  try {
    const clipPath = join(work, 'clip.mp4');
    await generateClip(clipPath, { seconds: 2, width: 640, height: 360 });
    const clip = await readFile(clipPath);
    // A new upload id per try: a transcode claims its upload's key, so the key of a try cut short by a stopped start
    // would be refused as a duplicate event, and the video would never finish.
    const uploadId = `demo-${randomUUID().slice(0, 8)}`;
    for (const video of videos) {
      const key = videoUploadKey(video.id, uploadId, 'mp4');
      await s3.send(new PutObjectCommand({ Bucket: process.env.VIDEOS_BUCKET, Key: key, Body: clip, ContentType: 'video/mp4' }));
    }
    for (const video of videos) {
      const done = await untilTranscoded(video.id, TRANSCODE_TIMEOUT_MS);
      if (done.workflowStatus !== 'COMPLETE') throw new Error(`The demo video "${video.title}" did not transcode: ${done.workflowError}`);
    }
  } finally {
    s3.destroy();
    await rm(work, { recursive: true, force: true });
  }
}

/** The video once its transcode has finished (COMPLETE or ERROR); throws after `timeoutMs`. */
export async function untilTranscoded(videoId: string, timeoutMs: number): Promise<VideoRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = await dynamoVideoStore.get(videoId);
    if (video && (video.workflowStatus === 'COMPLETE' || video.workflowStatus === 'ERROR')) return video;
    if (Date.now() > deadline) throw new Error(`Video ${videoId} is still ${video?.workflowStatus ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
