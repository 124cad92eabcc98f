import { nameClaimOf } from '@core/videos';
import { TransactionRefused } from './transactions';
import type { VideoInstructorRecord, VideoQuestionRecord, VideoRecord, VideoSeriesRecord, VideoStore } from './video-store';

/**
 * The in-memory twin of the video store, for unit tests of the content rules (the transcoder's among them). It keeps
 * the contract of `dynamoVideoStore` (test-support/video-contract.ts runs the same tests against both): the same
 * guards and refusal labels, copies rather than live objects. The audit entries are kept in `audit`.
 */
export type MemoryVideoStore = VideoStore & { audit: { action: string; targetId: string }[] };

const copy = <T>(value: T): T => structuredClone(value);

interface Step {
  label: string;
  holds: () => boolean;
}

/** Refuses with the first failing rule's label before anything is written, as one DynamoDB transaction does. */
function check(steps: Step[]): void {
  const refused = steps.find((step) => !step.holds());
  if (refused) throw new TransactionRefused(refused.label);
}

export function memoryVideoStore(): MemoryVideoStore {
  const videos = new Map<string, VideoRecord>();
  const questions = new Map<string, VideoQuestionRecord>();
  const instructors = new Map<string, VideoInstructorRecord>();
  const series = new Map<string, VideoSeriesRecord>();
  /** As read: the same `updatedAt` and status (the DynamoDB store's condition). */
  const unchanged = (read: VideoRecord) =>
    videos.get(read.id)?.updatedAt === read.updatedAt && videos.get(read.id)?.workflowStatus === read.workflowStatus;
  /** Upload keys whose transcode has been claimed. */
  const transcodeClaims = new Set<string>();
  /** Guard key -> the id holding it (titles, episodes, names). */
  const claims = new Map<string, string>();
  const audit: { action: string; targetId: string }[] = [];

  const titleKey = (video: VideoRecord) => `title|${nameClaimOf(video.title)}`;
  const episodeKey = (video: VideoRecord) => (video.seriesId && video.episode !== null ? `episode|${video.seriesId}|${video.episode}` : null);
  const free = (key: string | null, ownerId: string) => key === null || !claims.has(key) || claims.get(key) === ownerId;
  const release = (key: string | null, ownerId: string) => key !== null && claims.get(key) === ownerId && claims.delete(key);
  const take = (key: string | null, ownerId: string) => key !== null && claims.set(key, ownerId);
  const linksOk = (video: VideoRecord): Step[] => [
    { label: 'instructor', holds: () => !video.instructorId || instructors.has(video.instructorId) },
    { label: 'series', holds: () => !video.seriesId || series.has(video.seriesId) },
  ];
  const videoGuards = (video: VideoRecord): Step[] => [
    { label: 'title', holds: () => free(titleKey(video), video.id) },
    ...linksOk(video),
    { label: 'episode', holds: () => free(episodeKey(video), video.id) },
  ];
  const questionKey = (question: VideoQuestionRecord) => `${question.videoId}|${question.slug}`;
  const findQuestion = (id: string) => [...questions.values()].find((question) => question.id === id) ?? null;

  /** Clears an instructor or series from its videos, then deletes it with its name guard. */
  function clearThenDelete(kind: 'instructor' | 'series', id: string, nameKey: string, at: string) {
    for (const video of videos.values()) {
      if (kind === 'instructor' && video.instructorId === id) videos.set(video.id, { ...video, instructorId: null, updatedAt: at });
      if (kind === 'series' && video.seriesId === id) {
        release(episodeKey(video), video.id);
        videos.set(video.id, { ...video, seriesId: null, episode: null, updatedAt: at });
      }
    }
    (kind === 'instructor' ? instructors : series).delete(id);
    claims.delete(nameKey);
  }

  return {
    audit,
    async get(videoId) {
      const video = videos.get(videoId);
      return video ? copy(video) : null;
    },
    async all() {
      return [...videos.values()].map(copy);
    },
    async create(video, entry) {
      check([{ label: 'video', holds: () => !videos.has(video.id) }, ...videoGuards(video)]);
      videos.set(video.id, copy(video));
      take(titleKey(video), video.id);
      take(episodeKey(video), video.id);
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
    async update(before, after, entry) {
      check([{ label: 'video', holds: () => unchanged(before) }, ...videoGuards(after)]);
      release(titleKey(before), before.id);
      release(episodeKey(before), before.id);
      take(titleKey(after), after.id);
      take(episodeKey(after), after.id);
      videos.set(after.id, copy(after));
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
    async delete(video, entry) {
      check([{ label: 'video', holds: () => unchanged(video) }]);
      release(titleKey(video), video.id);
      release(episodeKey(video), video.id);
      videos.delete(video.id);
      for (const [key, question] of questions) if (question.videoId === video.id) questions.delete(key);
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
    async claimTranscode(videoId, uploadKey) {
      const video = videos.get(videoId);
      if (transcodeClaims.has(uploadKey)) return 'duplicate';
      if (!video) return 'missing';
      transcodeClaims.add(uploadKey);
      videos.set(videoId, { ...video, filename: uploadKey, workflowStatus: 'PROGRESSING', workflowError: null, updatedAt: new Date().toISOString() });
      return 'claimed';
    },
    async setWorkflowStatus(videoId, status, result = {}) {
      const video = videos.get(videoId);
      if (!video || (result.whileUpload !== undefined && video.filename !== result.whileUpload)) return false;
      videos.set(videoId, {
        ...video,
        workflowStatus: status,
        workflowError: result.error ?? null,
        ...(result.playbackKey !== undefined ? { playbackKey: result.playbackKey } : {}),
        ...(result.thumbnailKey !== undefined ? { thumbnailKey: result.thumbnailKey } : {}),
        updatedAt: new Date().toISOString(),
      });
      return true;
    },

    async questionsOf(videoId) {
      return [...questions.values()]
        .filter((question) => question.videoId === videoId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
        .map(copy);
    },
    async getQuestion(questionId) {
      const question = findQuestion(questionId);
      return question ? copy(question) : null;
    },
    async createQuestion(question, entry) {
      check([
        { label: 'video', holds: () => videos.has(question.videoId) },
        { label: 'slug', holds: () => !questions.has(questionKey(question)) },
      ]);
      questions.set(questionKey(question), copy(question));
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
    async updateQuestion(before, after, entry) {
      const moved = before.slug !== after.slug;
      check([
        { label: 'question', holds: () => questions.get(questionKey(before))?.updatedAt === before.updatedAt },
        { label: 'slug', holds: () => !moved || !questions.has(questionKey(after)) },
      ]);
      questions.delete(questionKey(before));
      questions.set(questionKey(after), copy(after));
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
    async deleteQuestion(question, entry) {
      check([{ label: 'question', holds: () => questions.has(questionKey(question)) }]);
      questions.delete(questionKey(question));
      audit.push({ action: entry.action, targetId: entry.targetId });
    },

    async instructors() {
      return [...instructors.values()].map(copy);
    },
    async getInstructor(instructorId) {
      const instructor = instructors.get(instructorId);
      return instructor ? copy(instructor) : null;
    },
    async getInstructors(instructorIds) {
      return [...new Set(instructorIds)].flatMap((id) => (instructors.has(id) ? [copy(instructors.get(id)!)] : []));
    },
    async putInstructor(before, after, entry) {
      const nameKey = `instructor|${nameClaimOf(after.fullName)}`;
      check([
        { label: 'instructor', holds: () => (before ? instructors.get(after.id)?.updatedAt === before.updatedAt : !instructors.has(after.id)) },
        { label: 'instructorName', holds: () => free(nameKey, after.id) },
      ]);
      if (before) release(`instructor|${nameClaimOf(before.fullName)}`, before.id);
      take(nameKey, after.id);
      instructors.set(after.id, copy(after));
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
    async deleteInstructor(instructor, entry, at) {
      clearThenDelete('instructor', instructor.id, `instructor|${nameClaimOf(instructor.fullName)}`, at);
      audit.push({ action: entry.action, targetId: entry.targetId });
    },

    async series() {
      return [...series.values()].map(copy);
    },
    async getSeries(seriesId) {
      const found = series.get(seriesId);
      return found ? copy(found) : null;
    },
    async getManySeries(seriesIds) {
      return [...new Set(seriesIds)].flatMap((id) => (series.has(id) ? [copy(series.get(id)!)] : []));
    },
    async putSeries(before, after, entry) {
      const nameKey = `series|${nameClaimOf(after.name)}`;
      check([
        { label: 'series', holds: () => (before ? series.get(after.id)?.updatedAt === before.updatedAt : !series.has(after.id)) },
        { label: 'seriesName', holds: () => free(nameKey, after.id) },
      ]);
      if (before) release(`series|${nameClaimOf(before.name)}`, before.id);
      take(nameKey, after.id);
      series.set(after.id, copy(after));
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
    async deleteSeries(one, entry, at) {
      clearThenDelete('series', one.id, `series|${nameClaimOf(one.name)}`, at);
      audit.push({ action: entry.action, targetId: entry.targetId });
    },
  };
}
