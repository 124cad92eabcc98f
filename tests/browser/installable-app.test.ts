/**
 * The installable app (issue 22) on the production build: Chromium finds it installable (manifest, icons, a service
 * worker that serves the app offline), a signed-in page opened without a connection shows the app and says it is
 * offline instead of the browser's error page. (The prompt of a newly deployed version is tested in
 * web/src/app/app-updates.test.tsx: Chromium fetches a worker's new script outside what a test can intercept.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium as playwright, type BrowserContext, type Page } from 'playwright-core';
import { accountWithRole, baseUrl, signInContext } from '../support/accounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, useBrowser, VIEWPORTS } from '../support/browser';

jest.setTimeout(90_000);

const chromium = useBrowser();

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { sizes: string; purpose?: string }[];
}

async function newContext(): Promise<BrowserContext> {
  // Service workers are on by default; said here because every check below depends on them.
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS.phone, serviceWorkers: 'allow' });
  context.setDefaultTimeout(20_000);
  return context;
}

/** Waits until the page is controlled by the app's service worker, its precache complete. */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

it('is installable: a manifest with the icons browsers ask for, and a service worker', async () => {
  // A profile of its own: Chromium never offers to install from an incognito window, which new contexts are.
  const profile = await mkdtemp(join(tmpdir(), 'fitgauge-install-'));
  const context = await playwright.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}/auth/login`);
  await page.evaluate(() => navigator.serviceWorker.ready);

  const manifest = (await (await fetch(`${baseUrl()}/manifest.webmanifest`)).json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'FitGauge', start_url: '/home', display: 'standalone', theme_color: '#0b1018' });
  expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

it('opens a signed-in page without a connection: the app, and a clear offline state', async () => {
  const gamer = await accountWithRole('GAMER', 'offline-shell', 'Offline Gamer');
  const context = await newContext();
  await signInContext(context, gamer.email);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/home/my-scores`);
  await page.getByRole('heading', { name: 'My scores', level: 1 }).waitFor();
  await controlledBySw(page);

  await context.setOffline(true);
  await page.goto(`${baseUrl()}/home/check-in`);
  // The app's own frame, not the browser's error page; the pages' data waits for the connection.
  await page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });
  await page.getByText("You are offline. Today's questions load when the connection returns.").waitFor();
  await page.getByText('You are offline. FitGauge will retry when the connection returns.').waitFor();
  // The paused read goes out with the connection: today's questions, without a reload.
  await context.setOffline(false);
  await page.getByRole('heading', { name: "Today's questions" }).waitFor();
  await context.close();
});
