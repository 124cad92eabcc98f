import { chartDays, memberLines, membersOf, rangeProblem, scoreLine, seriesColour, seriesSummary } from './chart-data';

const window = { startDate: '2026-04-04', endDate: '2026-04-10' };

describe('a score chart', () => {
  it('has one day per day of the window with its MM/dd label', () => {
    const days = chartDays(window);
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ date: '2026-04-04', tick: '04/04' });
    expect(days[6]).toEqual({ date: '2026-04-10', tick: '04/10' });
  });

  it('has one value per day; a day without a score stays empty, never 0', () => {
    const line = scoreLine(
      window,
      [
        { date: '2026-04-05', value: 70 },
        { date: '2026-04-10', value: 0 },
      ],
      { name: 'Sleep', colour: '#a855f7' },
    );
    expect(line).toMatchObject({ name: 'Sleep', colour: '#a855f7' });
    expect(line.values).toEqual([null, 70, null, null, null, null, 0]);
  });
});

describe('a concatenated team series (game readiness and performance)', () => {
  // As the server sends it: member after member, each member's days oldest first, each point tagged.
  const concatenated = [
    { date: '2026-04-05', value: 80, userId: 'ava' },
    { date: '2026-04-06', value: 64, userId: 'ava' },
    { date: '2026-04-05', value: 41, userId: 'ben' },
    { date: '2026-04-10', value: 90, userId: 'ben' },
  ];

  it('names its members in the order it lists them', () => {
    expect(membersOf(concatenated)).toEqual(['ava', 'ben']);
  });

  it('splits back into one line per member with a value per day, never averaged, empty where a member has none', () => {
    const members = [
      { userId: 'ava', name: 'Ava', colour: '#2dd4bf' },
      { userId: 'ben', name: 'Ben', colour: '#facc15' },
    ];
    const [ava, ben] = memberLines(window, concatenated, members);
    expect(ava).toEqual({ id: 'ava', name: 'Ava', colour: '#2dd4bf', values: [null, 80, 64, null, null, null, null] });
    expect(ben).toEqual({ id: 'ben', name: 'Ben', colour: '#facc15', values: [null, 41, null, null, null, null, 90] });
  });
});

describe('series summary', () => {
  it('gives the latest point, the whole-number average and the count', () => {
    expect(
      seriesSummary([
        { date: '2026-04-06', value: 71 },
        { date: '2026-04-08', value: 80 },
        { date: '2026-04-07', value: 60 },
      ]),
    ).toEqual({ count: 3, latest: { date: '2026-04-08', value: 80 }, average: 70 });
    expect(seriesSummary([])).toEqual({ count: 0, latest: null, average: null });
  });

  it('averages a half up, as every score rounds', () => {
    expect(
      seriesSummary([
        { date: '2026-04-06', value: 70 },
        { date: '2026-04-07', value: 71 },
      ]).average,
    ).toBe(71);
  });
});

describe('custom ranges', () => {
  it.each([
    [{ days: 30 as const }, null],
    [{ startDate: '2026-04-01', endDate: '2026-04-01' }, null],
    [{ startDate: '', endDate: '2026-04-01' }, 'Pick a start and an end date.'],
    [{ startDate: '2026-04-02', endDate: '2026-04-01' }, 'The start date must not be after the end date.'],
    [{ startDate: '2025-01-01', endDate: '2026-04-01' }, 'A range spans at most 366 days.'],
  ])('%j: %s', (choice, problem) => {
    expect(rangeProblem(choice)).toBe(problem);
  });
});

describe('colours', () => {
  it('draws pillars in their spec colours and the main scores apart from them', () => {
    expect(seriesColour('sleep')).toBe('#a855f7');
    expect(seriesColour('physical')).toBe('#fdba74');
    const pillarColours = ['sleep', 'nutrition', 'mental', 'lifestyle', 'physical'].map((slug) => seriesColour(slug as 'sleep'));
    const mainColours = (['fgScore', 'daily', 'gameReadiness', 'gamePerformance'] as const).map(seriesColour);
    expect(new Set([...pillarColours, ...mainColours]).size).toBe(9);
  });
});
