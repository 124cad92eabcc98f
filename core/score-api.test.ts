import {
  checkInArgsSchema,
  resolveScoreWindow,
  scoreStatsArgsSchema,
  submitAnswersArgsSchema,
  teamDataStatsArgsSchema,
  userAnswerBySlugArgsSchema,
} from './score-api';

describe('score windows', () => {
  it.each([
    [{}, { startDate: '2026-04-04', endDate: '2026-04-10' }],
    [{ days: 1 }, { startDate: '2026-04-10', endDate: '2026-04-10' }],
    [
      { endDate: '2026-03-31', days: 30 },
      { startDate: '2026-03-02', endDate: '2026-03-31' },
    ],
    [{ startDate: '2026-04-01' }, { startDate: '2026-04-01', endDate: '2026-04-10' }],
    [
      { startDate: '2025-04-10', endDate: '2026-04-10' },
      { startDate: '2025-04-10', endDate: '2026-04-10' },
    ],
  ])('%j on 2026-04-10 is %j', (args, window) => {
    expect(resolveScoreWindow(args, '2026-04-10')).toEqual({ window });
  });

  it.each([
    [{ startDate: '2026-04-11' }, 'startDate must not be after endDate.'],
    [{ startDate: '2025-04-09', endDate: '2026-04-10' }, 'A window spans at most 366 days.'],
    [{ startDate: '2026-04-01', days: 2 }, 'Give startDate or days, not both.'],
  ])('refuses %j', (args, problem) => {
    expect(resolveScoreWindow(args, '2026-04-10')).toEqual({ problem });
  });

  it('defaults the score type to the overall score and names bad fields', () => {
    expect(scoreStatsArgsSchema.parse({}).type).toBe('fgScore');
    expect(scoreStatsArgsSchema.safeParse({ endDate: '2026-13-01' }).error?.issues[0].message).toBe(
      'endDate must be a real date in the form YYYY-MM-DD.',
    );
    expect(scoreStatsArgsSchema.safeParse({ days: 0 }).error?.issues[0].message).toBe('days must be at least 1.');
  });

  it('checks a submission’s answers, videos flag and zone together', () => {
    expect(
      submitAnswersArgsSchema.parse({ answers: [{ questionSlug: 'pain', value: 'wrist,back' }], watchedVideos: true, timeZone: 'Asia/Tokyo' }),
    ).toEqual({
      answers: [{ questionSlug: 'pain', value: 'back,wrist' }],
      watchedVideos: true,
      timeZone: 'Asia/Tokyo',
    });
  });
});

describe('bounds on every score argument', () => {
  const HUGE = 'a'.repeat(100_000);
  const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0].message;

  it('refuses ids over 128 characters or with characters no id has (they reached DynamoDB keys before)', () => {
    expect(messageOf(scoreStatsArgsSchema.safeParse({ userId: 'u'.repeat(2_000) }))).toBe('userId must be at most 128 characters.');
    expect(messageOf(teamDataStatsArgsSchema.safeParse({ teamId: 'TEAM#x' }))).toBe('teamId must be an id (letters, digits, -, _, . or :).');
    expect(teamDataStatsArgsSchema.safeParse({ teamId: '6f1c2a9e-0b1d-4c57-9a43-4e2d8f0a1b01' }).success).toBe(true);
  });

  it('refuses huge or broken dates, zones, slugs and answers with short messages', () => {
    const messages = [
      messageOf(scoreStatsArgsSchema.safeParse({ startDate: HUGE })),
      messageOf(checkInArgsSchema.safeParse({ timeZone: HUGE })),
      messageOf(userAnswerBySlugArgsSchema.safeParse({ questionSlug: HUGE })),
      messageOf(submitAnswersArgsSchema.safeParse({ answers: [{ questionSlug: HUGE, value: 'good' }] })),
      messageOf(submitAnswersArgsSchema.safeParse({ answers: [{ questionSlug: 'sleep-quality', value: HUGE }] })),
      messageOf(
        submitAnswersArgsSchema.safeParse({ answers: Array.from({ length: 1000 }, () => ({ questionSlug: 'sleep-quality', value: 'good' })) }),
      ),
    ];
    expect(messages).toEqual([
      'startDate must be a date in the form YYYY-MM-DD.',
      'timeZone must be an IANA time zone such as Europe/Berlin.',
      'There is no question with this questionSlug.',
      'There is no question with this questionSlug.',
      "An answer's value must be at most 1000 characters.",
      expect.stringMatching(/^There are \d+ questions: answer each at most once\.$/),
    ]);
  });

  it('refuses controls and direction overrides in answers, and quotes unknown choices cut short', () => {
    expect(messageOf(submitAnswersArgsSchema.safeParse({ answers: [{ questionSlug: 'sleep-quality', value: 'good\u202e' }] }))).toBe(
      "An answer's value must not contain control characters, direction overrides or broken characters.",
    );
    expect(messageOf(submitAnswersArgsSchema.safeParse({ answers: [{ questionSlug: 'sleep-quality', value: 'z'.repeat(900) }] }))).toBe(
      `"${'z'.repeat(40)}…" is not an answer to "sleep-quality". Choose from: terrible, neutral, good, great.`,
    );
  });
});
