/**
 * The admin user list (/home/users) in Chromium against the local stack: the search (case-insensitive, asked once
 * 600 ms after typing stops) and the status filter; the side panel's `Too Short!`; disabling then enabling a fresh
 * account and signing in as it; a role change seen at the user's next sign-in; bulk delete with its confirmation; the
 * audit log page listing what the admin did. Every case acts on fresh accounts.
 */
import type { Page, Request } from 'playwright-core';
import { accountWithRole, baseUrl, freshEmail, type RoleAccount, signInContext, signUpAccount, submitLogin } from '../support/accounts';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { graphql, useStackEnvironment } from '../support/stack';

jest.setTimeout(90_000);

const chromium = useBrowser();
let admin: RoleAccount;

beforeAll(async () => {
  useStackEnvironment();
  admin = await accountWithRole('ADMIN', 'browser.admin', 'Browser Admin');
});

async function openAs(email: string | null, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport });
  if (email) await signInContext(context, email);
  context.setDefaultTimeout(20_000); // a loaded 2-core machine
  const page = await context.newPage();
  chromium.watchErrors(page, `${path} as ${email ?? 'nobody'}`);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

const closePage = (page: Page) => page.context().close();

/** A fresh gamer with a name only this test uses. */
async function freshUser(label: string, fullName: string) {
  const email = freshEmail(label);
  const { user } = await signUpAccount(email, fullName);
  return { id: user.id, email };
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email });

/** The user-list requests the page sends, with their search. */
function watchSearches(page: Page): (string | null)[] {
  const searches: (string | null)[] = [];
  page.on('request', (request: Request) => {
    const body = request.postData();
    if (!body?.includes('query AdminUsers')) return;
    const { variables } = JSON.parse(body) as { variables?: { where?: { search?: string } } };
    searches.push(variables?.where?.search ?? null);
  });
  return searches;
}

/** Types the search a character every 60 ms and waits for the list's answer to it (sent 600 ms after the last one). */
async function search(page: Page, text: string) {
  const answered = page.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('query AdminUsers') && response.request().postData()?.includes(text)),
  );
  await page.getByLabel('Search users').pressSequentially(text, { delay: 60 });
  await answered;
}

describe('the user list', () => {
  it('searches case-insensitively once typing stops, and filters by status', async () => {
    const unique = `Qz${Date.now().toString(36)}`;
    const active = await freshUser(`${unique.toLowerCase()}.on`, `${unique} Active`);
    const inactive = await freshUser(`${unique.toLowerCase()}.off`, `${unique} Inactive`);
    await graphql('mutation($email: String!) { disableUser(email: $email) { id } }', { email: inactive.email }, { token: admin.token });

    const page = await openAs(admin.email, '/home/users');
    await usersTable(page).waitFor();
    const searches = watchSearches(page);
    await search(page, unique.toUpperCase());
    await rowOf(page, active.email).waitFor();
    await rowOf(page, inactive.email).waitFor();
    // Typed a character every 60 ms: one request, 600 ms after the last one, with the whole term; only its two users.
    expect(searches).toEqual([unique.toUpperCase()]);
    await expect(usersTable(page).locator('tbody tr').count()).resolves.toBe(2);

    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await rowOf(page, active.email).waitFor({ state: 'detached' });
    await expect(rowOf(page, inactive.email).getByRole('cell', { name: 'Inactive', exact: true }).count()).resolves.toBe(1);
    await page.getByLabel('Status').selectOption({ label: 'Active' });
    await rowOf(page, inactive.email).waitFor({ state: 'detached' });
    await rowOf(page, active.email).waitFor();
    await closePage(page);
  });
});

describe('the user panel', () => {
  it('refuses a full name of one character with Too Short!', async () => {
    const person = await freshUser('browser.short', 'Shorty Person');
    const page = await openAs(admin.email, `/home/users/${person.id}`);
    const name = page.getByLabel('Full name');
    await expect(name.inputValue()).resolves.toBe('Shorty Person');
    await expect(page.getByLabel('E-mail').getAttribute('readonly')).resolves.not.toBeNull();
    await name.fill('S');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Too Short!').waitFor();
    await closePage(page);
  });

  it('changes the role, and the user sees it at his next sign-in', async () => {
    const person = await freshUser('browser.promote', 'Soon Coach');
    const page = await openAs(admin.email, `/home/users/${person.id}`);
    await page.getByLabel('Role').selectOption({ label: 'Coach' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Details were updated successfully!').waitFor();
    await closePage(page);

    const own = await openAs(null, '/auth/login');
    await submitLogin(own, person.email);
    await own.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coach Portal' }).waitFor();
    await closePage(own);
  });
});

describe('disable and enable', () => {
  it('a disabled fresh account cannot sign in; once enabled it signs in', async () => {
    const person = await freshUser('browser.toggle', 'Toggle Person');
    const page = await openAs(admin.email, `/home/users/${person.id}`);
    await page.getByRole('link', { name: 'Disable user' }).click();
    await page.waitForURL((url) => url.pathname === `/home/users/${person.id}/disable`);
    await page.getByRole('alertdialog', { name: 'Disable user' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`${person.email} was disabled.`).waitFor();

    const refused = await openAs(null, '/auth/login');
    await submitLogin(refused, person.email);
    await refused.getByRole('alert').filter({ hasText: 'Your account has been disabled. Please contact support.' }).waitFor();
    await closePage(refused);

    await page.goto(`${baseUrl()}/home/users/${person.id}/enable`);
    await page.getByRole('alertdialog', { name: 'Enable user' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`${person.email} was enabled.`).waitFor();
    await closePage(page);

    const allowed = await openAs(null, '/auth/login');
    await submitLogin(allowed, person.email);
    await allowed.waitForURL((url) => url.pathname.startsWith('/home'));
    await allowed.getByRole('navigation', { name: 'Main' }).waitFor();
    await closePage(allowed);
  });
});

describe('bulk delete', () => {
  it('asks first, deletes the selected users and says so', async () => {
    const unique = `bd${Date.now().toString(36)}`;
    const [first, second] = [await freshUser(`${unique}.one`, 'Bulk One'), await freshUser(`${unique}.two`, 'Bulk Two')];
    const page = await openAs(admin.email, '/home/users');
    await search(page, unique);
    await rowOf(page, first.email).waitFor();
    await rowOf(page, second.email).waitFor();
    await page.getByRole('checkbox', { name: `Select ${first.email}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second.email}` }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/bulk-delete'));
    const confirm = page.getByRole('alertdialog', { name: 'Delete users' });
    await confirm.getByText('You are about to delete 2 users. Are you sure you want to proceed?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    // Once the users are gone the list comes back with the search kept, and a toast says how many went.
    await page.waitForURL((url) => /^\/home\/users\/?$/.test(url.pathname));
    await page.locator('[aria-live]').getByText('2 users were deleted.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Bulk delete' }).count()).toBe(0);
    expect(await page.getByLabel('Search users').inputValue()).toBe(unique);
    await rowOf(page, first.email).waitFor({ state: 'detached' });
    await expect(usersTable(page).getByText('No Items Found!').count()).resolves.toBe(1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByRole('row').filter({ hasText: first.email }).filter({ hasText: 'deleteUser' }).waitFor();
    await log.getByRole('row').filter({ hasText: second.email }).filter({ hasText: 'deleteUser' }).waitFor();
    await closePage(page);
  });
});
