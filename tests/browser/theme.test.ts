/**
 * The colour modes (docs/ui-kit.md, "Theme"): dark by default whatever the system prefers (the spec's "Default colour
 * mode dark"), from the first paint; the account page's Appearance switch offers System and Light, applied at once and
 * kept across a reload; axe finds no colour contrast problem on the first pages in the light theme.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { COLOR_MODE_KEY } from '../../web/src/config/color-mode';
import { paths } from '../../web/src/config/paths';
import { baseUrl, signInContext } from '../support/accounts';
import { finishAnimations, useBrowser, VIEWPORTS } from '../support/browser';
import { demoTeams, graphql, signIn } from '../support/stack';

jest.setTimeout(240_000);

const chromium = useBrowser();

const GAMER = 'gamer1@fitgauge.test';
const DIRECTOR = 'director@fitgauge.test';
const NIGHT_OWLS = demoTeams.find((team) => team.name === 'Night Owls')!;

/** The mode on <html>, the canvas it paints and the browser's colour scheme (native controls). */
const LIGHT = { mode: 'light', canvas: 'rgb(255, 255, 255)', colorScheme: 'light' };
const DARK = { mode: 'dark', canvas: 'rgb(11, 16, 24)', colorScheme: 'dark' };

const looks = (page: Page) =>
  page.evaluate(() => ({
    mode: document.documentElement.dataset.amplifyColorMode,
    canvas: getComputedStyle(document.body).backgroundColor,
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
  }));

/** How the page looks once its mode has become `mode` (a switch or a system change applies it a moment later). */
async function looksOnce(page: Page, mode: 'light' | 'dark') {
  await page.waitForFunction((expected) => document.documentElement.dataset.amplifyColorMode === expected, mode);
  return looks(page);
}

/** A context whose system prefers `system`; null: a browser that answers neither light nor dark. */
async function contextWith(system: 'light' | 'dark' | null, signedInAs?: string): Promise<BrowserContext> {
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: system ?? 'light' });
  context.setDefaultTimeout(15_000);
  if (system === null) {
    await context.addInitScript(() => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query) => matchMedia(query.includes('prefers-color-scheme') ? 'not all' : query);
    });
  }
  if (signedInAs) await signInContext(context, signedInAs);
  return context;
}

/** A context on a light system whose user chose Light on the account page (dark is the default whatever the system). */
async function lightContext(signedInAs?: string): Promise<BrowserContext> {
  const context = await contextWith('light', signedInAs);
  await context.addInitScript((key) => localStorage.setItem(key, 'light'), COLOR_MODE_KEY);
  return context;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

/** axe's colour contrast findings on the page as it is now, as "target (message)" lines. */
async function contrastFindings(page: Page): Promise<string[]> {
  await page.locator('.fg-page-loader').first().waitFor({ state: 'detached' });
  await finishAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')} (${node.any.map((check) => check.message).join('; ')})`),
  );
}

describe('the colour mode', () => {
  it('is dark by default whatever the system says, from the first paint, before the app has loaded', async () => {
    for (const system of ['light', 'dark', null] as const) {
      const context = await contextWith(system);
      // Without the app's scripts, the boot screen alone: index.html's own script has picked the mode.
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
      const boot = await open(context, paths.auth.login);
      await boot.getByRole('status').getByText('FitGauge').waitFor();
      expect(await looks(boot)).toEqual(DARK);
      await context.unroute(/\/assets\/.*\.js$/);

      const page = await open(context, paths.auth.login);
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await looks(page)).toEqual(DARK);
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b1018');
      await context.close();
    }
  });

  it("is the account page's choice, kept on the device across a reload: Light, or System following the system as it changes", async () => {
    const context = await contextWith('light', GAMER);
    const page = await open(context, paths.home.account.root);
    const appearance = page.getByRole('region', { name: 'Appearance' });
    const theme = appearance.getByRole('group', { name: 'Theme' });
    expect(await theme.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await looks(page)).toEqual(DARK);

    await theme.getByRole('radio', { name: 'System' }).check();
    expect(await looksOnce(page, 'light')).toEqual(LIGHT);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#ffffff');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await looksOnce(page, 'dark')).toEqual(DARK);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    expect(await looks(page)).toEqual(LIGHT);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('radio', { name: 'Light' }).check();
    expect(await looksOnce(page, 'light')).toEqual(LIGHT);
    await page.reload();
    expect(await page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    expect(await looks(page)).toEqual(LIGHT);

    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await looksOnce(page, 'dark')).toEqual(DARK);
    await page.reload();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await context.close();
  });
});

describe('the light theme', () => {
  it('passes axe colour contrast on sign-in, check-in, the account page and team analytics', async () => {
    const signedOut = await lightContext();
    const login = await open(signedOut, paths.auth.login);
    await login.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const findings = { signIn: await contrastFindings(login) };
    await signedOut.close();

    const gamer = await lightContext(GAMER);
    const checkIn = await open(gamer, paths.home.checkIn);
    await checkIn.getByRole('heading', { level: 1 }).waitFor();
    const account = await open(gamer, paths.home.account.root);
    await account.getByRole('region', { name: 'Appearance' }).waitFor();
    Object.assign(findings, { checkIn: await contrastFindings(checkIn), account: await contrastFindings(account) });
    await gamer.close();

    // The analytics page shows the team chosen last, as the director would choose it in the sidebar.
    const { accessToken } = await signIn(DIRECTOR);
    const chosen = await graphql(
      'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }',
      { teamId: NIGHT_OWLS.id },
      { token: accessToken },
    );
    expect(chosen.errors).toBeUndefined();
    const director = await lightContext(DIRECTOR);
    const analytics = await open(director, paths.home.myTeam.statistics);
    await analytics.getByText(`${NIGHT_OWLS.name}: how the team is doing`).waitFor();
    await analytics.locator('.fg-chart-card').first().waitFor();
    Object.assign(findings, { analytics: await contrastFindings(analytics) });
    await director.close();

    expect(findings).toEqual({ signIn: [], checkIn: [], account: [], analytics: [] });
  });
});
