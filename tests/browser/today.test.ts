/**
 * A gamer's morning on a 390 x 844 phone (issue 31; docs/product.md, "Where FitGauge leaves the spec"): from a signed-out
 * start a gamer signs in and reaches today's check-in in 1 tap; a full first check-in takes at most 24 taps and "Same as
 * yesterday" at most 2 (counted by the thumb bench/check-in-taps uses); after the first check-in one tap turns reminders
 * on; sign-up through a team's invite and /home (the installed app's start) land on Today; a remembered path still wins;
 * /pricing for a gamer in a team shows Attention!, whose Leave Team asks first and which leads to Today; My scores draws
 * its charts as they come into view.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { accountWithRole, baseUrl, freshEmail, signInContext, signUpAccount, storedSession, submitLogin } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { answerEverything, SAVED, storeYesterday, Thumb } from '../support/check-in-thumb';
import { addDashboardPurchase } from '../support/purchases';
import { graphql, useStackEnvironment, waitForMail } from '../support/stack';

jest.setTimeout(90_000);

const PHONE = { width: 390, height: 844 };
const TIME_ZONE = 'UTC';
const chromium = useBrowser();

beforeAll(() => useStackEnvironment());

async function phoneContext(): Promise<BrowserContext> {
  const context = await chromium.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, timezoneId: TIME_ZONE });
  context.setDefaultTimeout(20_000);
  return context;
}

async function newPhonePage(context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await phoneContext())).newPage();
  chromium.watchErrors(page);
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

const api = async <T>(query: string, token: string, variables: Record<string, unknown> = {}) => {
  const { data, errors } = await graphql<T>(query, variables, { token });
  expect(errors).toBeUndefined();
  return data!;
};

describe('a gamer reaches the check-in from sign-in', () => {
  it('signs in from a signed-out start onto Today, and reaches the check-in in 1 tap; the first check-in takes at most 24 taps; one tap turns reminders on', async () => {
    const email = freshEmail('today.first');
    const grant = await signUpAccount(email);
    const page = await newPhonePage();
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await submitLogin(page, email);
    await page.waitForURL((url) => url.pathname === '/home/today');
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();

    const toCheckIn = new Thumb();
    await toCheckIn.tap(page.getByRole('link', { name: 'Check in', exact: true }));
    await page.waitForURL((url) => url.pathname === '/home/check-in');
    await page.locator('fieldset[data-question]').first().waitFor();
    expect(toCheckIn.taps).toBe(1);

    const checkIn = new Thumb();
    await answerEverything(page, checkIn);
    expect(checkIn.taps).toBeLessThanOrEqual(24);

    // After the first check-in: "Remind me at this time?", one tap.
    const offer = page.getByRole('region', { name: 'Remind me at this time?' });
    const hour = await page.evaluate(() => new Date().getHours());
    const reminders = new Thumb();
    await reminders.tap(offer.getByRole('button', { name: /^Remind me at \d\d:00$/ }));
    await page
      .getByRole('status')
      .filter({ hasText: /^You will be reminded at \d\d:00 \(UTC\) on days you have not checked in\.$/ })
      .waitFor();
    expect(reminders.taps).toBe(1);
    const { reminderSettings } = await api<{ reminderSettings: { enabled: boolean; hour: number } }>(
      'query { reminderSettings { enabled hour } }',
      grant.accessToken,
    );
    expect(reminderSettings).toEqual({ enabled: true, hour });

    // Today now shows the check-in sent, editable until the day closes.
    await page.goto(`${baseUrl()}/home/today`);
    await page.getByRole('link', { name: 'Edit until 4 am' }).waitFor();
    await expect(page.getByRole('link', { name: 'Check in', exact: true }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('"Same as yesterday" takes at most 2 taps', async () => {
    const email = freshEmail('today.same');
    const grant = await signUpAccount(email);
    await storeYesterday(grant.user.id, TIME_ZONE);
    const context = await phoneContext();
    await signInContext(context, email);
    const page = await newPhonePage(context);
    await page.goto(`${baseUrl()}/home/check-in`);
    const same = page.getByRole('button', { name: 'Same as yesterday' });
    await same.waitFor();
    const thumb = new Thumb();
    await thumb.tap(same);
    await thumb.tap(page.getByRole('button', { name: 'Submit', exact: true }));
    await page.getByText(SAVED).waitFor();
    expect(thumb.taps).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('a remembered path still wins over Today after sign-in', async () => {
    const page = await newPhonePage();
    await page.goto(`${baseUrl()}/home/my-scores`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await submitLogin(page, 'gamer2@fitgauge.test');
    await page.waitForURL((url) => url.pathname === '/home/my-scores');
    await page.context().close();
  });

  it('/home, the installed app’s start, opens Today for a gamer', async () => {
    const context = await phoneContext();
    await signInContext(context, 'gamer3@fitgauge.test');
    const page = await newPhonePage(context);
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL((url) => url.pathname === '/home/today');
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/home/today');
    await context.close();
  });
});

describe('a gamer who joins a team', () => {
  it('signs up through the invite onto Today; on /pricing in the team, Attention! asks before Leave Team and leads to Today', async () => {
    const director = await accountWithRole('DIRECTOR', 'today.director', 'Tia Director');
    await addDashboardPurchase(director.id);
    const { createTeam } = await api<{ createTeam: { id: string } }>(
      'mutation($data: TeamInput!) { createTeam(data: $data) { id } }',
      director.token,
      {
        data: { name: 'Morning Mice', description: 'Today browser test', game: 'Valorant' },
      },
    );
    const email = freshEmail('today.invitee');
    const sentAt = new Date();
    await api(
      'mutation($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) { sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) { id } }',
      director.token,
      { inviteeName: 'Milo Mouse', inviteeEmail: email, role: 'GAMER', teamId: createTeam.id },
    );
    const code = /team code ([A-Z0-9]{8})/.exec((await waitForMail(email, sentAt)).text)?.[1];
    expect(code).toBeDefined();

    // The mail's sign-up link (docs/teams.md, "Newcomer").
    const page = await newPhonePage();
    await page.goto(`${baseUrl()}/auth/signup?${new URLSearchParams({ invite: code!, email })}`);
    await page.getByLabel('Name', { exact: true }).fill('Milo Mouse');
    await page.getByLabel('Password', { exact: true }).fill('M0rning-mice!');
    await page.getByLabel('Confirm password', { exact: true }).fill('M0rning-mice!');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home/today');
    await page.getByRole('link', { name: 'Check in', exact: true }).waitFor();

    // He accepts, then opens the pricing page: Attention!, and Leave Team asks first.
    const token = (await storedSession(page))!.accessToken;
    const { me } = await api<{ me: { Invites: { id: string }[] } }>('query { me { Invites { id } } }', token);
    await api('mutation($inviteId: ID!) { acceptInvite(inviteId: $inviteId) { id } }', token, { inviteId: me.Invites[0]!.id });
    await page.goto(`${baseUrl()}/pricing`);
    const attention = page.getByRole('alertdialog', { name: 'Attention!' });
    await attention.getByText('Dashboard access is restricted to Directors and Coaches only.').waitFor();
    await attention.getByRole('button', { name: 'Leave Team' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Leave Team' });
    await confirm.getByText(/You will leave Morning Mice\./).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await attention.waitFor();
    const stillIn = await api<{ me: { Team: { id: string }[] } }>('query { me { Team { id } } }', token);
    expect(stillIn.me.Team.map((team) => team.id)).toEqual([createTeam.id]);

    await attention.getByRole('link', { name: 'Go to Today' }).click();
    await page.waitForURL((url) => url.pathname === '/home/today');

    // Confirmed, he leaves: the page is then usable.
    await page.goto(`${baseUrl()}/pricing`);
    await attention.getByRole('button', { name: 'Leave Team' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    // The Attention! dialog is already closed while the confirmation is open: the confirmation closing marks the end
    // of the leave (and of the profile's refetch), and the gate then stays away.
    await confirm.waitFor({ state: 'detached' });
    await attention.waitFor({ state: 'detached' });
    const left = await api<{ me: { Team: { id: string }[] } }>('query { me { Team { id } } }', token);
    expect(left.me.Team).toEqual([]);
    await page.context().close();
  });
});

describe('My scores on a phone', () => {
  it('draws the charts as they come into view, not all nine at load, and offers the check-in when today has no score', async () => {
    const context = await phoneContext();
    await signInContext(context, 'gamer5@fitgauge.test');
    const page = await newPhonePage(context);
    await page.goto(`${baseUrl()}/home/my-scores`);
    await page.getByRole('heading', { name: 'History' }).waitFor();
    const cards = page.locator('.fg-chart-card');
    await cards.first().locator('svg.fg-chart__svg').waitFor();
    const drawn = () => page.locator('.fg-chart-card svg.fg-chart__svg').count();
    expect(await cards.count()).toBe(9);
    expect(await drawn()).toBeLessThan(9);
    for (const card of await cards.all()) await card.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.fg-chart-card svg.fg-chart__svg').length === 9);

    const fgScore = page.getByRole('list', { name: 'Overall score and streak' }).locator('[data-score-type="fgScore"]');
    await expect(fgScore.locator('.fg-baseline').count()).resolves.toBe(1);
    // The demo gamers' days end yesterday: today has no daily score yet.
    const daily = page.getByRole('list', { name: 'Overall score and streak' }).locator('[data-score-type="daily"]');
    await expect(daily.locator('.fg-score-tile__label').innerText()).resolves.toBe('No data');
    await daily.getByRole('link', { name: 'Check in' }).click();
    await page.waitForURL((url) => url.pathname === '/home/check-in');
    await context.close();
  });
});
