import { chartRows, memberChartRows, membersOf, rangeProblem, seriesColour, seriesSummary } from './chart-data';

const window = { startDate: '2026-04-04', endDate: '2026-04-10' };

describe('chart rows', () => {
  it('have one row per day of the window; a day without a score stays empty, never 0', () => {
    const rows = chartRows(window, [
      { date: '2026-04-05', value: 70 },
      { date: '2026-04-10', value: 0 },
    ]);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ date: '2026-04-04', tick: '04/04', value: null });
    expect(rows[1]!.value).toBe(70);
    expect(rows[6]!.value).toBe(0);
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

  it('splits back into one value per member and day, never averaged, empty where a member has none', () => {
    const rows = memberChartRows(window, concatenated, ['ava', 'ben']);
    expect(rows).toHaveLength(7);
    expect(rows[1]).toEqual({ date: '2026-04-05', tick: '04/05', ava: 80, ben: 41 });
    expect(rows[2]).toEqual({ date: '2026-04-06', tick: '04/06', ava: 64, ben: null });
    expect(rows[6]).toEqual({ date: '2026-04-10', tick: '04/10', ava: null, ben: 90 });
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
    expect(seriesSummary([{ date: '2026-04-06', value: 70 }, { date: '2026-04-07', value: 71 }]).average).toBe(71);
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
    expect(seriesColour('physical')).toBe('#f97316');
    const pillarColours = ['sleep', 'nutrition', 'mental', 'lifestyle', 'physical'].map((slug) => seriesColour(slug as 'sleep'));
    const mainColours = (['fgScore', 'daily', 'gameReadiness', 'gamePerformance'] as const).map(seriesColour);
    expect(new Set([...pillarColours, ...mainColours]).size).toBe(9);
  });
});
