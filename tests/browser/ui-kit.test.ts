/**
 * The shared UI kit in Chromium, on its showcase page /home/ui (admins): accessible on a laptop and a phone,
 * real keyboard behaviour of its dialogs, the table's own sideways scroll, and hls.js arriving only when an
 * HLS video is played.
 */
import type { Page, Request } from 'playwright-core';
import { signInContext } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { stackUrls } from '../support/stack';

jest.setTimeout(60_000);

const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');
const chromium = useBrowser();

const ADMIN = 'admin@fitgauge.test';

/** Opens a page in its own context and records every script it loads. */
async function openPage(path: string, signedInAs?: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await chromium.browser.newContext({ viewport });
  if (signedInAs) await signInContext(context, signedInAs);
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${baseUrl()}${path}`);
  return { page, scripts };
}

const closePage = (page: Page) => page.context().close();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
/** Vite names the chunk of the lazily imported hls.js after it. */
const isHlsChunk = (path: string) => /\/assets\/hls-[\w-]+\.js$/.test(path);

describe('UI kit showcase (/home/ui)', () => {
  it('shows every piece to an admin, with no accessibility violations on a laptop and a phone', async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const { page } = await openPage('/home/ui', ADMIN, viewport);
      await page.getByRole('heading', { name: 'UI kit', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Demo gamers' }).waitFor();
      await expect(page.getByPlaceholder('Search').count()).resolves.toBe(1);
      await expect(page.getByRole('group', { name: 'Drop your Team Avatar Here' }).count()).resolves.toBe(1);
      const chart = page.getByRole('img', { name: 'Game readiness of two demo gamers, one week' });
      await chart.waitFor();
      await expect(page.locator('.fg-chart__line').count()).resolves.toBe(2);
      await expect(page.locator('.fg-chart__legend li').allTextContents()).resolves.toEqual(['Ada Demo', 'Bea Demo']);
      expect(await accessibilityViolations(page)).toEqual([]);
      await closePage(page);
    }
  });

  it('keeps a non-admin out', async () => {
    const { page } = await openPage('/home/ui', 'coach@fitgauge.test');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    await expect(page.getByRole('heading', { name: 'UI kit' }).count()).resolves.toBe(0);
    await closePage(page);
  });

  it('on a phone, the table scrolls inside its own region and the page does not scroll sideways', async () => {
    const { page } = await openPage('/home/ui', ADMIN, VIEWPORTS.phone);
    const region = page.getByRole('region', { name: 'Demo gamers' });
    await region.waitFor();
    const overflow = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await closePage(page);
  });

  it('keeps keyboard focus inside a dialog, closes it on Escape and returns focus to its button', async () => {
    const { page } = await openPage('/home/ui', ADMIN);
    const opener = page.getByRole('button', { name: 'Confirm dialog' });
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete video' });
    await dialog.waitFor();
    expect(await focusedText(page)).toBe('Cancel');

    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Confirm');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Cancel');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Confirm dialog');
    await closePage(page);
  });

  it('loads hls.js only when an HLS video is played, never for the sign-in page', async () => {
    const signIn = await openPage('/auth/login');
    await signIn.page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(signIn.scripts.filter(isHlsChunk)).toEqual([]);
    await closePage(signIn.page);

    const { page, scripts } = await openPage('/home/ui', ADMIN);
    await page.getByLabel('Video address (an HLS playlist or a video file)').fill(`${baseUrl()}/no-such-video/index.m3u8`);
    await page.getByRole('button', { name: 'Play video' }).click();
    const player = page.getByRole('dialog', { name: 'Video' });
    // The playlist does not exist: hls.js, loaded for it, gives up and the player says so.
    await player.getByRole('alert').filter({ hasText: 'This video could not be played.' }).waitFor();
    expect(scripts.filter(isHlsChunk)).toHaveLength(1);
    await player.getByRole('button', { name: 'Close' }).click();
    await player.waitFor({ state: 'detached' });
    await closePage(page);
  });
});
