/**
 * A sign-out on another device (docs/accounts.md, "In the web app", "Unauthorized"): an open tab whose access token the
 * server now refuses renews its session with its own refresh token and carries on; when that refresh token is revoked
 * too (signed out everywhere), it goes to sign-in, which says why and returns to the page afterwards.
 */
import { AUTH_ERRORS } from '@core/auth/validation';
import type { BrowserContext, Page } from 'playwright-core';
import { paths } from '../../web/src/config/paths';
import { baseUrl, freshEmail, signInContext, signUpAccount, storedSession } from '../support/accounts';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { graphql } from '../support/stack';

jest.setTimeout(60_000);

const chromium = useBrowser();

const signOut = async (refreshToken: string) => {
  const answer = await graphql(
    'mutation($refreshToken: String!) { logoutUser(refreshToken: $refreshToken) }',
    { refreshToken },
    { publicToken: true },
  );
  expect(answer.errors).toBeUndefined();
};

/** A tab signed in as `email`, open on the check-in page with its data loaded; a device of its own (its own refresh token). */
async function openTab(email: string): Promise<{ context: BrowserContext; page: Page; refreshToken: string }> {
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS.phone });
  context.setDefaultTimeout(15_000);
  const { refreshToken } = await signInContext(context, email);
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}${paths.home.checkIn}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The heading comes before the page's first calls (the API client loads after the first paint): a sign-out before
  // they are answered would be met by them, not by the later use of the tab that the tests are about.
  await page.waitForLoadState('networkidle');
  return { context, page, refreshToken };
}

/** Back to the tab: the page's data is asked for again (the sidebar's link to another page and back). */
async function useTabAgain(page: Page) {
  await page.getByRole('button', { name: 'Navigation menu' }).click();
  await page.getByRole('dialog', { name: 'Navigation menu' }).getByRole('link', { name: 'My scores' }).click();
  await page.waitForURL((url) => url.pathname === paths.home.myScores);
}

it('an open tab renews its session after a sign-out on another device and shows the page, not "Unauthorized"', async () => {
  const email = freshEmail('elsewhere');
  await signUpAccount(email);
  const tab = await openTab(email);
  const otherDevice = await openTab(email);
  const before = (await storedSession(tab.page))!;

  await signOut(otherDevice.refreshToken);
  await useTabAgain(tab.page);
  await tab.page.getByRole('heading', { name: 'My scores', level: 1 }).waitFor();
  await tab.page.waitForFunction((old) => JSON.parse(localStorage.getItem('fg.session') ?? 'null')?.accessToken !== old, before.accessToken);
  await expect(tab.page.getByText('Unauthorized').count()).resolves.toBe(0);
  await expect(tab.page.getByText('could not be loaded').count()).resolves.toBe(0);
  await tab.context.close();
  await otherDevice.context.close();
});

it('signed out everywhere: the open tab goes to sign-in with a message, and sign-in returns to the page', async () => {
  const email = freshEmail('everywhere');
  await signUpAccount(email);
  const tab = await openTab(email);
  await signOut(tab.refreshToken);

  await useTabAgain(tab.page);
  await tab.page.waitForURL((url) => url.pathname === paths.auth.login);
  expect(new URL(tab.page.url()).searchParams.get('redirectTo')).toBe(paths.home.myScores);
  await tab.page.getByRole('alert').filter({ hasText: AUTH_ERRORS.sessionExpired }).waitFor();
  await expect(storedSession(tab.page)).resolves.toBeNull();
  await tab.context.close();
});
