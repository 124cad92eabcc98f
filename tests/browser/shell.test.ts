/**
 * The web app shell in Chromium against the local stack (production build of web/dist): routing, the dark
 * theme, the API status read through /config.json + Amplify + the gateway, the navigation frame and its
 * keyboard and phone behaviour.
 */
import type { Page } from 'playwright-core';
import { signInContext } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { stackUrls } from '../support/stack';

// Each test drives a real browser through pages that load their code on demand: slow on a loaded 2-core machine.
jest.setTimeout(30_000);

/** The local stack the e2e global setup started (production web build, gateway, /config.json). */
const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');

interface SiteConfig {
  mode: 'local' | 'aws';
  graphqlEndpoint: string;
  publicToken: string;
}

const siteConfig = async () => (await (await fetch(`${baseUrl()}/config.json`)).json()) as SiteConfig;

/** The version the API reports, asked directly with the public token the site is configured with. */
async function apiVersion(): Promise<string> {
  const config = await siteConfig();
  const response = await fetch(config.graphqlEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: config.publicToken },
    body: JSON.stringify({ query: '{ health { version } }' }),
  });
  const body = (await response.json()) as { data: { health: { version: string } } };
  return body.data.health.version;
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? null;
  });

const chromium = useBrowser();

/** The frame's pages need a session; the demo coach's /home opens his only team's Analytics (docs/product.md). */
const FRAME_USER = 'coach@fitgauge.test';
const FRAME_HOME_HEADING = 'Analytics';

/** A page in its own context (own storage), as a first-time visitor or signed in. Close with closePage. */
async function openPage(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop, signedInAs?: string): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport });
  if (signedInAs) await signInContext(context, signedInAs);
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

const closePage = (page: Page) => page.context().close();

describe('web app shell', () => {
  it('sends / to the sign-in address, keeping the query', async () => {
    const page = await openPage('/?code=abc');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    // The code reached the sign-in page, which tried it as a Discord return (this tab never went to Discord).
    await page.getByRole('alert').filter({ hasText: "We're having some trouble logging you in." }).waitFor();
    await closePage(page);
  });

  it('shows Page not found for an unknown address, with a way back, in dark mode', async () => {
    const page = await openPage('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor(); // visible once its lazy chunk arrived
    expect(await page.getByRole('link', { name: 'Back to FitGauge' }).getAttribute('href')).toBe('/');
    expect(await page.locator('[data-amplify-color-mode="dark"]').count()).toBeGreaterThan(0);

    // The page really paints dark: relative luminance of the body background well below mid-grey.
    const luminance = await page.evaluate(() => {
      const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    });
    expect(luminance).toBeLessThan(0.15);

    await page.getByRole('link', { name: 'Back to FitGauge' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await closePage(page);
  });

  it('shows the version the API reports (config.json -> Amplify -> gateway, public token)', async () => {
    const version = await apiVersion();
    const page = await openPage('/no-such-page');
    await page
      .getByRole('status')
      .filter({ hasText: `API online · v${version}` })
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await closePage(page);
  });

  it('in local mode, opens the realtime socket Amplify derives (wss://...) as ws:// on the gateway', async () => {
    const config = await siteConfig();
    expect(config.mode).toBe('local');
    // What Amplify v6 derives for a non-AppSync endpoint: append /realtime and switch to wss://.
    const derived = `${config.graphqlEndpoint.replace(/^http:/, 'wss:')}/realtime`;
    const page = await openPage('/no-such-page');
    await page.getByRole('status').waitFor();
    const socket = await page.evaluate(async (url) => {
      const ws = new WebSocket(url, ['graphql-ws']);
      const outcome = await new Promise<string>((resolve) => {
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('error');
      });
      ws.close();
      return { url: ws.url, outcome };
    }, derived);
    expect(socket).toEqual({ url: derived.replace(/^wss:/, 'ws:'), outcome: 'open' });
    await closePage(page);
  });

  it('frames /home with landmarks, a skip link and a sidebar that collapses from the keyboard', async () => {
    const page = await openPage('/home', VIEWPORTS.desktop, FRAME_USER);
    await page.getByRole('heading', { name: FRAME_HOME_HEADING, exact: true, level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Navigation menu' }).isVisible()).resolves.toBe(false);

    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    const sidebar = page.locator('#fg-sidebar');
    const toggle = page.getByRole('button', { name: 'Navigation sidebar' });
    const expandedWidth = (await sidebar.boundingBox())!.width;
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    expect((await sidebar.boundingBox())!.width).toBeLessThan(expandedWidth / 2);

    // The choice survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: FRAME_HOME_HEADING, exact: true, level: 1 }).waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    expect((await sidebar.boundingBox())!.width).toBe(expandedWidth);
    await closePage(page);
  });

  it('shows Page not found inside the frame for an unknown /home address', async () => {
    const page = await openPage('/home/no-such-section', VIEWPORTS.desktop, FRAME_USER);
    await page.getByRole('main').getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await closePage(page);
  });

  it('on a 375px phone: menu button, drawer with overlay, Escape closes it, nothing scrolls sideways', async () => {
    const page = await openPage('/home', VIEWPORTS.phone, FRAME_USER);
    await page.getByRole('heading', { name: FRAME_HOME_HEADING, exact: true, level: 1 }).waitFor();
    const menu = page.getByRole('button', { name: 'Navigation menu' });
    await expect(menu.isVisible()).resolves.toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await accessibilityViolations(page)).toEqual([]);

    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await drawer.waitFor();
    await expect(page.locator('.fg-frame__overlay').isVisible()).resolves.toBe(true);
    expect(await focusedName(page)).toBe('Close navigation menu');

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'hidden' }); // after sliding out
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await focusedName(page)).toBe('Navigation menu');

    // A tap on the overlay closes it too.
    await menu.click();
    await drawer.waitFor();
    await page.mouse.click(360, 400);
    await drawer.waitFor({ state: 'detached' });
    await closePage(page);
  });
});
