/**
 * Account helpers for browser tests: fresh accounts made through the API, sessions to start a page
 * signed in, and the sign-in form. Fresh accounts keep destructive cases (try limit, password reset,
 * disabling) away from the shared demo accounts.
 */
import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Role } from '@core/roles';
import { SESSION_STORAGE_KEY, sessionFromGrant, type AuthGrant } from '../../web/src/features/auth/session/session-store';
import { cognitoClient, DEMO_PASSWORD, graphql, signIn, stackUrls, waitForMail } from './stack';

const GRANT = 'accessToken idToken refreshToken expiresIn groups user { id email fullName avatar role }';

/** An e-mail address nobody has used in this stack yet. */
export const freshEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@fitgauge.test`;

async function publicGrant(field: 'loginUser' | 'signUpUser', query: string, variables: Record<string, unknown>): Promise<AuthGrant> {
  const response = await graphql<Record<string, AuthGrant>>(query, variables, { publicToken: true });
  const grant = response.data?.[field];
  if (!grant) throw new Error(`${field} failed: ${JSON.stringify(response.errors)}`);
  return grant;
}

/** Signs up a new GAMER through the API (password Passw0rd! unless given). */
export function signUpAccount(email: string, fullName = 'Test Gamer', password = DEMO_PASSWORD): Promise<AuthGrant> {
  return publicGrant(
    'signUpUser',
    `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!) {
      signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword) { ${GRANT} } }`,
    { data: { fullName, email }, password, confirmPassword: password },
  );
}

export interface RoleAccount {
  id: string;
  email: string;
  /** An access token, as the web app sends it. */
  token: string;
}

/** A fresh account in exactly one role group (sign-up gives GAMER or SELF; the others are set as an admin would). */
export async function accountWithRole(role: Role, label = 'account', fullName = 'Test Account'): Promise<RoleAccount> {
  const email = freshEmail(label);
  const { user } = await publicGrant(
    'signUpUser',
    `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!, $role: Role) {
      signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword, role: $role) { ${GRANT} } }`,
    { data: { fullName, email }, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role: role === 'SELF' ? 'SELF' : 'GAMER' },
  );
  if (role !== 'SELF' && role !== 'GAMER') {
    const cognito = cognitoClient();
    const { userPoolId } = stackUrls();
    try {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.id, GroupName: role }));
      await cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: user.id, GroupName: 'GAMER' }));
    } finally {
      cognito.destroy();
    }
  }
  return { id: user.id, email, token: (await signIn(email)).accessToken };
}

export function logInAccount(email: string, password = DEMO_PASSWORD): Promise<AuthGrant> {
  return publicGrant('loginUser', `mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { ${GRANT} } }`, {
    email,
    password,
  });
}

/** Starts every page of `context` signed in as `email`: the session the app keeps in local storage, set before it loads. */
export async function signInContext(context: BrowserContext, email: string): Promise<AuthGrant> {
  const grant = await logInAccount(email);
  const stored = JSON.stringify(sessionFromGrant(grant, Date.now()));
  await context.addInitScript(
    ([key, value]) => {
      // Only on the first load, so sign-out and reloads behave as they do for a user.
      if (!sessionStorage.getItem('fg.test.seeded')) {
        localStorage.setItem(key!, value!);
        sessionStorage.setItem('fg.test.seeded', '1');
      }
    },
    [SESSION_STORAGE_KEY, stored],
  );
  return grant;
}

/**
 * A page of its own context, signed in as `email`, opened at `path`; waits fail after 15 s, before a test's own
 * timeout. `watchErrors` is useBrowser's, so the test fails on the page's uncaught errors.
 */
export async function openSignedInPage(
  chromium: { readonly browser: Browser; watchErrors: (page: Page, label?: string) => void },
  path: string,
  email: string,
  viewport?: { width: number; height: number },
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  const context = await chromium.browser.newContext({ ...contextOptions, ...(viewport ? { viewport } : {}) });
  await signInContext(context, email);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

/** The session the app keeps in local storage, as the page sees it. */
export const storedSession = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as ReturnType<typeof sessionFromGrant>) : null;
  }, SESSION_STORAGE_KEY);

/** Fills in and sends the sign-in form of the page (which must show /auth/login). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The 6-digit password-reset code mailed to `email` after `since` (read from the stack's outbox). */
export async function resetCodeFor(email: string, since: Date): Promise<string> {
  const mail = await waitForMail(email, since);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail to ${email}: ${mail.text}`);
  return code;
}

/** The 6-digit e-mail proof code mailed to `email` after `since` (sendEmailProof; read from the stack's outbox). */
export async function emailProofCodeFor(email: string, since: Date): Promise<string> {
  const mail = await waitForMail(email, since);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail to ${email}: ${mail.text}`);
  return code;
}

/**
 * Proves the account's mailbox the way a user does (docs/accounts.md, "Proving your mailbox"): sendEmailProof, the code
 * read from the mail, proveEmail. Needed before a trial, or a coupon applied to one's own e-mail at once.
 */
export async function proveMailbox(account: { email: string; token: string }): Promise<void> {
  const since = new Date();
  const sent = await graphql('mutation { sendEmailProof }', {}, { token: account.token });
  if (sent.errors) throw new Error(`sendEmailProof failed: ${JSON.stringify(sent.errors)}`);
  const code = await emailProofCodeFor(account.email, since);
  const proven = await graphql('mutation($code: String!) { proveEmail(code: $code) }', { code }, { token: account.token });
  if (proven.data?.proveEmail !== true) throw new Error(`proveEmail failed: ${JSON.stringify(proven.errors)}`);
}

/** The token of the coupon link mailed to `email` after `since` (applyCouponToEmail; read from the stack's outbox). */
export async function couponLinkTokenFor(email: string, since: Date): Promise<string> {
  const mail = await waitForMail(email, since);
  const token = /\/coupon\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No coupon link in the mail to ${email}: ${mail.text}`);
  return token;
}

export const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');
