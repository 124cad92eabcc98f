/**
 * The daily check-in page in a browser test: it asks one step at a time (the gaming question, each pillar, the game
 * rating on a gaming day, the videos and Submit), so a question is answered on its own step.
 */
import type { Locator, Page } from 'playwright-core';

export const checkInQuestion = (page: Page, slug: string): Locator => page.locator(`fieldset[data-question="${slug}"]`);

/**
 * Picks an option of a single-choice question on the step shown with a click, which moves on to the next question or
 * step (a click, not check(): the last question of a step is gone once it is answered).
 */
export const pickAnswer = (page: Page, slug: string, option: string) =>
  checkInQuestion(page, slug).getByRole('radio', { name: option, exact: true }).click();

/** Ticks an option of a tick-all question on the step shown. */
export const tickAnswer = (page: Page, slug: string, option: string) =>
  checkInQuestion(page, slug).getByRole('checkbox', { name: option, exact: true }).check();

/** The heading of the step shown (Game day, Sleep… Videos). */
export const checkInStepHeading = (page: Page): Locator => page.locator('.fg-check-in-step h3');

/** Shows the step titled `title`, going Back to the first step and then Next until it is there. */
export async function showCheckInStep(page: Page, title: string): Promise<void> {
  const back = page.getByRole('button', { name: 'Back', exact: true });
  const next = page.getByRole('button', { name: 'Next', exact: true });
  while (await back.isVisible()) await back.click();
  for (let step = 0; (await checkInStepHeading(page).innerText()) !== title; step++) {
    if (step > 8) throw new Error(`The check-in has no step "${title}".`);
    await next.click();
  }
}
