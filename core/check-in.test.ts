import fc from 'fast-check';
import { checkInSubmissionSchema } from './check-in';
import { answersArbitrary } from './test-support/arbitraries';

const messagesOf = (input: unknown) => {
  const result = checkInSubmissionSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('check-in submission schema', () => {
  it('accepts any set of valid answers, skipped questions included', () => {
    fc.assert(
      fc.property(answersArbitrary, (answers) => {
        fc.pre(answers.length > 0);
        expect(checkInSubmissionSchema.safeParse({ answers }).success).toBe(true);
      }),
    );
  });

  it('stores multiple choices once each, in option order', () => {
    const parsed = checkInSubmissionSchema.parse({ answers: [{ questionSlug: 'pain', value: ' wrist, back ,wrist' }] });
    expect(parsed.answers).toEqual([{ questionSlug: 'pain', value: 'back,wrist' }]);
  });

  it.each([
    [{ answers: [] }, 'Answer at least one question.'],
    [{ answers: [{ questionSlug: 'height', value: 'tall' }] }, 'There is no question "height".'],
    [
      { answers: [{ questionSlug: 'sleep-quality', value: 'superb' }] },
      '"superb" is not an answer to "sleep-quality". Choose from: terrible, neutral, good, great.',
    ],
    [{ answers: [{ questionSlug: 'sleep-quality', value: 'good,great' }] }, 'Choose only one answer to "sleep-quality".'],
    [{ answers: [{ questionSlug: 'pain', value: '' }] }, 'Choose an answer to "pain".'],
    [{ answers: [{ questionSlug: 'pain', value: 'none,back' }] }, '"none" cannot be combined with other answers to "pain".'],
    [
      {
        answers: [
          { questionSlug: 'focus', value: 'good' },
          { questionSlug: 'focus', value: 'sharp' },
        ],
      },
      '"focus" is answered more than once.',
    ],
    [
      {
        answers: [
          { questionSlug: 'gaming-today', value: 'false' },
          { questionSlug: 'game-performance', value: 'good' },
        ],
      },
      'Skip "game-performance" on a day you are not gaming.',
    ],
    [{ answers: [{ questionSlug: 'focus' }] }, 'Each answer needs a value.'],
  ])('refuses %j with a clear message', (input, message) => {
    expect(messagesOf(input)).toContain(message);
  });
});
