/**
 * A new question in the Questions tab (docs/videos.md, "The pages' rules and texts"): its type (INT shown as Score,
 * BOOLEAN as Binary, STRING as Text), a sub-type for scores (repetitions, rounds, time) and the text, which starts as
 * the default text of the type or sub-type and follows a change of either until the admin edits it. The slug previews
 * the server's.
 */
import {
  DEFAULT_QUESTION_TEXTS,
  DEFAULT_SUB_TYPE_TEXTS,
  VIDEO_QUESTION_SUB_TYPES,
  VIDEO_QUESTION_TYPE_LABELS,
  VIDEO_QUESTION_TYPES,
  type VideoQuestionSubType,
  type VideoQuestionType,
} from '@core/videos';

export interface QuestionDraft {
  type: VideoQuestionType;
  /** Only scores have one; repetitions by default. */
  subType: VideoQuestionSubType | null;
  text: string;
}

export const QUESTION_TYPE_OPTIONS = VIDEO_QUESTION_TYPES.map((type) => ({ value: type, label: VIDEO_QUESTION_TYPE_LABELS[type] }));
export const QUESTION_SUB_TYPE_OPTIONS = VIDEO_QUESTION_SUB_TYPES.map((subType) => ({ value: subType, label: subType }));

export const NO_QUESTIONS = 'No Questions';

function defaultQuestionText(type: VideoQuestionType, subType: VideoQuestionSubType | null): string {
  return type === 'INT' && subType ? DEFAULT_SUB_TYPE_TEXTS[subType] : DEFAULT_QUESTION_TEXTS[type];
}

export const NEW_QUESTION: QuestionDraft = { type: 'INT', subType: 'repetitions', text: DEFAULT_QUESTION_TEXTS.INT };

/** The draft after a change of type or sub-type: the text becomes the new default unless the admin had written their own. */
export function withKind(draft: QuestionDraft, type: VideoQuestionType, subType: VideoQuestionSubType | null): QuestionDraft {
  const nextSubType = type === 'INT' ? (subType ?? 'repetitions') : null;
  const textWasDefault = draft.text === defaultQuestionText(draft.type, draft.subType);
  return { type, subType: nextSubType, text: textWasDefault ? defaultQuestionText(type, nextSubType) : draft.text };
}
