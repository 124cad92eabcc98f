import { randomUUID } from 'node:crypto';
import type { AuditEntry } from './audit-store';
import { newVideoRecord } from './new-video';
import { refusal } from './test-support/records';
import { dynamoVideoStore, type VideoInstructorRecord, type VideoQuestionRecord, type VideoRecord, type VideoSeriesRecord } from './video-store';

/**
 * The video store on DynamoDB Local (jest project `dynamodb`): what a caller can observe, refusals included. Ids and
 * names are fresh per test, so the suite shares the table with other tests.
 */
describe('video store', () => {
  const store = dynamoVideoStore;
  let run: string;
  const at = '2026-05-01T10:00:00.000Z';
  const later = '2026-05-01T11:00:00.000Z';
  beforeEach(() => {
    run = randomUUID().slice(0, 8);
  });

  const audit = (action: string, targetId: string): AuditEntry => ({
    actorId: 'admin',
    actorEmail: 'admin@fitgauge.test',
    action,
    targetType: 'Video',
    targetId,
    targetLabel: targetId,
    before: null,
    after: null,
  });
  const video = (title: string, extra: Partial<VideoRecord> = {}): VideoRecord =>
    newVideoRecord({ id: randomUUID(), title: `${title} ${run}`, category: 'yoga', pillarCategory: 'mental', ...extra }, at);
  const instructor = (name: string): VideoInstructorRecord => ({ id: randomUUID(), fullName: `${name} ${run}`, createdAt: at, updatedAt: at });
  const series = (name: string): VideoSeriesRecord => ({
    id: randomUUID(),
    name: `${name} ${run}`,
    description: null,
    coverImage: null,
    basic: false,
    createdAt: at,
    updatedAt: at,
  });
  const question = (videoId: string, slug: string): VideoQuestionRecord => ({
    id: randomUUID(),
    videoId,
    type: 'STRING',
    subType: null,
    text: slug,
    slug,
    defineWatched: false,
    isCreateOrDeleteQuestion: false,
    createdAt: at,
    updatedAt: at,
  });
  const create = async (record: VideoRecord) => {
    await store.create(record, audit('createVideo', record.id));
    return record;
  };

  it('keeps a video; a second one with the same title in another case is refused', async () => {
    const first = await create(video('Morning Yoga'));
    expect(await store.get(first.id)).toEqual(first);
    expect(await refusal(store.create(video('MORNING  yoga', { title: first.title.toUpperCase() }), audit('createVideo', 'x')))).toBe('title');
    expect((await store.all()).filter((one) => one.title.toLowerCase() === first.title.toLowerCase())).toHaveLength(1);
  });

  it('moves the title guard with a rename, and refuses a write based on a stale read', async () => {
    const first = await create(video('Old title'));
    const renamed = { ...first, title: `New title ${run}`, updatedAt: later };
    await store.update(first, renamed, audit('updateVideo', first.id));
    await create(video('Old title'));
    expect(await refusal(store.update(first, { ...first, description: 'stale' }, audit('updateVideo', first.id)))).toBe('video');
    expect(await store.get(first.id)).toEqual(renamed);
  });

  it('gives one episode of a series to one video, and frees it when the video leaves the series', async () => {
    const one = series('Basics');
    await store.putSeries(null, one, audit('createVideoSeries', one.id));
    const first = await create(video('Episode one', { seriesId: one.id, episode: 1 }));
    expect(await refusal(store.create(video('Also one', { seriesId: one.id, episode: 1 }), audit('createVideo', 'x')))).toBe('episode');
    expect(await refusal(store.create(video('Lost', { seriesId: randomUUID(), episode: 1 }), audit('createVideo', 'x')))).toBe('series');
    await store.update(first, { ...first, seriesId: null, episode: null, updatedAt: later }, audit('updateVideo', first.id));
    await create(video('Now one', { seriesId: one.id, episode: 1 }));
  });

  it('deleting a series or an instructor clears it from its videos and frees its name', async () => {
    const [one, teacher] = [series('Ending'), instructor('Leaving')];
    await store.putSeries(null, one, audit('createVideoSeries', one.id));
    await store.putInstructor(null, teacher, audit('createVideoInstructor', teacher.id));
    const linked = await create(video('Linked', { seriesId: one.id, episode: 2, instructorId: teacher.id }));
    await store.deleteSeries(one, audit('deleteVideoSeries', one.id), later);
    await store.deleteInstructor(teacher, audit('deleteVideoInstructor', teacher.id), later);
    expect(await store.get(linked.id)).toMatchObject({ seriesId: null, episode: null, instructorId: null });
    expect(await store.getSeries(one.id)).toBeNull();
    expect(await store.getInstructor(teacher.id)).toBeNull();
    await store.putSeries(null, { ...series('x'), name: one.name }, audit('createVideoSeries', 'x'));
    await store.putInstructor(null, { ...instructor('x'), fullName: teacher.fullName }, audit('createVideoInstructor', 'x'));
  });

  it('refuses a second instructor or series of the same name, in any case, and a rename onto a taken name', async () => {
    const [a, b] = [instructor('Anna'), instructor('Bea')];
    await store.putInstructor(null, a, audit('createVideoInstructor', a.id));
    await store.putInstructor(null, b, audit('createVideoInstructor', b.id));
    expect(
      await refusal(store.putInstructor(null, { ...instructor('x'), fullName: a.fullName.toUpperCase() }, audit('createVideoInstructor', 'x'))),
    ).toBe('instructorName');
    expect(await refusal(store.putInstructor(b, { ...b, fullName: a.fullName, updatedAt: later }, audit('updateVideoInstructor', b.id)))).toBe(
      'instructorName',
    );
    const s = series('Same');
    await store.putSeries(null, s, audit('createVideoSeries', s.id));
    expect(await refusal(store.putSeries(null, { ...series('x'), name: s.name }, audit('createVideoSeries', 'x')))).toBe('seriesName');
  });

  it('keeps one question per slug of a video; an update moves it to its new slug; deleting the video deletes its questions', async () => {
    const owner = await create(video('With questions'));
    const asked = question(owner.id, `slug-a-${run}`);
    await store.createQuestion(asked, audit('createVideoQuestion', asked.id));
    expect(await refusal(store.createQuestion(question(owner.id, asked.slug), audit('createVideoQuestion', 'x')))).toBe('slug');
    expect(await refusal(store.createQuestion(question(randomUUID(), 'any'), audit('createVideoQuestion', 'x')))).toBe('video');
    const moved = { ...asked, slug: `slug-b-${run}`, text: 'b', updatedAt: later };
    await store.updateQuestion(asked, moved, audit('updateVideoQuestion', asked.id));
    expect(await store.getQuestion(asked.id)).toEqual(moved);
    await store.createQuestion(question(owner.id, asked.slug), audit('createVideoQuestion', 'y'));
    expect((await store.questionsOf(owner.id)).map((one) => one.slug).sort()).toEqual([asked.slug, moved.slug].sort());
    await store.delete(owner, audit('deleteVideo', owner.id));
    expect(await store.get(owner.id)).toBeNull();
    expect(await store.questionsOf(owner.id)).toEqual([]);
    await create(video('With questions'));
  });

  it("refuses an admin's write based on a read the transcoder has overtaken within the same millisecond", async () => {
    const read = await create(video('Same millisecond'));
    // The transcoder's clock stamps the very updatedAt the admin read: only its status tells the write apart.
    jest.useFakeTimers({
      now: new Date(read.updatedAt),
      doNotFake: [
        'nextTick',
        'setImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      expect(await store.claimTranscode(read.id, `videos/${read.id}/source/a.mp4`)).toBe('claimed');
    } finally {
      jest.useRealTimers();
    }
    expect(await refusal(store.update(read, { ...read, tags: ['stale'], updatedAt: later }, audit('updateVideo', read.id)))).toBe('video');
    expect(await store.get(read.id)).toMatchObject({ workflowStatus: 'PROGRESSING', updatedAt: read.updatedAt, tags: [] });
  });

  it("records the transcoder's results on an existing video only", async () => {
    const uploaded = await create(video('Transcoded'));
    const source = `videos/${uploaded.id}/source/a.mp4`;
    expect(await store.claimTranscode(uploaded.id, source)).toBe('claimed');
    expect(await store.get(uploaded.id)).toMatchObject({ filename: source, workflowStatus: 'PROGRESSING' });
    expect(await store.claimTranscode(uploaded.id, source)).toBe('duplicate');
    expect(await store.setWorkflowStatus(uploaded.id, 'ERROR', { error: 'bad codec' })).toBe(true);
    expect(await store.get(uploaded.id)).toMatchObject({ workflowStatus: 'ERROR', workflowError: 'bad codec', playbackKey: null });
    expect(await store.setWorkflowStatus(uploaded.id, 'COMPLETE', { playbackKey: 'p.m3u8', thumbnailKey: 't.jpg' })).toBe(true);
    expect(await store.get(uploaded.id)).toMatchObject({
      workflowStatus: 'COMPLETE',
      workflowError: null,
      playbackKey: 'p.m3u8',
      thumbnailKey: 't.jpg',
    });
    expect(await store.setWorkflowStatus(uploaded.id, 'ERROR', { error: 'late', whileUpload: `videos/${uploaded.id}/source/older.mp4` })).toBe(false);
    expect(await store.get(uploaded.id)).toMatchObject({ workflowStatus: 'COMPLETE', workflowError: null });
    expect(await store.claimTranscode(randomUUID(), 'x')).toBe('missing');
    expect(await store.setWorkflowStatus(randomUUID(), 'COMPLETE')).toBe(false);
  });
});
