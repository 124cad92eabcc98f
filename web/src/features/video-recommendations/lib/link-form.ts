import type { VideoCategory } from '@core/videos';

/**
 * The recommendation form's dependent selects (docs/recommendations-and-challenges.md, "Recommendations"): Pillar needs
 * Title, Question needs Pillar, Answer Type needs Question, Video Link needs Category. Changing the pillar clears
 * question, video and answer; changing the question clears video and answer. The spec says nothing of what unlocks
 * Category: here the answer does, so the selects unlock in the order they are shown, and changing the category clears
 * the video it filtered.
 */
export interface LinkForm {
  title: string;
  pillarSlug: string;
  questionSlug: string;
  answer: string;
  category: VideoCategory | '';
  videoId: string;
}

export const EMPTY_LINK_FORM: LinkForm = { title: '', pillarSlug: '', questionSlug: '', answer: '', category: '', videoId: '' };

export type LinkField = keyof LinkForm;

/** The form after one field changed, with the fields that depend on it cleared. */
export function changeLink(form: LinkForm, field: LinkField, value: string): LinkForm {
  const next = { ...form, [field]: value } as LinkForm;
  if (field === 'pillarSlug') return { ...next, questionSlug: '', answer: '', videoId: '' };
  if (field === 'questionSlug') return { ...next, answer: '', videoId: '' };
  if (field === 'category') return { ...next, videoId: '' };
  return next;
}

/** Which selects are still locked. */
export function lockedFields(form: LinkForm): Record<Exclude<LinkField, 'title'>, boolean> {
  const category = form.answer === '';
  // The category outlives a cleared answer (only the video depends on it), so the video also waits for the category's own lock.
  return {
    pillarSlug: form.title.trim() === '',
    questionSlug: form.pillarSlug === '',
    answer: form.questionSlug === '',
    category,
    videoId: category || form.category === '',
  };
}
