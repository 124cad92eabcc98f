/**
 * Video recommendations in Chromium against the local stack (production web build) with the demo videos: the add
 * modal's selects unlock in order, clear as docs/recommendations-and-challenges.md says and offer only COMPLETE,
 * enabled videos; Save waits for a video; the table sorts by title, question and pillar; the side panel edits and
 * deletes. The admin is fresh.
 */
import type { Locator, Page } from 'playwright-core';
import { db } from '../../lambdas/lib/db/client';
import { baseUrl, signInContext } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { useStackEnvironment } from '../support/stack';
import { accounts } from '../support/team-fixtures';

jest.setTimeout(120_000);

const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment();
});

afterAll(() => {
  db().destroy();
});

async function openAsAdmin(label: string): Promise<Page> {
  const { admin } = await accounts({ admin: 'ADMIN' }, label);
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop, timezoneId: 'UTC' });
  await signInContext(context, admin.email);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  chromium.watchErrors(page, label);
  await page.goto(`${baseUrl()}/home/video-recommendation`);
  await page.getByRole('heading', { name: 'Recommendation', level: 1 }).waitFor();
  return page;
}

const optionLabels = (select: Locator) => select.locator('option').allTextContents();

/** The texts of one column of the table's rows, in the order shown. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.getByRole('region', { name: 'Video recommendations' }).locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.startsWith(header));
  return page
    .getByRole('region', { name: 'Video recommendations' })
    .locator(`tbody tr td:nth-child(${index + 1})`)
    .allTextContents();
}

const ascending = (texts: string[]) => [...texts].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

describe('video recommendation page', () => {
  it('unlocks and clears the modal selects in order, offers only processed enabled videos, and saves once a video is chosen', async () => {
    const page = await openAsAdmin('reco.modal');
    await page.getByRole('button', { name: 'Add Recommendation' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Recommendation' });
    const title = modal.getByLabel('Title');
    const pillar = modal.getByLabel('Pillar');
    const question = modal.getByLabel('Question');
    const answer = modal.getByLabel('Answer Type');
    const category = modal.getByLabel('Category');
    const video = modal.getByLabel('Video Link');
    const save = modal.getByRole('button', { name: 'Save' });
    const disabled = async () => Promise.all([pillar, question, answer, category, video].map((select) => select.isDisabled()));

    expect(await disabled()).toEqual([true, true, true, true, true]);
    expect(await save.isDisabled()).toBe(true);
    // At most 16 characters, counted as n/16.
    await title.fill('Stressed out before ranked');
    expect(await title.inputValue()).toBe('Stressed out bef');
    await modal.getByText('16/16').waitFor();
    await title.fill('Calm down');
    await modal.getByText('9/16').waitFor();
    expect(await disabled()).toEqual([false, true, true, true, true]);

    await pillar.selectOption({ label: 'Mental' });
    expect(await disabled()).toEqual([false, false, true, true, true]);
    expect(await optionLabels(question)).toEqual([
      'Choose a question',
      'How do you feel right now?',
      'How many minutes of mindfulness or meditation did you do today?',
      'How many breathwork exercises did you do today?',
    ]);
    await question.selectOption({ label: 'How do you feel right now?' });
    expect(await disabled()).toEqual([false, false, false, true, true]);
    await answer.selectOption({ label: 'Stressed' });
    expect(await disabled()).toEqual([false, false, false, false, true]);

    // Only COMPLETE and enabled videos: the disabled sleep video and the meditation still processing are not offered.
    const loadedVideos = async () => {
      for (let tries = 0; tries < 50 && (await video.isDisabled()); tries += 1) await page.waitForTimeout(100);
      return optionLabels(video);
    };
    await category.selectOption({ label: 'Sleep' });
    expect(await loadedVideos()).not.toContain('Wind-Down Before Sleep');
    await category.selectOption({ label: 'Meditation' });
    expect(await loadedVideos()).not.toContain('Pre-Match Focus Meditation');
    await category.selectOption({ label: 'Breathing' });
    expect(await loadedVideos()).toContain('Box Breathing Reset');
    expect(await save.isDisabled()).toBe(true);
    await video.selectOption({ label: 'Box Breathing Reset' });
    expect(await save.isDisabled()).toBe(false);

    // A new question clears the answer and the video; a new pillar clears question, answer and video.
    await question.selectOption({ label: 'How many breathwork exercises did you do today?' });
    expect([await answer.inputValue(), await video.inputValue()]).toEqual(['', '']);
    expect(await save.isDisabled()).toBe(true);
    await answer.selectOption({ label: 'None' });
    await video.selectOption({ label: 'Box Breathing Reset' });
    await pillar.selectOption({ label: 'Sleep' });
    expect([await question.inputValue(), await answer.inputValue(), await video.inputValue()]).toEqual(['', '', '']);
    expect(await disabled()).toEqual([false, false, true, true, true]);

    await pillar.selectOption({ label: 'Mental' });
    await question.selectOption({ label: 'How do you feel right now?' });
    await answer.selectOption({ label: 'Stressed' });
    await video.selectOption({ label: 'Box Breathing Reset' });
    expect(await accessibilityViolations(page)).toEqual([]);
    await save.click();
    await page.getByText('The recommendation was added.').waitFor();
    await modal.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Calm down' }) });
    await row.waitFor();
    expect((await row.locator('td').allTextContents()).slice(0, 4)).toEqual(['Calm down', 'Mental', 'How do you feel right now?', 'Stressed']);
    expect(await row.getByRole('button', { name: 'Play Box Breathing Reset' }).isVisible()).toBe(true);

    // A click anywhere on the row opens the side panel on its Details tab, and so does Enter on the focused row.
    await row.getByRole('cell', { name: 'How do you feel right now?' }).click();
    const panel = page.getByRole('complementary', { name: 'Calm down' });
    await panel.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    await panel.getByRole('button', { name: 'Close the details' }).click();
    await panel.waitFor({ state: 'detached' });
    await row.focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('tab', { name: 'Details', selected: true }).waitFor();

    // The side panel: edit in the Details tab, then delete after confirming.
    await panel.getByLabel('Title').fill('Calm down before ranked');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Details were updated successfully!').waitFor();
    await page.getByRole('button', { name: 'Calm down before ranked' }).waitFor();
    await panel.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete recommendation' });
    await confirm.getByText('You are about to delete Calm down before ranked. Are you sure you want to proceed?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The recommendation was deleted.').waitFor();
    await page.getByRole('button', { name: 'Calm down before ranked' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('sorts the table by title, question and pillar', async () => {
    const page = await openAsAdmin('reco.sort');
    await page.getByRole('region', { name: 'Video recommendations' }).locator('tbody tr').nth(1).waitFor();
    for (const header of ['Title', 'Question', 'Pillar']) {
      const sortButton = page.getByRole('columnheader', { name: header }).getByRole('button');
      await sortButton.click();
      const up = await columnTexts(page, header);
      expect(up.length).toBeGreaterThanOrEqual(2);
      expect(up).toEqual(ascending(up));
      await sortButton.click();
      const down = await columnTexts(page, header);
      expect(down).toEqual(ascending(down).reverse());
      await sortButton.click();
    }
    // Answer Type and the video are not sortable.
    expect(await page.getByRole('columnheader', { name: 'Answer Type' }).getByRole('button').count()).toBe(0);
    await page.context().close();
  });
});
