/**
 * The morning, end to end, for the staff (issue 31): on a 390 x 844 phone the Night Owls' director signs in from a
 * signed-out start, sees today's not-ready and not-checked-in members by name without scrolling, and opens one member
 * in one tap, at the top of the page with its summary. The heat map tells a day on focus and walks with the keyboard;
 * the baseline flag marks exactly the members the API says are below their own baseline. Expected values come from
 * the API itself (the seeded 30 days of check-ins).
 */
import { mkdir } from 'node:fs/promises';
import { readinessTier } from '@core/scoring';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { useBrowser } from '../support/browser';
import { DEMO_PASSWORD, demoTeams, graphql, signIn, stackUrls } from '../support/stack';

jest.setTimeout(120_000);

const DIRECTOR = 'director@fitgauge.test';
const COACH = 'coach@fitgauge.test';
const NIGHT_OWLS = demoTeams.find((team) => team.name === 'Night Owls')!;
const PHONE = { width: 390, height: 844 };
const ANALYTICS = '/home/my-team/statistics/';
const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');
/** Set to a folder to keep screenshots of the pages looked at (not needed for the checks). */
const SHOTS = process.env.FG_SCREENSHOTS;

const chromium = useBrowser();

interface Member {
  userId: string;
  fullName: string;
  fgScore: number | null;
  checkedInToday: boolean;
  fgDeviation: { below: boolean } | null;
}

async function membersOfNightOwls(): Promise<Member[]> {
  const { accessToken } = await signIn(DIRECTOR);
  await graphql('mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }', { teamId: NIGHT_OWLS.id }, { token: accessToken });
  const response = await graphql<{ teamMemberScores: Member[] }>(
    'query($teamId: ID!) { teamMemberScores(teamId: $teamId, days: 7) { userId fullName fgScore checkedInToday fgDeviation { below } } }',
    { teamId: NIGHT_OWLS.id },
    { token: accessToken },
  );
  return response.data!.teamMemberScores;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/**
 * A demo account signs in through the page from a signed-out start: `redirectTo` is the return-to path of a link opened
 * signed out; without it the account lands where its role starts.
 */
async function signsIn(email: string, options: BrowserContextOptions, redirectTo?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.browser.newContext(options);
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}/auth/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  return { context, page };
}

describe('the morning for the staff', () => {
  it('shows a coach on a phone who is not ready and not checked in without scrolling, and opens a member in one tap at its top', async () => {
    const members = await membersOfNightOwls();
    const notReady = members.filter((m) => m.checkedInToday && (readinessTier(m.fgScore) === 'Not Ready' || m.fgDeviation?.below));
    const notCheckedIn = members.filter((m) => !m.checkedInToday);

    // The coach of Night Owls alone signs in with no page remembered: he starts on its Analytics (docs/product.md).
    const { context, page } = await signsIn(COACH, { viewport: PHONE, hasTouch: true });
    await page.waitForURL((url) => url.pathname === ANALYTICS);

    const group = (name: string) => page.locator(`.fg-morning__group[data-group="${name}"]`);
    await group('not-checked-in').waitFor();
    const names = async (name: string) => group(name).locator('.fg-morning__names a').allInnerTexts();
    expect((await names('not-ready')).sort()).toEqual(notReady.map((m) => m.fullName).sort());
    expect((await names('not-checked-in')).sort()).toEqual(notCheckedIn.map((m) => m.fullName).sort());

    // Every one of those names is on the first screen: nothing to scroll.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const link of await page.locator('.fg-morning__group:not([data-group="ready"]) .fg-morning__names a').all()) {
      const box = (await link.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    // The baseline flag marks exactly the members below their own baseline today.
    const flagged = await page.locator('.fg-morning__names li[data-below-baseline] a').allInnerTexts();
    expect(flagged.sort()).toEqual(
      members
        .filter((m) => m.fgDeviation?.below)
        .map((m) => m.fullName)
        .sort(),
    );
    await shot(page, 'analytics-phone-dark');

    // Further down, the members table shows name, FG Score and readiness whole on the phone; later columns scroll sideways.
    const readinessHeader = page.getByRole('table', { name: 'Members table' }).getByRole('columnheader', { name: /^Readiness/ });
    // Scrolled down only (scrolling it into view could scroll the table sideways too and hide a cut column).
    await readinessHeader.evaluate((header) => window.scrollBy({ top: header.getBoundingClientRect().top - 100, behavior: 'instant' }));
    const headerBox = (await readinessHeader.boundingBox())!;
    expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

    // One tap on a name: the member's page, at its top, with his summary and actions.
    const first = page.locator('.fg-morning__names a').first();
    const name = await first.innerText();
    const member = members.find((m) => m.fullName === name)!;
    const taps = { count: 0 };
    await page.exposeFunction('countTap', () => (taps.count += 1));
    await page.evaluate(() => document.addEventListener('click', () => (window as unknown as { countTap: () => void }).countTap(), true));
    await first.tap();
    await page.waitForURL((url) => url.pathname === `/home/my-team/statistics/${member.userId}`);
    expect(taps.count).toBe(1);
    await page.getByRole('heading', { name: `${name}'s statistics`, level: 1 }).waitFor();
    const summary = page.getByRole('region', { name: `${name} today` });
    await summary.waitFor();
    await summary.getByRole('link', { name: 'Open journal' }).waitFor();
    expect(await summary.getByRole('button', { name: 'Nudge' }).count()).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await summary.boundingBox())!.y).toBeLessThan(PHONE.height);
    await shot(page, 'member-phone-dark');
    await context.close();
  });

  it('draws the heat map of members by days, empty where nobody checked in, told on focus and walked with the keyboard', async () => {
    const members = await membersOfNightOwls();
    const { context, page } = await signsIn(DIRECTOR, { viewport: { width: 1440, height: 900 } }, ANALYTICS);
    const grid = page.getByRole('grid', { name: /^FG Score by member and day over / });
    await grid.waitFor();
    // One row per member, one column per day of the 7-day window.
    expect(await grid.locator('tbody tr').count()).toBe(members.length);
    expect(await grid.locator('thead th').count()).toBe(7);
    const empty = await grid.locator('td[data-empty]').count();
    const filled = await grid.locator('td[role="gridcell"]:not([data-empty])').count();
    expect(empty + filled).toBe(7 * members.length);
    expect(filled).toBeGreaterThan(0);
    await shot(page, 'analytics-desk-dark');
    // The keyboard enters on the newest day of the first row and moves with the arrows, telling each day.
    await grid.locator('td[tabindex="0"]').focus();
    const status = page.locator('.fg-heat-map__detail');
    const first = await status.innerText();
    expect(first).toMatch(/^.+, \d\d\/\d\d: (FG Score \d+, .+|no check-in|checked in, no FG Score kept for this day)/);
    await page.keyboard.press('ArrowLeft');
    await expect(status.innerText()).resolves.not.toBe(first);
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-cell'));
    expect(focused).toBe('1-5');
    await context.close();
  });
});
