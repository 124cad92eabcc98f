/**
 * Weekly challenges in Chromium against the local stack (production web build): an admin posts a challenge for a week
 * chosen in the calendar, filters the week cards, edits the description inline, is refused a second challenge for the
 * same week, and deletes it after confirming; a gamer sees this week's seeded challenge on the check-in page. The admin
 * is a fresh account; the week used is in the calendar three months ahead, away from the demo weeks.
 */
import { isoWeekOf, scoreDayOf } from '@core/dates';
import { CHALLENGE_TEXTS } from '@core/weekly-challenges';
import type { Page } from 'playwright-core';
import { db } from '../../lambdas/lib/db/client';
import { dynamoWeeklyChallengeStore } from '../../lambdas/weekly-challenges/store';
import { openSignedInPage } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { useStackEnvironment } from '../support/stack';
import { accounts } from '../support/team-fixtures';

jest.setTimeout(90_000);

const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment();
});

afterAll(() => {
  db().destroy();
});

const openAs = (email: string, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> =>
  openSignedInPage(chromium, path, email, viewport, { timezoneId: 'UTC' });

/** The week holding the 15th of the month three months from now: what three clicks on Next month show. */
function weekAhead() {
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 15));
  return isoWeekOf(target.toISOString().slice(0, 10));
}

/** Moves the calendar on to the month showing the week, then chooses its week number. */
async function chooseWeek(page: Page, week: { year: number; week: number }) {
  const weekButton = page.getByRole('button', { name: new RegExp(`^Week ${week.week}, ${week.year}`) });
  for (let click = 0; click < 6 && !(await weekButton.isVisible()); click += 1) await page.getByRole('button', { name: 'Next month' }).click();
  await weekButton.click();
}

describe('weekly challenge page', () => {
  it('posts a challenge for a week, filters, edits and deletes it, and refuses a second for the same week', async () => {
    const { admin } = await accounts({ admin: 'ADMIN' }, 'challenge.browser');
    const page = await openAs(admin.email, '/home/weekly-challenge');
    await page.getByRole('heading', { name: 'Weekly Challenge', level: 1 }).waitFor();
    const week = weekAhead();
    const title = `Week ${week.week}, ${week.year}`;
    const post = page.getByRole('button', { name: 'Post' });
    const description = page.getByLabel('Description', { exact: true });

    // Post needs both a week and a description.
    expect(await post.isDisabled()).toBe(true);
    await description.fill('Ten push-ups between matches');
    expect(await post.isDisabled()).toBe(true);
    await description.fill('');
    await chooseWeek(page, week);
    await page.getByRole('status').filter({ hasText: title }).waitFor();
    // Screen readers announce the days and weeks as people say them, not as ISO strings.
    const fifteenth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 3, 15));
    const spoken = fifteenth.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(spoken).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ 15, \d{4}$/);
    expect(await page.getByRole('button', { name: spoken, exact: true }).count()).toBe(1);
    expect(
      await page
        .getByRole('button', { name: new RegExp(`^Week ${week.week}, ${week.year}, Monday, [A-Z][a-z]+ \\d+ to Sunday, [A-Z][a-z]+ \\d+, \\d{4}`) })
        .count(),
    ).toBe(1);
    expect(await page.getByRole('button', { name: /^\d{4}-\d{2}-\d{2}$/ }).count()).toBe(0);
    expect(await post.isDisabled()).toBe(true);
    await description.fill('Ten push-ups between matches');
    await post.click();
    await page.getByText('The challenge was posted.').waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByText('Ten push-ups between matches').waitFor();
    expect(await card.getByText('Upcoming').isVisible()).toBe(true);

    // Filters: an upcoming week is not among the past ones.
    await page.getByRole('button', { name: 'Show Past' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show Upcoming' }).click();
    await card.waitFor();
    await page.getByRole('button', { name: 'Show All' }).click();
    await card.waitFor();

    // A second challenge for the same week is refused with the spec's message.
    await chooseWeek(page, week);
    await description.fill('Another challenge for the same week');
    await post.click();
    const oops = page.getByRole('alertdialog', { name: CHALLENGE_TEXTS.errorTitle });
    await oops.getByText(CHALLENGE_TEXTS.duplicate).waitFor();
    await oops.getByRole('button', { name: 'OK' }).click();
    expect(await dynamoWeeklyChallengeStore.ofWeek(week.year, week.week)).toMatchObject({ description: 'Ten push-ups between matches' });

    // Inline edit of the description.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    await card.getByLabel(`Description of ${title}`).fill('Twenty push-ups between matches');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The challenge was updated.').waitFor();
    await card.getByText('Twenty push-ups between matches').waitFor();
    expect(await dynamoWeeklyChallengeStore.ofWeek(week.year, week.week)).toMatchObject({ description: 'Twenty push-ups between matches' });

    // Delete only after confirming: Cancel keeps it.
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete challenge' });
    await confirm.getByText(`You are about to delete the challenge of ${title}. Are you sure you want to proceed?`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.isVisible()).toBe(true);
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The challenge was deleted.').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await dynamoWeeklyChallengeStore.ofWeek(week.year, week.week)).toBeNull();

    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const { admin } = await accounts({ admin: 'ADMIN' }, 'challenge.phone');
    const page = await openAs(admin.email, '/home/weekly-challenge', VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Post' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("shows a gamer this week's challenge on the check-in page", async () => {
    const { year, week } = isoWeekOf(scoreDayOf(new Date(), 'UTC'));
    const current = await dynamoWeeklyChallengeStore.ofWeek(year, week);
    expect(current).not.toBeNull();
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'challenge.gamer');
    const page = await openAs(gamer.email, '/home/check-in');
    const section = page.getByRole('region', { name: "This week's challenge" });
    await section.getByText(current!.description).waitFor();
    expect(await section.getByText(`Week ${week}`).isVisible()).toBe(true);
    await page.context().close();
  });
});
