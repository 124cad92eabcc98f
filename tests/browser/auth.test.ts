/**
 * Accounts and sessions in Chromium against the local stack (production web build): the account-flow
 * rows of the spec's error catalogue with their exact texts, sign-up, password reset through the mail
 * outbox, the /home guard with deep links, session persistence and sign-out, Discord through the local
 * stand-in, and where each demo account lands.
 */
import { AUTH_ERRORS } from '@core/auth/validation';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { db } from '../../lambdas/lib/db/client';
import { userItem } from '../../lambdas/lib/stores/user-store';
import { baseUrl, freshEmail, resetCodeFor, signInContext, signUpAccount, storedSession, submitLogin } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { DEMO_PASSWORD, demoAccounts, graphql, stackUrls, useStackEnvironment } from '../support/stack';

const DEFAULT_ERROR = "We're having some trouble logging you in. Please try again later.";

jest.setTimeout(30_000);

const chromium = useBrowser();

async function openPage(path: string, options: { signedInAs?: string; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop });
  if (options.signedInAs) await signInContext(context, options.signedInAs);
  context.setDefaultTimeout(10_000); // fail on the step that waits, before the test's own timeout
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

const closePage = (page: Page) => page.context().close();

/** Path and query of the page now. */
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

const waitForPath = (page: Page, pathAndQuery: string) =>
  page.waitForURL((url) => `${url.pathname}${url.search}` === pathAndQuery, { timeout: 10_000 });

/** The sign-in page's error, announced as an alert. */
const loginAlert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

beforeAll(() => {
  useStackEnvironment(); // for the few checks made straight on DynamoDB
});

afterAll(() => {
  db().destroy();
});

describe('sign-in errors (docs/accounts.md, Sign-in)', () => {
  it('unknown e-mail: "Email not found"', async () => {
    const page = await openPage('/auth/login');
    await submitLogin(page, freshEmail('nobody'), 'Whatever1!');
    await loginAlert(page, 'Email not found').waitFor();
    expect(where(page)).toBe('/auth/login');
    await closePage(page);
  });

  it('wrong passwords count down the tries left, then the try limit holds even for the right password', async () => {
    const email = freshEmail('locked');
    await signUpAccount(email);
    const page = await openPage('/auth/login');
    for (const left of [4, 3, 2, 1]) {
      await submitLogin(page, email, 'Wrong-passw0rd');
      await loginAlert(page, `Wrong password. You still have ${left} tries left.`).waitFor();
    }
    await submitLogin(page, email, 'Wrong-passw0rd');
    await loginAlert(page, 'Error logging in user. You have reached your try limit.').waitFor();
    await submitLogin(page, email, DEMO_PASSWORD);
    await loginAlert(page, 'Error logging in user. You have reached your try limit.').waitFor();
    await page.waitForTimeout(300);
    expect(where(page)).toBe('/auth/login');
    await closePage(page);
  });

  it("a disabled account gets the server's text as it comes", async () => {
    const email = freshEmail('disabled');
    const { user } = await signUpAccount(email);
    await db().send(
      new UpdateCommand({
        TableName: stackUrls().tableName,
        Key: userItem.key(user),
        UpdateExpression: 'SET enabled = :no',
        ExpressionAttributeValues: { ':no': false },
      }),
    );
    const page = await openPage('/auth/login');
    await submitLogin(page, email);
    await loginAlert(page, 'Your account has been disabled. Please contact support.').waitFor();
    await closePage(page);
  });

  it('a failure the server does not explain (network) shows the default text', async () => {
    const page = await openPage('/auth/login');
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('loginUser') ? route.abort('connectionreset') : route.continue(),
    );
    await submitLogin(page, 'coach@fitgauge.test');
    await loginAlert(page, DEFAULT_ERROR).waitFor();
    await closePage(page);
  });

  it('validates the form with the shared rules before calling the server, with labelled fields', async () => {
    const page = await openPage('/auth/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter an email address' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Please enter a password' }).waitFor();
    const email = page.getByLabel('E-mail', { exact: true });
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    // The field's error is its description, so it is read with the field.
    const describedBy = await email.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe('Please enter an email address');
    await closePage(page);
  });

  it('"User not found. Please sign up" when the account is gone: the session ends and sign-in says why', async () => {
    const email = freshEmail('gone');
    await signUpAccount(email);
    const context = await chromium.browser.newContext();
    context.setDefaultTimeout(10_000);
    const grant = await signInContext(context, email);
    const page = await context.newPage();
    chromium.watchErrors(page);
    await page.goto(`${baseUrl()}/pricing`);
    await page.getByText('Signed in as Test Gamer').waitFor();

    await db().send(new DeleteCommand({ TableName: stackUrls().tableName, Key: userItem.key(grant.user) }));
    // The token is about to expire: opening a page renews it first, and the server no longer knows the user.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('fg.session')!);
      localStorage.setItem('fg.session', JSON.stringify({ ...session, expiresAt: Date.now() + 60_000 }));
    });
    await page.goto(`${baseUrl()}/home/my-team`);
    await waitForPath(page, `/auth/login?redirectTo=${encodeURIComponent('/home/my-team')}`);
    await loginAlert(page, 'User not found. Please sign up').waitFor();
    await expect(storedSession(page)).resolves.toBeNull();
    await context.close();
  });
});

