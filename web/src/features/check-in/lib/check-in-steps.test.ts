import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, QUESTIONS } from '@core/questionnaire';
import { advanceAfter, checkInSteps } from './check-in-steps';

describe('check-in steps', () => {
  it('ask the gaming question first, then the pillars, the game rating on a gaming day, and the videos last', () => {
    expect(checkInSteps({ gaming: true }).map((step) => step.title)).toEqual([
      'Game day',
      'Sleep',
      'Nutrition',
      'Mental',
      'Lifestyle',
      'Physical',
      'Game',
      'Videos',
    ]);
    expect(checkInSteps({ gaming: false }).map((step) => step.id)).toEqual([
      'gaming',
      'sleep',
      'nutrition',
      'mental',
      'lifestyle',
      'physical',
      'videos',
    ]);
  });

  it('ask every question of the questionnaire exactly once on a gaming day', () => {
    const asked = checkInSteps({ gaming: true }).flatMap((step) => step.questions.map((question) => question.slug));
    expect(asked.sort()).toEqual(QUESTIONS.map((question) => question.slug).sort());
    const notGaming = checkInSteps({ gaming: false }).flatMap((step) => step.questions.map((question) => question.slug));
    expect(notGaming).not.toContain(GAME_PERFORMANCE_SLUG);
    expect(notGaming).toContain(GAMING_TODAY_SLUG);
  });
});

describe('advancing after an answer', () => {
  const steps = checkInSteps({ gaming: true });

  it("goes to the step's next question, and past its last question to the next step", () => {
    expect(advanceAfter(steps, 1, 'sleep-hours')).toEqual({ to: 'question', slug: 'sleep-quality' });
    expect(advanceAfter(steps, 1, 'sleep-disturbance')).toEqual({ to: 'step', index: 2 });
    expect(advanceAfter(steps, 0, GAMING_TODAY_SLUG)).toEqual({ to: 'step', index: 1 });
    expect(advanceAfter(steps, 5, 'training-load-group')).toEqual({ to: 'step', index: 6 });
    expect(advanceAfter(steps, 6, GAME_PERFORMANCE_SLUG)).toEqual({ to: 'step', index: 7 });
  });

  it('leads from the last pillar straight to the videos on a day without gaming, and never past the last step', () => {
    const notGaming = checkInSteps({ gaming: false });
    expect(advanceAfter(notGaming, 5, 'training-load-group')).toEqual({ to: 'step', index: 6 });
    expect(notGaming[6]?.id).toBe('videos');
    expect(advanceAfter(notGaming, notGaming.length - 1, 'anything')).toEqual({ to: 'step', index: notGaming.length - 1 });
  });
});
