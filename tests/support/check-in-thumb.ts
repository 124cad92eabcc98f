/**
 * The hurried gamer's thumb on the daily check-in (one tap on the first option of each question still unanswered on
 * the screen, Next when nothing is left, Submit where there is no Next), counting taps: shared by
 * bench/check-in-taps.ts and the browser tests that assert the counts (tests/browser/today.test.ts).
 */
import type { AnswerInput } from '@core/check-in';
import { scoreDayOf, shiftDay } from '@core/dates';
import { GAMING_TODAY_SLUG, QUESTIONS } from '@core/questionnaire';
import type { Locator, Page } from 'playwright-core';

/** What the check-in page says once the answers are saved. */
export const SAVED = "Saved. Today's scores are updated.";

/** The hurried gamer's answers: the first option of every question, gaming today. */
const FIRST_OPTIONS: AnswerInput[] = QUESTIONS.map((question) => ({
  questionSlug: question.slug,
  value: question.slug === GAMING_TODAY_SLUG ? 'true' : question.options[0]!.value,
}));

/** Yesterday's check-in stored as submitAnswers would have stored it (the product's history rules, bulk loaded). */
export async function storeYesterday(userId: string, timeZone: string): Promise<void> {
  const { historyOf } = await import('../../lambdas/scoring/history');
  const { dynamoScoreStore } = await import('../../lambdas/lib/stores/score-store');
  const date = shiftDay(scoreDayOf(new Date(), timeZone), -1);
  const checkIn = { date, answers: FIRST_OPTIONS, watchedVideos: false, at: new Date(`${date}T12:00:00Z`) };
  await dynamoScoreStore.importHistory(historyOf([{ userId, timeZone, teamIds: [], checkIns: [checkIn] }]));
}

/**
 * The gamer's thumb: a tap, after a swipe when the target is off the screen or under something (the top bar, the
 * action bar): the swipe brings it to the middle of the screen and counts what the page moved.
 */
export class Thumb {
  taps = 0;
  swipedPx = 0;

  async tap(target: Locator): Promise<void> {
    this.swipedPx += await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = y >= 0 && y <= window.innerHeight ? document.elementFromPoint(x, y) : null;
      if (hit && element.contains(hit)) return 0;
      const before = window.scrollY;
      element.scrollIntoView({ block: 'center' });
      return Math.abs(window.scrollY - before);
    });
    await target.tap();
    this.taps++;
  }
}

const unanswered = (page: Page) => page.locator('fieldset[data-question]:not(:has(input:checked))');

/** One tap on the first option of the first question on the screen that has no answer yet; false when there is none. */
async function answerNextQuestion(page: Page, thumb: Thumb): Promise<boolean> {
  const questions = unanswered(page);
  for (let index = 0; index < (await questions.count()); index++) {
    const question = questions.nth(index);
    if (!(await question.isVisible())) continue;
    await thumb.tap(question.locator('label').first());
    return true;
  }
  return false;
}

/** Next while there is a next screen, else Submit; then waits for the next screen's questions or the scores. */
async function moveOn(page: Page, thumb: Thumb): Promise<void> {
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await thumb.tap((await next.isVisible()) ? next : page.getByRole('button', { name: 'Submit', exact: true }));
  await page.getByText(SAVED).or(unanswered(page).first()).waitFor({ timeout: 10_000 });
}

/** Taps through the whole check-in the hurried way until the scores are saved; `beforeEachTap` runs before every tap. */
export async function answerEverything(page: Page, thumb: Thumb, beforeEachTap: () => Promise<void> = async () => undefined): Promise<void> {
  while (!(await page.getByText(SAVED).isVisible())) {
    await beforeEachTap();
    if (!(await answerNextQuestion(page, thumb))) await moveOn(page, thumb);
  }
}
