/**
 * Unsaved changes are not lost by a stray click (issue 22): the team form, the video editor, the user side panel and
 * the account profile ask "Leave this page?" before the app moves away from changes not yet saved; Stay keeps the
 * page and what was typed, Leave goes. A reload asks through the browser's own question. A saved form leaves freely.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { accountWithRole, openSignedInPage, type RoleAccount } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { addDashboardPurchase } from '../support/purchases';
import { graphql, useStackEnvironment } from '../support/stack';

jest.setTimeout(90_000);

const chromium = useBrowser();

beforeAll(() => useStackEnvironment());

const LEAVE_TITLE = 'Leave this page?';

/** Clicks a link of the sidebar while the form has changes: the question, Stay, and nothing moved or lost. */
async function staysOnStay(page: Page, link: string, field: string, typed: string): Promise<void> {
  const path = new URL(page.url()).pathname;
  await page.getByRole('navigation').getByRole('link', { name: link }).click();
  const question = page.getByRole('alertdialog', { name: LEAVE_TITLE });
  await question.getByText('You have unsaved changes. If you leave now, they will be lost.').waitFor();
  await question.getByRole('button', { name: 'Stay' }).click();
  await question.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe(path);
  await expect(page.getByLabel(field, { exact: true }).inputValue()).resolves.toBe(typed);
}

async function leavesOnLeave(page: Page, link: string, to: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: link }).click();
  await page.getByRole('alertdialog', { name: LEAVE_TITLE }).getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(to));
}

it('the team form asks before its changes are left, and a reload asks through the browser', async () => {
  const director = await accountWithRole('DIRECTOR', 'unsaved-team', 'Unsaved Director');
  await addDashboardPurchase(director.id);
  const page = await openSignedInPage(chromium, '/home/my-team/new', director.email);
  await page.getByLabel('Name').fill('Half Typed');
  await staysOnStay(page, 'Account', 'Name', 'Half Typed');

  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3_000 }).catch(() => undefined);
  expect(asked).toEqual(['beforeunload']);
  await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Half Typed');

  await leavesOnLeave(page, 'Account', '/home/account');
  await page.context().close();
});

it('the account profile asks before its changes are left, and leaves freely once they are saved', async () => {
  const gamer = await accountWithRole('GAMER', 'unsaved-profile', 'Profile Before');
  const page = await openSignedInPage(chromium, '/home/account', gamer.email);
  await page.getByLabel('Full name').fill('Profile After');
  await staysOnStay(page, 'My scores', 'Full name', 'Profile After');

  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Profile saved.').waitFor();
  await page.getByRole('navigation').getByRole('link', { name: 'My scores' }).click();
  await page.waitForURL((url) => url.pathname === '/home/my-scores');
  await expect(page.getByRole('alertdialog', { name: LEAVE_TITLE }).count()).resolves.toBe(0);
  await page.context().close();
});

it('the user side panel asks before its changes are left', async () => {
  const admin = await accountWithRole('ADMIN', 'unsaved-admin', 'Unsaved Admin');
  const person: RoleAccount = await accountWithRole('GAMER', 'unsaved-person', 'Panel Person');
  const page = await openSignedInPage(chromium, `/home/users/${person.id}`, admin.email);
  await page.getByLabel('Full name').fill('Panel Changed');

  await page.getByRole('button', { name: 'Close user details' }).click();
  const question = page.getByRole('alertdialog', { name: LEAVE_TITLE });
  await question.getByRole('button', { name: 'Stay' }).click();
  expect(new URL(page.url()).pathname).toBe(`/home/users/${person.id}`);
  await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Panel Changed');

  await page.getByRole('button', { name: 'Close user details' }).click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL((url) => url.pathname === '/home/users/' || url.pathname === '/home/users');
  await page.context().close();
});

it('the video editor asks before its changes are left', async () => {
  const admin = await accountWithRole('ADMIN', 'unsaved-editor', 'Editor Admin');
  const { data } = await graphql<{ createVideo: { id: string } }>(
    'mutation($data: VideoCreateInput!) { createVideo(data: $data) { id } }',
    { data: { title: `Unsaved ${randomUUID().slice(0, 6)}`, category: 'meditation', pillarCategory: 'mental' } },
    { token: admin.token },
  );
  const page = await openSignedInPage(chromium, `/home/videos/${data!.createVideo.id}/edit`, admin.email);
  await page.getByLabel('Description').fill('Not saved yet.');
  await staysOnStay(page, 'Users', 'Description', 'Not saved yet.');
  await leavesOnLeave(page, 'Users', '/home/users');
  await page.context().close();
});
