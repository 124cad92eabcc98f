import { changeLink, EMPTY_LINK_FORM, type LinkForm, lockedFields } from './link-form';

const filled: LinkForm = {
  title: 'Sleep tips',
  pillarSlug: 'sleep',
  questionSlug: 'sleep-quality',
  answer: 'terrible',
  category: 'sleep',
  videoId: 'v1',
};

describe('recommendation form selects', () => {
  it('unlock in order: pillar after a title, question after the pillar, answer after the question, video after the category', () => {
    expect(lockedFields(EMPTY_LINK_FORM)).toEqual({ pillarSlug: true, questionSlug: true, answer: true, category: true, videoId: true });
    const steps: [keyof LinkForm, string, keyof ReturnType<typeof lockedFields>][] = [
      ['title', 'Sleep tips', 'pillarSlug'],
      ['pillarSlug', 'sleep', 'questionSlug'],
      ['questionSlug', 'sleep-quality', 'answer'],
      ['answer', 'terrible', 'category'],
      ['category', 'sleep', 'videoId'],
    ];
    let form = EMPTY_LINK_FORM;
    for (const [field, value, unlocked] of steps) {
      expect(lockedFields(form)[unlocked]).toBe(true);
      form = changeLink(form, field, value);
      expect(lockedFields(form)[unlocked]).toBe(false);
    }
  });

  it('clears question, video and answer when the pillar changes, and video and answer when the question changes', () => {
    expect(changeLink(filled, 'pillarSlug', 'mental')).toEqual({ ...filled, pillarSlug: 'mental', questionSlug: '', answer: '', videoId: '' });
    expect(changeLink(filled, 'questionSlug', 'sleep-disturbance')).toEqual({
      ...filled,
      questionSlug: 'sleep-disturbance',
      answer: '',
      videoId: '',
    });
    expect(changeLink(filled, 'answer', 'great')).toEqual({ ...filled, answer: 'great' });
    expect(changeLink(filled, 'category', 'yoga')).toEqual({ ...filled, category: 'yoga', videoId: '' });
  });

  it('locks the video again while the answer is cleared, though the category stays chosen', () => {
    expect(lockedFields(changeLink(filled, 'questionSlug', 'sleep-disturbance'))).toMatchObject({ category: true, videoId: true });
  });
});
