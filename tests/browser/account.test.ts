/**
 * The account page in Chromium against the local stack, with fresh accounts: a profile edit is saved with a toast and
 * kept after a reload; the readiness-alert e-mail setting toggles and stays after a reload; the data export downloads
 * a zip, read back here (the gamer's answers in JSON and CSV); deleting the account signs the user out and the e-mail
 * can sign up again. And team analytics live: the director's open analytics page changes when a gamer checks in.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answersWith } from '@core/test-support/answers';
import { scoreDayOf } from '@core/dates';
import { readinessTier, scoreDay } from '@core/scoring';
import { strFromU8, unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { accountWithRole, signInContext, signUpAccount, type RoleAccount } from '../support/accounts';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { stackUrls, useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(120_000);

const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const PROFILE = 'query { me { fullName username timeZone preferMetricUnits readinessAlertEmails } }';
const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');
const chromium = useBrowser();
const contexts: BrowserContext[] = [];

beforeAll(() => {
  useStackEnvironment();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A page signed in as `who`, opened at `path`. */
async function pageAt(who: RoleAccount, path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport, acceptDownloads: true });
  contexts.push(context);
  await signInContext(context, who.email);
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

describe('the account page', () => {
  it('saves a profile edit with a toast, and it is there after a reload', async () => {
    const gamer = await accountWithRole('GAMER', 'account.profile', 'Before Name');
    const page = await pageAt(gamer, '/home/account');
    await page.getByRole('link', { name: 'Account' }).first().waitFor();
    await page.getByLabel('Full name').fill('After Name');
    await page.getByLabel('Username').fill('afterhandle');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByText('Use metric units (kg, cm)').click();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();

    const { me } = await ok(gamer, PROFILE);
    expect(me).toMatchObject({ fullName: 'After Name', username: 'afterhandle', timeZone: 'Europe/Berlin', preferMetricUnits: true });
    await page.reload();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('After Name');
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('Europe/Berlin');
  });

  it('turns readiness-alert e-mails off and keeps the setting after a reload', async () => {
    const director = await accountWithRole('DIRECTOR', 'account.alerts', 'Alert Director');
    const page = await pageAt(director, '/home/account/notifications');
    const setting = page.getByRole('checkbox', { name: /checks in Not Ready/ });
    await expect(setting.isChecked()).resolves.toBe(true);
    await page.getByText(/checks in Not Ready/).click();
    await page.getByText('Readiness-alert e-mails turned off.').waitFor();
    expect((await ok(director, PROFILE)).me.readinessAlertEmails).toBe(false);
    await page.reload();
    await setting.waitFor({ state: 'attached' });
    await expect(setting.isChecked()).resolves.toBe(false);
  });

  it('downloads the data export as a zip holding the gamer’s answers', async () => {
    const gamer = await accountWithRole('GAMER', 'account.export', 'Export Gamer');
    await ok(gamer, CHECK_IN, { answers: answersWith('best') });
    const page = await pageAt(gamer, '/home/account/data', VIEWPORTS.phone);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fitgauge-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const folder = await mkdtemp(join(tmpdir(), 'fg-export-'));
    try {
      const file = join(folder, download.suggestedFilename());
      await download.saveAs(file);
      const files = unzipSync(new Uint8Array(await readFile(file)));
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining(['README.txt', 'user.json', 'user.csv', 'answer.json', 'answer.csv', 'member-day.json']),
      );
      const answers = JSON.parse(strFromU8(files['answer.json']!)) as { questionSlug: string; userId: string }[];
      expect(answers.map((answer) => answer.questionSlug).sort()).toEqual(
        answersWith('best')
          .map((answer) => answer.questionSlug)
          .sort(),
      );
      expect(new Set(answers.map((answer) => answer.userId))).toEqual(new Set([gamer.id]));
      expect(strFromU8(files['answer.csv']!).split('\r\n')).toHaveLength(answers.length + 1);
      expect(JSON.parse(strFromU8(files['user.json']!))).toEqual([expect.objectContaining({ id: gamer.id, email: gamer.email })]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('deletes the account after the e-mail is typed, signs the user out, and the e-mail can sign up again', async () => {
    const gamer = await accountWithRole('GAMER', 'account.delete', 'Leaving Gamer');
    const page = await pageAt(gamer, '/home/account/delete');
    const confirm = page.getByLabel(`Type ${gamer.email} to confirm`);
    await confirm.fill('someone.else@fitgauge.test');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('That is not the e-mail of your account.').waitFor();
    await confirm.fill(gamer.email);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.getByText('Your account was deleted.').waitFor();
    const again = await signUpAccount(gamer.email, 'Back Again');
    expect(again.user.id).not.toBe(gamer.id);
  });
});

describe('team analytics live', () => {
  it("updates the director's open analytics page when a gamer checks in, without a reload", async () => {
    const people = await accounts({ director: 'DIRECTOR', gamer: 'GAMER' }, 'account.live');
    const teamId = await teamOf(people.director, [[people.gamer, 'GAMER']], 'Live Owls');
    // A director enters a team whose subscription runs (docs/billing.md).
    const at = new Date().toISOString();
    await dynamoSubscriptionStore.createTeamSubscription({
      teamId,
      userId: people.director.id,
      subscriptionId: `sub_${teamId}`,
      productName: 'Team Dashboard',
      status: 'active',
      paymentFrequency: 'monthly',
      endSubscriptionAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      createdAt: at,
      updatedAt: at,
    });
    await ok(people.director, 'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }', { teamId });
    const page = await pageAt(people.director, '/home/my-team/statistics/');
    const tier = readinessTier(scoreDay(scoreDayOf(new Date(), 'UTC'), answersWith('best')).gameReadiness)!;
    const count = (of: string) => page.locator(`.fg-tier-count[data-tier="${of}"] .fg-tier-count__value`);
    await count('No data').filter({ hasText: /^1$/ }).waitFor();
    await expect(count(tier).textContent()).resolves.toBe('0');
    // Marks this document: a reload would start a new one without it.
    await page.evaluate(() => Object.assign(window, { fgSameDocument: true }));

    await ok(people.gamer, CHECK_IN, { answers: answersWith('best') });

    await count(tier).filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
    await expect(count('No data').textContent()).resolves.toBe('0');
    expect(await page.evaluate(() => (window as { fgSameDocument?: boolean }).fgSameDocument)).toBe(true);
  });
});
