import { PILLAR_SLUGS, PILLARS, pillarOf } from './pillars';
import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, QUESTIONS, questionBySlug, questionsOfPillar } from './questionnaire';

/** The original question catalogue by pillar, with the answer options it lists (docs/scoring.md, "The daily check-in"). */
const CATALOGUE: Record<string, { pillar: string; options: string[] }> = {
  'emotional-state': { pillar: 'mental', options: ['angry', 'sad', 'stressed', 'discouraged', 'tired', 'meh', 'bored', 'unsure'] },
  'mindfulness-group': { pillar: 'mental', options: ['0'] },
  'breathwork-exercises': { pillar: 'mental', options: ['0'] },
  'sleep-quality': { pillar: 'sleep', options: ['terrible', 'neutral', 'good', 'great'] },
  'sleep-disturbance': { pillar: 'sleep', options: ['discomfort', 'nightmare', 'noise', 'pet', 'temperature', 'toilet', 'worry', 'other'] },
  pain: { pillar: 'physical', options: ['back', 'elbows', 'eyes', 'fingers', 'head', 'hips', 'knees', 'neck', 'shoulders', 'wrist'] },
  'quick-drills-group': { pillar: 'physical', options: ['mostly-seated'] },
  'training-load-group': { pillar: 'physical', options: ['rest'] },
  activities: { pillar: 'lifestyle', options: ['none'] },
  'green-space-time': { pillar: 'lifestyle', options: ['none'] },
  'water-drink': { pillar: 'nutrition', options: ['none'] },
  'healthy-meals': { pillar: 'nutrition', options: ['none'] },
  'fast-food': { pillar: 'nutrition', options: ['true'] },
  snacks: { pillar: 'nutrition', options: ['unhealthy'] },
  sugars: { pillar: 'nutrition', options: ['more than 30g'] },
  'caffeine-group': { pillar: 'nutrition', options: ['late-caffeine'] },
};

describe('the daily questionnaire', () => {
  it.each(Object.entries(CATALOGUE))('holds catalogue question %s in its pillar with every listed option', (slug, entry) => {
    const question = questionBySlug(slug);
    expect(question).toMatchObject({ pillar: entry.pillar, inCatalogue: true });
    expect(question!.options.map((option) => option.value)).toEqual(expect.arrayContaining(entry.options));
  });

  it('marks exactly the catalogue questions as catalogue questions', () => {
    expect(
      QUESTIONS.filter((question) => question.inCatalogue)
        .map((question) => question.slug)
        .sort(),
    ).toEqual(Object.keys(CATALOGUE).sort());
  });

  it('has unique slugs, unique option values per question, and commas in no option value', () => {
    expect(new Set(QUESTIONS.map((question) => question.slug)).size).toBe(QUESTIONS.length);
    for (const question of QUESTIONS) {
      const values = question.options.map((option) => option.value);
      expect(new Set(values).size).toBe(values.length);
      expect(values.join('')).not.toContain(',');
    }
  });

  it('gives every pillar option a whole-number score from 0 to 100, the best option of each question scoring 100', () => {
    for (const question of QUESTIONS.filter((candidate) => candidate.pillar !== null)) {
      const scores = question.options.map((option) => option.score);
      for (const score of scores) expect(Number.isInteger(score) && score! >= 0 && score! <= 100).toBe(true);
      expect(Math.max(...(scores as number[]))).toBe(100);
    }
  });

  it('asks at least three questions per pillar so a pillar can be scored', () => {
    for (const slug of PILLAR_SLUGS) expect(questionsOfPillar(slug).length).toBeGreaterThanOrEqual(3);
  });

  it('asks whether the gamer is gaming today (unscored) and for a game-performance self-rating outside the pillars', () => {
    expect(questionBySlug(GAMING_TODAY_SLUG)).toMatchObject({ pillar: null, kind: 'single' });
    expect(questionBySlug(GAMING_TODAY_SLUG)!.options.map((option) => [option.value, option.score])).toEqual([
      ['true', null],
      ['false', null],
    ]);
    expect(questionBySlug(GAME_PERFORMANCE_SLUG)).toMatchObject({ pillar: null });
  });

  it('lets multiple-choice questions say "none", which is the best answer', () => {
    for (const question of QUESTIONS.filter((candidate) => candidate.kind === 'multiple')) {
      expect(question.options.find((option) => option.value === question.noneOption)?.score).toBe(100);
    }
  });
});

describe('pillars', () => {
  it('uses the spec colours: physical orange, nutrition green, mental red, lifestyle blue, sleep purple', () => {
    expect(Object.fromEntries(PILLARS.map((pillar) => [pillar.slug, pillar.colour.name]))).toEqual({
      physical: 'orange',
      nutrition: 'green',
      mental: 'red',
      lifestyle: 'blue',
      sleep: 'purple',
    });
    expect(pillarOf('sleep').label).toBe('Sleep');
  });
});
