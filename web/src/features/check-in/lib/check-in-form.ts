import { type AnswerInput, checkInSubmissionSchema, choicesOf, joinChoices } from '@core/check-in';
import { type Pillar, PILLARS } from '@core/pillars';
import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, type Question, QUESTIONS, questionsOfPillar } from '@core/questionnaire';

/**
 * The check-in form's state and the rules between it and `submitAnswers`. Each submission is the day's full answer
 * set (the server replaces the day's earlier answers), so the form always holds every answer of the day.
 */
export interface CheckInForm {
  /** Chosen option values per question slug; a skipped question has no entry (or an empty list). */
  choices: Record<string, string[]>;
  gaming: boolean;
  watchedVideos: boolean;
}

export const emptyCheckInForm: CheckInForm = { choices: {}, gaming: true, watchedVideos: false };

/** The form prefilled with the day's earlier answers, so a gamer corrects rather than starts over. */
export function formFromDay(day: { answers: readonly AnswerInput[]; watchedVideos: boolean } | null): CheckInForm {
  if (!day) return emptyCheckInForm;
  const choices: Record<string, string[]> = {};
  let gaming = true;
  for (const { questionSlug, value } of day.answers) {
    if (questionSlug === GAMING_TODAY_SLUG) gaming = value.trim() !== 'false';
    else choices[questionSlug] = choicesOf(value);
  }
  return { choices, gaming, watchedVideos: day.watchedVideos };
}

/** The chosen options of a question; the gaming question reads the gaming flag. */
export function chosenOf(form: CheckInForm, question: Question): string[] {
  return question.slug === GAMING_TODAY_SLUG ? [String(form.gaming)] : (form.choices[question.slug] ?? []);
}

/** The change that gives a question these chosen options (the gaming flag cannot be cleared, only switched). */
export function answerChange(form: CheckInForm, question: Question, chosen: string[]): Partial<CheckInForm> {
  if (question.slug !== GAMING_TODAY_SLUG) return { choices: { ...form.choices, [question.slug]: chosen } };
  return chosen.length > 0 ? { gaming: chosen[0] === 'true' } : {};
}

/**
 * "Same as yesterday": yesterday's answers in every question still unanswered today, so a gamer only corrects what
 * changed. Today's answers and the gaming flag (asked first, about today) stay; options no longer offered are left out.
 * Returns the form and how many questions were filled.
 */
export function fillFromYesterday(form: CheckInForm, yesterday: readonly AnswerInput[]): { form: CheckInForm; filled: number } {
  const choices = { ...form.choices };
  let filled = 0;
  for (const { questionSlug, value } of yesterday) {
    const question = QUESTIONS.find((candidate) => candidate.slug === questionSlug);
    if (!question || question.slug === GAMING_TODAY_SLUG || (choices[questionSlug]?.length ?? 0) > 0) continue;
    const offered = choicesOf(value).filter((choice) => question.options.some((option) => option.value === choice));
    if (offered.length === 0) continue;
    choices[questionSlug] = offered;
    filled++;
  }
  return { form: filled > 0 ? { ...form, choices } : form, filled };
}

/**
 * Ticks or unticks one option. A single-choice question keeps only the picked option; for a tick-all question the
 * "none" option and the problems exclude each other, so ticking one clears the other side.
 */
export function toggleChoice(question: Question, current: readonly string[], value: string, checked: boolean): string[] {
  if (question.kind === 'single') return checked ? [value] : current.filter((choice) => choice !== value);
  if (!checked) return current.filter((choice) => choice !== value);
  const none = question.noneOption;
  const kept = value === none ? [] : current.filter((choice) => choice !== none);
  const chosen = new Set([...kept, value]);
  return question.options.map((option) => option.value).filter((option) => chosen.has(option));
}

/** Whether a question shows at all: the game-performance rating only on a gaming day. */
export function isAsked(question: Question, form: Pick<CheckInForm, 'gaming'>): boolean {
  if (question.slug === GAMING_TODAY_SLUG) return false; // asked by the gaming toggle
  return question.slug !== GAME_PERFORMANCE_SLUG || form.gaming;
}

/** The answers to send, in questionnaire order: the gaming flag always, and every answered question still asked. */
export function answersOf(form: CheckInForm): AnswerInput[] {
  const answers: AnswerInput[] = [{ questionSlug: GAMING_TODAY_SLUG, value: String(form.gaming) }];
  for (const question of QUESTIONS) {
    const chosen = form.choices[question.slug] ?? [];
    if (isAsked(question, form) && chosen.length > 0) answers.push({ questionSlug: question.slug, value: joinChoices(chosen) });
  }
  return answers;
}

export const NO_PILLAR_ANSWER = 'Answer at least one question to get your scores.';

/** Why the form cannot be sent yet, in the server's own words where the shared schema says it; null when it can. */
export function checkInFormProblem(form: CheckInForm): string | null {
  const answers = answersOf(form);
  if (!answers.some((answer) => QUESTIONS.find((question) => question.slug === answer.questionSlug)?.pillar)) return NO_PILLAR_ANSWER;
  const parsed = checkInSubmissionSchema.safeParse({ answers });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check your answers.');
}

interface PillarSection {
  pillar: Pillar;
  questions: Question[];
}

/** The questions grouped by pillar, in the product's pillar order. */
export const PILLAR_SECTIONS: readonly PillarSection[] = PILLARS.map((pillar) => ({ pillar, questions: questionsOfPillar(pillar.slug) }));

export function answeredCount(form: CheckInForm, questions: readonly Question[]): number {
  return questions.filter((question) => (form.choices[question.slug]?.length ?? 0) > 0).length;
}
