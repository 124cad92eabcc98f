import {
  createVideoArgsSchema,
  isInLibrary,
  nameClaimOf,
  questionSlug,
  updateVideoArgsSchema,
  VIDEO_CATEGORIES,
  VIDEO_CATEGORY_TITLES,
  VIDEO_MESSAGES,
  videoFileExtension,
  videoUploadUrlArgsSchema,
} from './videos';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;
const where = { id: 'video-1' };

describe('questionSlug (docs/videos.md, Uniqueness)', () => {
  it.each([
    ['v1', 'INT', 'How many rounds did you do?', 'v1-int-how-many-rounds-did-you-do'],
    ['v1', 'STRING', 'My Notes', 'v1-string-my-notes'],
    ['A-b', 'BOOLEAN', "What was your time in today's  workout", 'a-b-boolean-what-was-your-time-in-todays-workout'],
    ['v2', 'STRING', 'Ünïcode & symbols: 100%', 'v2-string-ncode--symbols-100'],
  ] as const)('%s %s "%s" gives %s', (videoId, type, text, slug) => {
    expect(questionSlug(videoId, type, text)).toBe(slug);
  });

  it('gives two texts that differ only in case and punctuation the same slug, so the second is refused as a duplicate', () => {
    expect(questionSlug('v', 'INT', 'How many rounds?')).toBe(questionSlug('v', 'INT', 'how many ROUNDS'));
  });
});

describe('name claims', () => {
  it('ignore case and surrounding or repeated spaces', () => {
    expect(nameClaimOf('  Morning   Yoga ')).toBe(nameClaimOf('morning yoga'));
    expect(nameClaimOf('Morning Yoga')).not.toBe(nameClaimOf('Morning Yoga 2'));
  });
});

describe('isInLibrary', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const published = { enabled: true, workflowStatus: 'COMPLETE' as const, availableFrom: '2026-03-10T12:00:00Z' };

  it('shows an enabled, COMPLETE video from its availableFrom on', () => {
    expect(isInLibrary(published, now)).toBe(true);
  });

  it.each([
    ['disabled', { ...published, enabled: false }],
    ['still transcoding', { ...published, workflowStatus: 'PROGRESSING' as const }],
    ['failed', { ...published, workflowStatus: 'ERROR' as const }],
    ['scheduled a second later', { ...published, availableFrom: '2026-03-10T12:00:01Z' }],
    ['never scheduled', { ...published, availableFrom: null }],
  ])('hides a video %s', (_label, video) => {
    expect(isInLibrary(video, now)).toBe(false);
  });
});

describe('video files', () => {
  it.each([
    ['clip.mp4', 'mp4'],
    ['CLIP.MOV', 'mov'],
    ['stream.ts', 'ts'],
    ['clip.mp4.exe', null],
    ['song.mp3', null],
    ['mp4', 'mp4'],
  ])('%s -> %s', (name, extension) => {
    expect(videoFileExtension(name)).toBe(extension);
  });

  it.each(['mp4', '.mov', 'TS'])('the upload link takes %s', (fileExtension) => {
    expect(videoUploadUrlArgsSchema.safeParse({ where, fileExtension }).success).toBe(true);
  });

  it.each(['avi', 'mkv', '', 'mp4 ', 'x'.repeat(11)])('the upload link refuses "%s" with the spec message', (fileExtension) => {
    expect(firstMessage(videoUploadUrlArgsSchema.safeParse({ where, fileExtension }))).toBe(VIDEO_MESSAGES.fileType);
  });
});

describe('upload step 1 and the details (docs/validation.md, video content)', () => {
  const valid = { title: 'Morning Yoga', category: 'yoga', pillarCategory: 'physical' };

  it.each([
    [{ title: '' }, VIDEO_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(41) }, VIDEO_MESSAGES.titleTooLong],
    [{ category: undefined }, VIDEO_MESSAGES.categoryRequired],
    [{ category: 'cooking' }, VIDEO_MESSAGES.categoryRequired],
    [{ pillarCategory: undefined }, VIDEO_MESSAGES.pillarCategoryRequired],
    [{ title: '<b>Yoga</b>' }, 'Title must not contain < or >.'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(firstMessage(createVideoArgsSchema.safeParse({ data: { ...valid, ...change } }))).toBe(message);
  });

  it('takes a 40-character title', () => {
    expect(createVideoArgsSchema.safeParse({ data: { ...valid, title: 'x'.repeat(40) } }).success).toBe(true);
  });

  it.each([
    [{ description: 'd'.repeat(1001) }, VIDEO_MESSAGES.descriptionTooLong],
    [{ episode: 0 }, VIDEO_MESSAGES.episode],
    [{ episode: 21 }, VIDEO_MESSAGES.episode],
    [{ episode: 1.5 }, VIDEO_MESSAGES.episode],
    [{}, VIDEO_MESSAGES.nothingToChange],
  ])('refuses the details %j with "%s"', (data, message) => {
    expect(firstMessage(updateVideoArgsSchema.safeParse({ where, data }))).toBe(message);
  });

  it.each([[{ description: 'd'.repeat(1000) }], [{ episode: 1 }], [{ episode: 20 }], [{ seriesId: null, episode: null }]])(
    'takes the details %j',
    (data) => {
      expect(updateVideoArgsSchema.safeParse({ where, data }).success).toBe(true);
    },
  );
});

describe('categories', () => {
  it('every category has its vault title', () => {
    expect(VIDEO_CATEGORIES.map((category) => VIDEO_CATEGORY_TITLES[category])).toEqual([
      'Training Grounds',
      'Meditation',
      'Workouts',
      'Yoga',
      'Quick Drills',
      'Breathing',
      'Sleep',
      'Nutrition',
      'Beyond the Game',
      'Eye Health',
      'FG University',
    ]);
  });
});
