import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, questionBySlug, QUESTIONS } from '@core/questionnaire';
import { scoreDay } from '@core/scoring';
import { answersArbitrary } from '@core/test-support/arbitraries';
import fc from 'fast-check';
import {
  answerChange,
  answeredCount,
  answersOf,
  checkInFormProblem,
  chosenOf,
  emptyCheckInForm,
  fillFromYesterday,
  formFromDay,
  isAsked,
  NO_PILLAR_ANSWER,
  PILLAR_SECTIONS,
  toggleChoice,
} from './check-in-form';

const pain = questionBySlug('pain')!;
const sleepQuality = questionBySlug('sleep-quality')!;

describe('toggleChoice', () => {
  it('keeps one option for a single-choice question and lets it be unticked', () => {
    expect(toggleChoice(sleepQuality, ['good'], 'great', true)).toEqual(['great']);
    expect(toggleChoice(sleepQuality, ['great'], 'great', false)).toEqual([]);
  });

  it('ticks problems in the question order and never together with "none"', () => {
    expect(toggleChoice(pain, ['neck'], 'back', true)).toEqual(['back', 'neck']);
    expect(toggleChoice(pain, ['back', 'neck'], 'none', true)).toEqual(['none']);
    expect(toggleChoice(pain, ['none'], 'wrist', true)).toEqual(['wrist']);
    expect(toggleChoice(pain, ['back', 'neck'], 'back', false)).toEqual(['neck']);
  });
});

describe('the answers a check-in sends', () => {
  it('always says whether the gamer is gaming, then the answered questions in questionnaire order', () => {
    const form = { ...emptyCheckInForm, choices: { pain: ['back', 'neck'], 'sleep-quality': ['good'], focus: [] } };
    expect(answersOf(form)).toEqual([
      { questionSlug: GAMING_TODAY_SLUG, value: 'true' },
      { questionSlug: 'sleep-quality', value: 'good' },
      { questionSlug: 'pain', value: 'back,neck' },
    ]);
  });

  it('leaves out the game-performance rating on a day without gaming (the server refuses it then)', () => {
    const choices = { [GAME_PERFORMANCE_SLUG]: ['great'], energy: ['high'] };
    expect(isAsked(questionBySlug(GAME_PERFORMANCE_SLUG)!, { gaming: false })).toBe(false);
    expect(answersOf({ ...emptyCheckInForm, gaming: false, choices })).toEqual([
      { questionSlug: GAMING_TODAY_SLUG, value: 'false' },
      { questionSlug: 'energy', value: 'high' },
    ]);
    expect(answersOf({ ...emptyCheckInForm, gaming: true, choices }).map((a) => a.questionSlug)).toContain(GAME_PERFORMANCE_SLUG);
  });

  it('needs at least one pillar answer, and accepts a full check-in', () => {
    expect(checkInFormProblem(emptyCheckInForm)).toBe(NO_PILLAR_ANSWER);
    expect(checkInFormProblem({ ...emptyCheckInForm, choices: { [GAME_PERFORMANCE_SLUG]: ['good'] } })).toBe(NO_PILLAR_ANSWER);
    const everything = Object.fromEntries(QUESTIONS.map((question) => [question.slug, [question.options[0]!.value]]));
    expect(checkInFormProblem({ ...emptyCheckInForm, choices: everything })).toBeNull();
  });

  it('round-trips: a form prefilled from the day sends the same answers and so the same scores', () => {
    const answers = [
      { questionSlug: GAMING_TODAY_SLUG, value: 'false' },
      { questionSlug: 'sleep-hours', value: '7-9' },
      { questionSlug: 'sleep-disturbance', value: 'noise,worry' },
      { questionSlug: 'water-drink', value: '4-7-glasses' },
    ];
    const form = formFromDay({ answers, watchedVideos: true });
    expect(form.gaming).toBe(false);
    expect(form.watchedVideos).toBe(true);
    expect(form.choices['sleep-disturbance']).toEqual(['noise', 'worry']);
    expect(answersOf(form)).toEqual(answers);
  });

  it('scores any valid day the same after a round trip through the prefilled form', () => {
    fc.assert(
      fc.property(answersArbitrary, fc.boolean(), (answers, watchedVideos) => {
        const resent = answersOf(formFromDay({ answers, watchedVideos }));
        expect(scoreDay('2026-04-10', resent)).toEqual(scoreDay('2026-04-10', answers));
      }),
    );
  });

  it('starts a day without answers as gaming, nothing answered', () => {
    expect(formFromDay({ answers: [], watchedVideos: false })).toEqual(emptyCheckInForm);
    expect(formFromDay(null)).toEqual(emptyCheckInForm);
  });
});

