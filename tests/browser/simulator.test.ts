/**
 * The public score simulator (/simulator) in Chromium, signed out: picking days in the calendar (mouse and keyboard),
 * daily scores and Watched Videos, validation, Reset Day and Reset All Days. The final score and streak it shows must
 * be what core/simulator.ts computes (the function the server runs for gamers).
 */
import { shiftDay } from '@core/dates';
import { type SimulatorDay, simulateFgScore } from '@core/simulator';
import type { Page } from 'playwright-core';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { stackUrls } from '../support/stack';

jest.setTimeout(60_000);

const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');

const chromium = useBrowser();

async function openSimulator(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport, timezoneId: 'UTC' });
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}/simulator`);
  await page.getByRole('heading', { name: 'Score simulator' }).waitFor();
  return page;
}

/** The first days of the month the calendar opens on (the browser's current month, in UTC here). */
function daysOfThisMonth(): string[] {
  const first = `${new Date().toISOString().slice(0, 7)}-01`;
  return Array.from({ length: 6 }, (_, index) => shiftDay(first, index));
}

const dayButton = (page: Page, date: string) => page.locator(`button[data-date="${date}"]`);
const mmdd = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

async function setDay(page: Page, date: string, score: string, watched = false): Promise<void> {
  await dayButton(page, date).click();
  await page.getByRole('heading', { name: `Day ${mmdd(date)}` }).waitFor();
  await page.getByRole('textbox', { name: 'Daily score' }).fill(score);
  if ((await watchedVideos(page).isChecked()) !== watched) await toggleWatchedVideos(page);
}

const watchedVideos = (page: Page) => page.getByRole('checkbox', { name: 'Watched Videos' });
/** Clicks the box's label, as a user does (the themed checkbox draws over the native input). */
const toggleWatchedVideos = (page: Page) => page.locator('label', { hasText: 'Watched Videos' }).click();

/** The Final Score and Streak Days tiles as they read. */
async function result(page: Page): Promise<{ finalScore: string; streak: string }> {
  const tiles = page.getByRole('list', { name: 'Final score and streak' });
  const value = async (title: string) =>
    (await tiles.getByRole('listitem').filter({ hasText: title }).locator('.fg-score-tile__value').innerText()).trim();
  return { finalScore: await value('Final Score'), streak: await value('Streak Days') };
}

const expected = (days: SimulatorDay[]) => {
  const { finalScore, streak } = simulateFgScore(days);
  return { finalScore: String(finalScore), streak: String(streak) };
};

describe('score simulator', () => {
  it('computes the final score and streak of the picked days as the scoring engine does', async () => {
    const page = await openSimulator();
    const [d1, d2, d3, d4] = daysOfThisMonth() as [string, string, string, string];
    await expect(result(page)).resolves.toEqual({ finalScore: '–', streak: '–' });
    await page.getByText('Pick days in the calendar to see the final score.').waitFor();

    await setDay(page, d1, '90');
    await expect(result(page)).resolves.toEqual(expected([{ date: d1, dailyScore: 90, watchedVideos: false }]));
    await setDay(page, d2, '80');
    const twoDays: SimulatorDay[] = [
      { date: d1, dailyScore: 90, watchedVideos: false },
      { date: d2, dailyScore: 80, watchedVideos: false },
    ];
    await expect(result(page)).resolves.toEqual(expected(twoDays));
    expect((await result(page)).streak).toBe('2');

    // Watched Videos on the last day adds its bonus.
    await toggleWatchedVideos(page);
    expect(await watchedVideos(page).isChecked()).toBe(true);
    twoDays[1] = { ...twoDays[1]!, watchedVideos: true };
    await expect(result(page)).resolves.toEqual(expected(twoDays));
    expect(Number((await result(page)).finalScore)).toBe(
      Number(expected([{ ...twoDays[0]! }, { ...twoDays[1]!, watchedVideos: false }]).finalScore) + 10,
    );

    // A day left out between picked days is missed: the streak starts again.
    await setDay(page, d4, '100');
    const withGap = [...twoDays, { date: d4, dailyScore: 100, watchedVideos: false }];
    await expect(result(page)).resolves.toEqual(expected(withGap));
    expect((await result(page)).streak).toBe('1');
    await page.getByText('Day by day').click();
    const missed = simulateFgScore(withGap).days.find((day) => day.date === d3)!;
    await expect(page.getByRole('row', { name: new RegExp(`^${mmdd(d3)} missed ${missed.fgScore} 0\\b`) }).count()).resolves.toBe(1);

    // Validation: whole numbers from 0 to 100, with a clear message; no result meanwhile.
    await page.getByRole('textbox', { name: 'Daily score' }).fill('150');
    await page.getByText('The daily score cannot be above 100.').waitFor();
    await expect(result(page)).resolves.toEqual({ finalScore: '–', streak: '–' });
    await page.getByText(`Give ${mmdd(d4)} a daily score from 0 to 100 to see the final score.`).waitFor();
    await page.getByRole('textbox', { name: 'Daily score' }).fill('4.5');
    await page.getByText('Enter a whole number from 0 to 100.').waitFor();
    await page.getByRole('textbox', { name: 'Daily score' }).fill('-3');
    await page.getByText('The daily score cannot be below 0.').waitFor();
    await page.getByRole('textbox', { name: 'Daily score' }).fill('100');
    await expect(result(page)).resolves.toEqual(expected(withGap));
    expect(await accessibilityViolations(page)).toEqual([]);

    // Reset Day takes the day out again; the others stay.
    await page.getByRole('button', { name: 'Reset Day' }).click();
    await page.getByText('This day is not in the simulation.').waitFor();
    await expect(result(page)).resolves.toEqual(expected(twoDays));
    expect(await dayButton(page, d4).getAttribute('data-picked')).toBeNull();
    expect(await dayButton(page, d2).getAttribute('aria-label')).toContain('picked, score 80, watched videos');

    // Reset All Days empties the simulation.
    await page.getByRole('button', { name: 'Reset All Days' }).click();
    await expect(result(page)).resolves.toEqual({ finalScore: '–', streak: '–' });
    expect(await page.locator('button[data-picked]').count()).toBe(0);
    await page.context().close();
  });

  it('is a calendar grid the keyboard can drive: arrows between days, Page Down to the next month, Enter picks', async () => {
    const page = await openSimulator();
    const [d1, d2] = daysOfThisMonth() as [string, string];
    const grid = page.getByRole('grid');
    const monthTitle = (await page.locator('.fg-calendar__title').innerText()).trim();

    await dayButton(page, d1).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(d2);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Day ${mmdd(d2)}` }).waitFor();
    expect(await grid.locator(`[role="gridcell"][aria-selected="true"]`).count()).toBe(1);
    // One tab stop in the grid: the focused day.
    expect(await grid.locator('button[tabindex="0"]').count()).toBe(1);

    await page.keyboard.press('PageDown');
    const next = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    expect(next?.slice(8)).toBe(d2.slice(8));
    expect((await page.locator('.fg-calendar__title').innerText()).trim()).not.toBe(monthTitle);
    await page.keyboard.press('PageUp');
    expect((await page.locator('.fg-calendar__title').innerText()).trim()).toBe(monthTitle);
    await page.context().close();
  });

  it('fits a 375px phone without sideways scrolling', async () => {
    const page = await openSimulator(VIEWPORTS.phone);
    const [d1] = daysOfThisMonth() as [string];
    await setDay(page, d1, '70');
    await expect(result(page)).resolves.toEqual(expected([{ date: d1, dailyScore: 70, watchedVideos: false }]));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const cell = (await dayButton(page, d1).boundingBox())!;
    expect(cell.height).toBeGreaterThanOrEqual(44);
    await page.context().close();
  });
});
