import { dayScoreEntries, formatInstant, formatScoreDay, mainScoreLabel, pillarColourToken, scoreEntry } from './score-display';

describe('score labels on screen', () => {
  it('reads the main score as a readiness tier, with "No data" for nothing or 0', () => {
    expect([80, 79, 60, 59, 45, 44, 1].map(mainScoreLabel)).toEqual([
      'Game On',
      'Moderately Ready',
      'Moderately Ready',
      'Subpar Ready',
      'Subpar Ready',
      'Not Ready',
      'Not Ready',
    ]);
    expect(mainScoreLabel(null)).toBe('No data');
    expect(mainScoreLabel(0)).toBe('No data');
  });

  it('labels the other scores Peak Form .. Danger Zone, and game scores No Gaming on a day off', () => {
    expect(scoreEntry('daily', 80).label).toBe('Peak Form');
    expect(scoreEntry('sleep', 40).label).toBe('Not Ideal');
    expect(scoreEntry('sleep', 39).label).toBe('Danger Zone');
    expect(scoreEntry('mental', null).label).toBe('No data');
    expect(scoreEntry('gameReadiness', 90, { gaming: false }).label).toBe('No Gaming');
    expect(scoreEntry('gamePerformance', null, { gaming: false }).label).toBe('No Gaming');
    // Not gaming says nothing about the wellness scores.
    expect(scoreEntry('daily', 90, { gaming: false }).label).toBe('Peak Form');
  });

  it('paints pillars with their theme colour token and names every score', () => {
    expect(scoreEntry('physical', 70)).toEqual({
      type: 'physical',
      title: 'Physical',
      score: 70,
      label: 'Pretty Solid',
      colour: 'var(--amplify-colors-pillar-physical)',
    });
    expect(pillarColourToken('sleep')).toBe('var(--amplify-colors-pillar-sleep)');
  });

  it("paints the main score in its readiness tier's colour, and none without a tier", () => {
    expect(scoreEntry('fgScore', 85)).toMatchObject({
      title: 'FG Score',
      label: 'Game On',
      tier: 'Game On',
      colour: 'var(--amplify-colors-tier-game-on)',
    });
    expect(scoreEntry('fgScore', 60).colour).toBe('var(--amplify-colors-tier-moderately-ready)');
    expect(scoreEntry('fgScore', 59).colour).toBe('var(--amplify-colors-tier-subpar-ready)');
    expect(scoreEntry('fgScore', 44).colour).toBe('var(--amplify-colors-tier-not-ready)');
    expect(scoreEntry('fgScore', null)).toMatchObject({ label: 'No data', tier: null, colour: null });
  });

  it('lists a day as the four main scores then the pillars', () => {
    const { main, pillars } = dayScoreEntries({
      fgScore: 66,
      dailyScore: 70,
      gameReadiness: 72,
      gamePerformance: null,
      gaming: false,
      pillars: [
        { pillarSlug: 'sleep', score: 75 },
        { pillarSlug: 'nutrition', score: null },
      ],
    });
    expect(main.map((entry) => [entry.title, entry.score, entry.label])).toEqual([
      ['FG Score', 66, 'Moderately Ready'],
      ['Daily Score', 70, 'Pretty Solid'],
      ['Game Readiness', 72, 'No Gaming'],
      ['Game Performance', null, 'No Gaming'],
    ]);
    expect(pillars.map((entry) => [entry.title, entry.label])).toEqual([
      ['Sleep', 'Pretty Solid'],
      ['Nutrition', 'No data'],
    ]);
  });
});

describe('dates on screen', () => {
  it('shows score days as MM/dd/yyyy and instants as MM/dd/yyyy - hh:mm a', () => {
    expect(formatScoreDay('2026-04-10')).toBe('04/10/2026');
    // In the browser's zone, as Intl reads the same instants there (the machine's zone: Intl's default is Date's).
    const intl = (iso: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true })
          .formatToParts(new Date(iso))
          .map((part) => [part.type, part.value]),
      );
      return `${parts.month}/${parts.day}/${parts.year} - ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
    };
    const midnight = new Date(2026, 3, 11, 0, 5).toISOString();
    const noon = new Date(2026, 3, 11, 12, 30).toISOString();
    expect([formatInstant(midnight), formatInstant(noon)]).toEqual(['04/11/2026 - 12:05 AM', '04/11/2026 - 12:30 PM']);
    const instants = Array.from({ length: 48 }, (_, half) => new Date(Date.UTC(2026, 2, 29, 0, half * 30 + 7)).toISOString());
    expect(instants.map(formatInstant)).toEqual(instants.map(intl));
  });
});