describe('pillar sections', () => {
  it('group every pillar question once, in the product order, and count what is answered', () => {
    expect(PILLAR_SECTIONS.map((section) => section.pillar.slug)).toEqual(['sleep', 'nutrition', 'mental', 'lifestyle', 'physical']);
    const slugs = PILLAR_SECTIONS.flatMap((section) => section.questions.map((question) => question.slug));
    expect(slugs.sort()).toEqual(
      QUESTIONS.filter((q) => q.pillar)
        .map((q) => q.slug)
        .sort(),
    );
    const sleep = PILLAR_SECTIONS[0]!.questions;
    expect(answeredCount({ ...emptyCheckInForm, choices: { 'sleep-hours': ['5-6'], 'sleep-quality': [] } }, sleep)).toBe(1);
  });
});

describe('answering through a question', () => {
  const gamingToday = questionBySlug(GAMING_TODAY_SLUG)!;

  it('reads and switches the gaming flag as the gaming question, which cannot be cleared', () => {
    expect(chosenOf(emptyCheckInForm, gamingToday)).toEqual(['true']);
    expect(answerChange(emptyCheckInForm, gamingToday, ['false'])).toEqual({ gaming: false });
    expect(answerChange(emptyCheckInForm, gamingToday, [])).toEqual({});
  });

  it('sets one question and keeps the others', () => {
    const form = { ...emptyCheckInForm, choices: { pain: ['neck'] } };
    expect(chosenOf(form, sleepQuality)).toEqual([]);
    expect(answerChange(form, sleepQuality, ['great'])).toEqual({ choices: { pain: ['neck'], 'sleep-quality': ['great'] } });
  });
});

describe('same as yesterday', () => {
  const yesterday = [
    { questionSlug: GAMING_TODAY_SLUG, value: 'false' },
    { questionSlug: 'sleep-quality', value: 'neutral' },
    { questionSlug: 'pain', value: 'back,neck' },
    { questionSlug: 'focus', value: 'sharp' },
  ];

  it("fills the questions still unanswered with yesterday's answers, and keeps today's answers and gaming flag", () => {
    const today = { ...emptyCheckInForm, choices: { focus: ['okay'], 'sleep-quality': [] } };
    const { form, filled } = fillFromYesterday(today, yesterday);
    expect(filled).toBe(2);
    expect(form.gaming).toBe(true);
    expect(form.choices).toEqual({ focus: ['okay'], 'sleep-quality': ['neutral'], pain: ['back', 'neck'] });
  });

  it('leaves out options no longer offered and fills nothing when there is nothing to fill', () => {
    const { filled, form } = fillFromYesterday(emptyCheckInForm, [
      { questionSlug: 'pain', value: 'tail,neck' },
      { questionSlug: 'retired', value: 'x' },
    ]);
    expect(filled).toBe(1);
    expect(form.choices).toEqual({ pain: ['neck'] });
    const full = fillFromYesterday(form, [{ questionSlug: 'pain', value: 'back' }]);
    expect(full.filled).toBe(0);
    expect(full.form).toBe(form);
    expect(fillFromYesterday(emptyCheckInForm, []).filled).toBe(0);
  });
});