describe('sign-up', () => {
  it('signs up a new gamer, who lands on /pricing signed in', async () => {
    const email = freshEmail('newgamer');
    const page = await openPage('/auth/login');
    await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
    await waitForPath(page, '/auth/signup');
    await page.getByLabel('Name', { exact: true }).fill('Nina Newgamer');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('N3w-gamer!');
    await page.getByLabel('Confirm password', { exact: true }).fill('N3w-gamer!');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitForPath(page, '/pricing');
    await page.getByText('Signed in as Nina Newgamer').waitFor();
    const session = await storedSession(page);
    expect(session).toMatchObject({ groups: ['GAMER'], user: { email, fullName: 'Nina Newgamer', role: 'GAMER' } });
    await closePage(page);
  });

  it('an e-mail that has an account: "User with that email already exists. Please login."', async () => {
    const page = await openPage('/auth/signup');
    await page.getByLabel('Name', { exact: true }).fill('Copy Cat');
    await page.getByLabel('E-mail', { exact: true }).fill('gamer1@fitgauge.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'User with that email already exists. Please login.' }).waitFor();
    expect(where(page)).toBe('/auth/signup');
    await closePage(page);
  });

  it('"Passwords don\'t match" under the confirm password field', async () => {
    const page = await openPage('/auth/signup');
    await page.getByLabel('Name', { exact: true }).fill('Typo Tom');
    await page.getByLabel('E-mail', { exact: true }).fill(freshEmail('typo'));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill('Passw0rd?');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await page.getByRole('alert').filter({ hasText: "Passwords don't match" }).waitFor();
    const describedBy = await confirm.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe("Passwords don't match");
    // Under the confirm field: the message comes right after it on the page.
    const [fieldBox, messageBox] = await Promise.all([confirm.boundingBox(), page.locator(`[id="${describedBy}"]`).boundingBox()]);
    expect(messageBox!.y).toBeGreaterThan(fieldBox!.y);
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).resolves.not.toBe('true');
    await closePage(page);
  });

  it("an invite link fills in the e-mail and sends the code; a code the server doesn't know gets its message", async () => {
    const email = freshEmail('invited');
    const page = await openPage(`/auth/signup?invite=ZZZZ9999&email=${encodeURIComponent(email)}&role=COACH`);
    await expect(page.getByLabel('E-mail', { exact: true }).inputValue()).resolves.toBe(email);
    await page.getByLabel('Name', { exact: true }).fill('Lost Link');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'This team code is not valid.' }).waitFor();
    expect(where(page)).toMatch(/^\/auth\/signup\?invite=ZZZZ9999&/);
    await expect(storedSession(page)).resolves.toBeNull();
    await closePage(page);
  });

  it('links back to sign-in and to the pricing page', async () => {
    const page = await openPage('/auth/signup');
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    const pricing = page.getByRole('link', { name: /^Pricing/ });
    expect(await pricing.getAttribute('href')).toBe('/pricing');
    expect(await pricing.getAttribute('target')).toBe('_blank');
    await closePage(page);
  });
});

