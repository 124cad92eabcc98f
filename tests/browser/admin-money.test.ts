/**
 * The admin money pages in Chromium against the local stack: Add Payment stays disabled until e-mail and frequency are
 * given, shows a refusal inline and adds a payment the table then lists; the promotion tabs, the 41-character name
 * message, a duplicate-code CSV refused and a CSV accepted; both coupon score reports find the seeded WELCOME20 data
 * (asked once, after the 600 ms pause, never while the box is empty) and download xlsx files read back here.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { presetWindow } from '@core/date-range-presets';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { freshEmail, signUpAccount } from '../support/accounts';
import { DEMO_PASSWORD, graphql, signIn, stackUrls } from '../support/stack';

jest.setTimeout(120_000);

const ADMIN = 'admin@fitgauge.test';
const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');
const chromium = useBrowser();

async function adminPage(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}/auth/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  return page;
}

async function api<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const { accessToken } = await signIn(ADMIN);
  const response = await graphql<T>(query, variables, { token: accessToken });
  if (response.errors?.length) throw new Error(response.errors.map((error) => error.message).join('; '));
  return response.data!;
}

describe('payments', () => {
  it('keeps Add Payment disabled until filled, shows a refusal in the dialog and lists the payment it adds', async () => {
    const { user } = await signUpAccount(freshEmail('browser.payment'));
    const page = await adminPage('/home/payments/');
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Stats' }).waitFor();
    expect(await page.getByLabel('Role').inputValue()).toBe('GAMER');
    expect(await page.getByLabel('Status').inputValue()).toBe('active');
    expect(await page.getByLabel('Created preset').inputValue()).toBe('last-week');

    await page.getByRole('button', { name: 'Add Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment' });
    const add = dialog.getByRole('button', { name: 'Add Payment' });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel('Email').fill(freshEmail('nobody'));
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel('Payment frequency').selectOption('monthly');
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await dialog.getByRole('alert').filter({ hasText: 'No account has this e-mail.' }).waitFor();

    await dialog.getByLabel('Email').fill(user.email);
    await add.click();
    await page.getByText(`Payment added for ${user.email}.`).waitFor();
    expect(await dialog.count()).toBe(0);

    await page.getByRole('textbox', { name: 'User e-mail', exact: true }).fill(user.email);
    const row = page.getByRole('row').filter({ hasText: user.email });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Gamer', 'Manual', 'Monthly', 'Active']));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('promotion', () => {
  it('offers only the Create tab, says the 41-character name is too long, refuses a duplicate code and accepts a CSV', async () => {
    const page = await adminPage('/home/promotion/', VIEWPORTS.phone);
    expect(await page.getByRole('tab', { name: 'Create' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Update' }).isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'View' }).isDisabled()).toBe(true);

    const name = page.getByLabel('Promotion name');
    await name.fill('x'.repeat(41));
    await page.getByText('promotionName should be less than 40 characters.').waitFor();
    await name.fill('Browser spring');
    expect(await page.getByText('promotionName should be less than 40 characters.').count()).toBe(0);
    await page.getByLabel('Platform').selectOption('iOS');

    const batch = Math.random().toString(36).slice(2, 8).toUpperCase();
    const upload = (lines: string[]) =>
      page.locator('input[type=file]').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await upload(['code', `B${batch}-1`, `b${batch}-1`]);
    await page.getByText('Chosen: codes.csv').waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `The file has duplicate codes: B${batch}-1 (rows 2 and 3).` })
      .waitFor();

    await upload(['code', `B${batch}-1`, `B${batch}-2`]);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Promotion Browser spring created with 2 codes.').waitFor();
    expect(await page.getByLabel('Promotion name').inputValue()).toBe('');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('coupon score reports', () => {
  const GAMERS = `query($couponId: String!, $startDate: AWSDate!, $endDate: AWSDate!) {
    getGamersFromCoupon(couponId: $couponId, startDate: $startDate, endDate: $endDate) { userEmail points { date value } } }`;
  const TEAMS = `query($couponId: String!, $startDate: AWSDate!, $endDate: AWSDate!) {
    getTeamsFromCoupon(couponId: $couponId, startDate: $startDate, endDate: $endDate) { teamName points { date value } } }`;

  const cases = [
    {
      path: '/home/user-performance/',
      field: 'GamersFromCoupon',
      query: GAMERS,
      file: 'WELCOME20_user_fg_score.xlsx',
      header: 'userEmail',
      seen: 'gamer6@fitgauge.test',
    },
    {
      path: '/home/teams-performance/',
      field: 'TeamsFromCoupon',
      query: TEAMS,
      file: 'WELCOME20_teams_fg_score.xlsx',
      header: 'teamName',
      seen: 'Night Owls',
    },
  ] as const;

  it.each(cases)('$path finds the WELCOME20 data by day and downloads $file', async ({ path, field, query, file, header, seen }) => {
    const page = await adminPage(path);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes(field)) asked.push(request.postData()!);
    });
    await page.getByText('Type a coupon').waitFor();
    await page.waitForTimeout(800);
    expect(asked).toEqual([]);

    await page.getByRole('textbox', { name: 'Coupon', exact: true }).pressSequentially('welcome20', { delay: 60 });
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: seen }).first().waitFor();
    expect(asked).toHaveLength(1);

    const window = presetWindow('last-month', new Date().toISOString().slice(0, 10))!;
    const data = await api<Record<string, { points: { date: string; value: number | null }[]; userEmail?: string; teamName?: string }[]>>(query, {
      couponId: 'WELCOME20',
      ...window,
    });
    const expected = Object.values(data)[0]
      .flatMap((report) => report.points.map((point) => [point.date, report.userEmail ?? report.teamName!, point.value]))
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
    expect(expected.length).toBeGreaterThan(10);
    // The first page of the table: the earliest days, scores with one decimal.
    const firstScores = await table.locator('tbody tr td:last-child').allTextContents();
    expect(firstScores).toEqual(expected.slice(0, firstScores.length).map((row) => (row[2] === null ? 'No data' : Number(row[2]).toFixed(1))));

    const folder = await mkdtemp(join(tmpdir(), 'fg-coupon-report-'));
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Excel' }).click()]);
      expect(download.suggestedFilename()).toBe(file);
      const saved = join(folder, file);
      await download.saveAs(saved);
      const book = XLSX.read(await readFile(saved));
      const [head, ...rows] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]]!, { header: 1, defval: null });
      expect(head).toEqual(['date', header, 'fgScore']);
      expect(rows).toEqual(expected);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    await page.context().close();
  });
});
