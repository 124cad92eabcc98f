import fc from 'fast-check';
import { PILLAR_SLUGS } from '../pillars';
import { GAMING_TODAY_SLUG, questionBySlug, questionsOfPillar } from '../questionnaire';
import { answersArbitrary, dailyScoreArbitrary, dayAt, scoredQuestionArbitrary, valueArbitrary, withAnswer } from '../test-support/arbitraries';
import { answerScore } from './answers';
import { type DayScores, scoreDay } from './day';
import { fgScoreSeries } from './fg-score';
import { buildMemberDay } from './member-day';

const TODAY = dayAt(30);

/** Every number a day produces, by name, to compare two days field by field. */
function numbersOf(day: DayScores): Record<string, number | null> {
  const numbers: Record<string, number | null> = {
    dailyScore: day.dailyScore,
    gameReadiness: day.gameReadiness,
    gamePerformance: day.gamePerformance,
    avgCompletion: day.avgCompletion,
  };
  for (const slug of PILLAR_SLUGS) {
    const { score, pureScore, completenessScore, totalAnswers, totalQuestions } = day.pillars[slug];
    Object.assign(numbers, { [`${slug}.score`]: score, [`${slug}.pureScore`]: pureScore, [`${slug}.completenessScore`]: completenessScore });
    expect(totalAnswers).toBeLessThanOrEqual(totalQuestions);
  }
  return numbers;
}

/** A question and two of its values, the second scoring at least as well as the first. */
const betterAnswerArbitrary = scoredQuestionArbitrary.chain((question) =>
  fc
    .tuple(fc.constant(question), valueArbitrary(question), valueArbitrary(question))
    .map(([q, a, b]) => (answerScore(q.slug, a)! <= answerScore(q.slug, b)! ? ([q, a, b] as const) : ([q, b, a] as const))),
);

const historyArbitrary = fc.array(fc.option(dailyScoreArbitrary, { nil: null }), { maxLength: 30 });

describe('scores (property tests)', () => {
  it('keeps every score a whole number within 0..100', () => {
    fc.assert(
      fc.property(answersArbitrary, (answers) => {
        for (const value of Object.values(numbersOf(scoreDay(TODAY, answers)))) {
          if (value !== null) expect(Number.isInteger(value) && value >= 0 && value <= 100).toBe(true);
        }
      }),
    );
  });

  it('never lowers any score when one answer gets better: pillar, daily, readiness, performance and fgScore', () => {
    fc.assert(
      fc.property(answersArbitrary, betterAnswerArbitrary, historyArbitrary, fc.boolean(), (answers, [question, worse, better], history, watched) => {
        if (question.slug === 'game-performance') fc.pre(!answers.some((a) => a.questionSlug === GAMING_TODAY_SLUG && a.value === 'false'));
        const worseAnswers = withAnswer(answers, question.slug, worse);
        const betterAnswers = withAnswer(answers, question.slug, better);
        const low = numbersOf(scoreDay(TODAY, worseAnswers));
        const high = numbersOf(scoreDay(TODAY, betterAnswers));
        for (const [name, value] of Object.entries(low)) {
          if (value !== null) expect({ name, value: high[name]! >= value }).toEqual({ name, value: true });
        }
        const previous =
          fgScoreSeries(history.map((dailyScore, offset) => ({ date: dayAt(offset), dailyScore, watchedVideos: false }))).at(-1) ?? null;
        const fgScoreWith = (dayAnswers: typeof answers) =>
          buildMemberDay({ userId: 'u', date: TODAY, answers: dayAnswers, previous, watchedVideos: watched }).fg?.fgScore ?? -1;
        expect(fgScoreWith(betterAnswers)).toBeGreaterThanOrEqual(fgScoreWith(worseAnswers));
      }),
      { numRuns: 300 },
    );
  });

  it('lowers completeness when a question is skipped, and skipping never raises the pillar score', () => {
    fc.assert(
      fc.property(answersArbitrary, (answers) => {
        const pillarAnswers = answers.filter((answer) => questionBySlug(answer.questionSlug)!.pillar !== null);
        fc.pre(pillarAnswers.length > 0);
        const skipped = pillarAnswers[0];
        const pillar = questionBySlug(skipped.questionSlug)!.pillar!;
        const full = scoreDay(TODAY, answers).pillars[pillar];
        const partial = scoreDay(TODAY, withAnswer(answers, skipped.questionSlug, undefined)).pillars[pillar];
        expect(partial.completenessScore).toBeLessThan(full.completenessScore);
        expect(partial.totalAnswers).toBe(full.totalAnswers - 1);
        expect(partial.totalQuestions).toBe(questionsOfPillar(pillar).length);
        expect(partial.score ?? 0).toBeLessThanOrEqual(full.score!);
      }),
    );
  });

  it('gives a fully answered pillar its pure score and a completeness of 100', () => {
    fc.assert(
      fc.property(answersArbitrary, (answers) => {
        const day = scoreDay(TODAY, answers);
        for (const slug of PILLAR_SLUGS) {
          const pillar = day.pillars[slug];
          if (pillar.totalAnswers === pillar.totalQuestions) expect([pillar.score, pillar.completenessScore]).toEqual([pillar.pureScore, 100]);
          if (pillar.totalAnswers === 0) expect([pillar.score, pillar.pureScore, pillar.completenessScore]).toEqual([null, null, 0]);
        }
      }),
    );
  });
});

describe('scores (examples)', () => {
  it('scores a multiple choice 100 for none and 25 less per ticked problem, never below 0', () => {
    expect(answerScore('pain', 'none')).toBe(100);
    expect(answerScore('pain', 'wrist')).toBe(75);
    expect(answerScore('pain', 'wrist,neck')).toBe(50);
    expect(answerScore('pain', 'back,eyes,wrist,neck,knees')).toBe(0);
    expect(answerScore('gaming-today', 'false')).toBeNull();
    expect(() => answerScore('pain', 'tail')).toThrow('"tail" is not an answer to "pain"');
  });

  it('leaves daily and readiness empty without pillar answers, and performance empty on a No Gaming day', () => {
    const onlyFlag = scoreDay(TODAY, [{ questionSlug: 'gaming-today', value: 'false' }]);
    expect(onlyFlag).toMatchObject({ dailyScore: null, gameReadiness: null, gamePerformance: null, gaming: false, avgCompletion: 0 });
    const notGaming = scoreDay(TODAY, [
      { questionSlug: 'gaming-today', value: 'false' },
      { questionSlug: 'game-performance', value: 'great' },
    ]);
    expect(notGaming.gamePerformance).toBeNull();
    expect(scoreDay(TODAY, [{ questionSlug: 'game-performance', value: 'great' }])).toMatchObject({ gamePerformance: 100, gaming: true });
  });

  it('lets a later answer to the same question replace the earlier one', () => {
    const day = scoreDay(TODAY, [
      { questionSlug: 'sleep-quality', value: 'terrible' },
      { questionSlug: 'sleep-quality', value: 'great' },
    ]);
    expect(day.pillars.sleep).toMatchObject({ pureScore: 100, totalAnswers: 1 });
  });
});