describe('password reset', () => {
  const failureDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Password Reset Failed' });

  async function expectFailure(page: Page, message: string) {
    const dialog = failureDialog(page);
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(message);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('walks e-mail -> mailed code -> new password, then signs in with the new password', async () => {
    const email = freshEmail('reset');
    await signUpAccount(email);
    const page = await openPage('/auth/login');

    // The link carries the typed e-mail, which sends the request at once.
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    const since = new Date();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, `/auth/forgot-password?${new URLSearchParams({ email })}`);
    await page.getByText(`If an account exists for ${email}, a 6-digit code is on its way.`).waitFor();
    const code = await resetCodeFor(email, since);

    await page.getByRole('button', { name: 'Verify' }).click();
    await expectFailure(page, 'Please enter a valid code');
    await page.getByLabel('Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectFailure(page, 'Invalid or expired code.');
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    const newPassword = 'Fr3sh-start!';
    await page.getByLabel('New password', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFailure(page, 'Please enter a password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFailure(page, 'Passwords do not match');
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    const changed = page.getByRole('dialog', { name: 'Password changed' });
    await changed.waitFor();
    await changed.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, `/auth/login?${new URLSearchParams({ email })}`);

    await submitLogin(page, email, DEMO_PASSWORD);
    await loginAlert(page, 'Wrong password. You still have 4 tries left.').waitFor();
    await submitLogin(page, email, newPassword);
    await waitForPath(page, '/home/today');
    await closePage(page);
  });

  it('asks for an e-mail first: "Please enter an email address"', async () => {
    const page = await openPage('/auth/forgot-password');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectFailure(page, 'Please enter an email address');
    await expect(page.getByLabel('E-mail', { exact: true }).isVisible()).resolves.toBe(true);
    await closePage(page);
  });
});

describe('session and the /home guard', () => {
  it('a deep link under /home, opened signed out, is where sign-in returns to', async () => {
    const deepLink = '/home/my-team/journal?teamId=night-owls&day=2026-03-01';
    const page = await openPage(deepLink);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(deepLink);
    await submitLogin(page, 'coach@fitgauge.test');
    await waitForPath(page, deepLink);
    await page.getByRole('main').getByRole('heading', { name: 'Journal' }).waitFor();
    await closePage(page);
  });

  it('reload keeps the session; Sign Out ends it (refresh token revoked) and a reload stays signed out', async () => {
    const page = await openPage('/auth/login');
    await submitLogin(page, 'director@fitgauge.test');
    await waitForPath(page, '/home/manager-portal');

    // Sidebar header: avatar, full name, role label.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText('Dana Director').waitFor();
    await expect(sidebar.getByText('Director', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(sidebar.locator('.fg-sidebar__avatar').isVisible()).resolves.toBe(true);

    await page.reload();
    await page.getByRole('main').getByRole('heading', { name: 'Director Portal' }).waitFor();
    expect(where(page)).toBe('/home/manager-portal');
    const { refreshToken } = (await storedSession(page))!;

    await sidebar.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/auth/login');
    await expect(storedSession(page)).resolves.toBeNull();
    const refreshed = await graphql(
      'mutation($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { accessToken } }',
      { refreshToken },
      { publicToken: true },
    );
    // The signed-out refresh token is refused as an expired session, not for some other reason.
    expect(refreshed.errors?.map(({ message, errorType }) => ({ message, errorType }))).toEqual([
      { message: AUTH_ERRORS.sessionExpired, errorType: 'Unauthorized' },
    ]);

    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(`${baseUrl()}/home/manager-portal`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await closePage(page);
  });

  it('renews a token about to expire (240000 ms margin) through the API and keeps the user signed in', async () => {
    const page = await openPage('/pricing', { signedInAs: 'solo@fitgauge.test' });
    await page.getByText('Signed in as Sol Solo').waitFor();
    const before = (await storedSession(page))!;
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('fg.session')!);
      localStorage.setItem('fg.session', JSON.stringify({ ...session, expiresAt: Date.now() + 200_000 }));
    });
    await page.reload();
    await page.waitForFunction((old) => JSON.parse(localStorage.getItem('fg.session') ?? 'null')?.accessToken !== old, before.accessToken);
    const after = (await storedSession(page))!;
    expect(after.expiresAt - Date.now()).toBeGreaterThan(240_000);
    expect(after.refreshToken).toBe(before.refreshToken);
    await page.getByText('Signed in as Sol Solo').waitFor();
    await closePage(page);
  });

  it('a server message containing "jwt expired" renews the session (session-expired handler)', async () => {
    const context = await chromium.browser.newContext();
    context.setDefaultTimeout(10_000);
    const grant = await signInContext(context, 'coach@fitgauge.test');
    const page = await context.newPage();
    chromium.watchErrors(page);
    // The first profile request is answered as a server would for an expired token.
    let answered = false;
    await page.route('**/graphql', (route) => {
      if (answered || !route.request().postData()?.includes('query Me')) return route.continue();
      answered = true;
      return route.fulfill({ json: { data: { me: null }, errors: [{ message: 'Error: jwt expired', errorType: 'Unauthorized' }] } });
    });
    const renewal = page.waitForRequest((request) => request.postData()?.includes('mutation RefreshToken') ?? false);
    await page.goto(`${baseUrl()}/home/coach-portal`);
    await renewal;
    await page.waitForFunction((old) => JSON.parse(localStorage.getItem('fg.session') ?? 'null')?.accessToken !== old, grant.accessToken);
    expect(where(page)).toBe('/home/coach-portal');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Chris Coach').waitFor();
    await context.close();
  });

  it('a non-admin opening an admin-only route is sent to /home/users/', async () => {
    const page = await openPage('/home/payments/', { signedInAs: 'coach@fitgauge.test' });
    await waitForPath(page, '/home/users/');
    await page.getByRole('main').getByRole('heading', { name: 'No access' }).waitFor();
    await closePage(page);
  });
});

describe('where each demo account lands after sign-in', () => {
  const landing: Record<string, string> = {
    SUPERADMIN: '/home/videos/',
    ADMIN: '/home/videos/',
    DIRECTOR: '/home/manager-portal',
    // The demo coach coaches Night Owls alone: he starts on its Analytics (docs/product.md, the routing differences).
    COACH: '/home/my-team/statistics/',
    GAMER: '/home/today',
  };
  const expected = (email: string, role: string) => (email === 'newcoach@fitgauge.test' ? '/home/coach-portal?tab=team-invite' : landing[role]!);

  it.each(demoAccounts.map((account) => [account.email, account.role] as const))('%s (%s)', async (email, role) => {
    const page = await openPage('/');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await submitLogin(page, email);
    await waitForPath(page, expected(email, role));
    await closePage(page);
  });
});

describe('Discord sign-in through the local stand-in', () => {
  it('round trip makes a gamer account; that account cannot use a password; a password account cannot use Discord', async () => {
    const email = freshEmail('discord');
    const page = await openPage('/auth/login');
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/oauth2/authorize'));
    const authorize = new URL(page.url());
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      redirect_uri: `${baseUrl()}/auth/login`,
      response_type: 'code',
      scope: 'identify email',
    });
    await page.getByLabel('Discord name').fill('Disco Dan');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await waitForPath(page, '/home/today');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Disco Dan').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/auth/login');

    await submitLogin(page, email, 'Any-passw0rd');
    await loginAlert(page, "You've signed up using Discord. Please use Discord to log back in.").waitFor();

    // gamer2's e-mail on Discord: the password account has no Discord id.
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await page.getByRole('link', { name: /Ben on Discord/ }).click();
    await loginAlert(page, 'Error logging in user. No discord ID found. Please sign up using Discord.').waitFor();
    expect(where(page)).toBe('/auth/login');
    await expect(storedSession(page)).resolves.toBeNull();
    await closePage(page);
  });

  it('returns to the remembered deep link after Discord sign-in', async () => {
    const page = await openPage('/home/coach-portal?tab=teams');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await page.getByLabel('Discord name').fill('Deep Linker');
    await page.getByLabel('E-mail', { exact: true }).fill(freshEmail('discord-deep'));
    await page.getByRole('button', { name: 'Authorize' }).click();
    // A gamer is not a coach, but the guard only asks for a session: the page opens.
    await waitForPath(page, '/home/coach-portal?tab=teams');
    await closePage(page);
  });

  it('a code that this tab did not ask for is refused with the default text', async () => {
    const page = await openPage('/auth/login?code=forged&state=nope');
    await loginAlert(page, DEFAULT_ERROR).waitFor();
    await waitForPath(page, '/auth/login');
    await closePage(page);
  });
});

describe('accessibility', () => {
  it.each(['/auth/login', '/auth/signup', '/auth/forgot-password'])('%s has no axe findings, with errors shown', async (path) => {
    const page = await openPage(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^(Sign In|Sign Up|Send code)$/ }).click();
    await page
      .getByRole(path === '/auth/forgot-password' ? 'alertdialog' : 'alert')
      .first()
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await closePage(page);
  });
});

describe('account pages on a 375px phone', () => {
  it.each(['/auth/login', '/auth/signup', '/auth/forgot-password'])('%s fits without sideways scrolling', async (path) => {
    const page = await openPage(path, { viewport: VIEWPORTS.phone });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await closePage(page);
  });
});
