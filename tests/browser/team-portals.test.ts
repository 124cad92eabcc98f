/**
 * The team portals and the navigation sidebar in Chromium against the local stack (production web build): the
 * Director Portal's cards and Add Team Dashboard, entering a team, Delete dashboard, a coach answering an invite,
 * the pricing page's Attention! gate, Subscription expired, the sidebar on a phone, and what a gamer's sidebar
 * leaves out. Teams that a test changes (selects, deletes, joins, leaves) are made fresh here, as billing and the
 * product make them, so the demo data other tests read stays as seeded.
 */
import { randomUUID } from 'node:crypto';
import { scoreDayBounds, scoreDayOf, shiftDay } from '@core/dates';
import { readinessTier } from '@core/scoring/labels';
import type { Page } from 'playwright-core';
import { db } from '../../lambdas/lib/db/client';
import { dynamoScoreStore } from '../../lambdas/lib/stores/score-store';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { historyOf } from '../../lambdas/scoring/history';
import { SESSION_STORAGE_KEY, sessionFromGrant } from '../../web/src/features/auth/session/session-store';
import { accountWithRole, baseUrl, logInAccount, openSignedInPage, type RoleAccount } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { addDashboardPurchase } from '../support/purchases';
import { clearOfScoreDayEdge } from '../support/score-day-edge';
import { demoTeams, graphql, signIn, stackUrls, useStackEnvironment } from '../support/stack';

jest.setTimeout(60_000);

const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment(); // purchases and memberships are written through the stores, as billing and joins write them
});

afterAll(() => {
  db().destroy();
});

const openPage = (path: string, email: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
  openSignedInPage(chromium, path, email, viewport);

const closePage = (page: Page) => page.context().close();

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

/** The call's data as `who`, failing the test with the errors when there are any. */
async function ok(who: Pick<RoleAccount, 'token'>, query: string, variables: Record<string, unknown> = {}) {
  const { data, errors } = await graphql(query, variables, { token: who.token });
  expect(errors).toBeUndefined();
  return data!;
}

/** A fresh director owning one new team per name, each made with a dashboard purchase as billing records it. */
async function directorWithTeams(...names: string[]): Promise<{ director: RoleAccount; teamIds: string[] }> {
  const director = await accountWithRole('DIRECTOR', 'portals.director', 'Dana Director');
  const teamIds: string[] = [];
  for (const name of names) {
    await addDashboardPurchase(director.id);
    const created = await ok(director, `mutation($data: TeamInput!) { createTeam(data: $data) { id } }`, {
      data: { name, description: 'Made by the portals browser test', game: 'Valorant' },
    });
    teamIds.push(created.createTeam.id);
  }
  return { director, teamIds };
}

/** A fresh gamer playing in the team (the membership written as a join writes it). */
async function gamerIn(teamId: string): Promise<RoleAccount> {
  const gamer = await accountWithRole('GAMER', 'portals.gamer', 'Gil Gamer');
  await dynamoTeamStore.addMember({ teamId, userId: gamer.id, role: 'GAMER', joinedAt: new Date().toISOString() });
  return gamer;
}

/** The team's latest main score and its day as the portal card asks for them (the last 30 days), straight from the API. */
async function latestScore(who: Pick<RoleAccount, 'token'>, teamId: string): Promise<{ value: number; date: string } | null> {
  const data = await ok(
    who,
    `query($teamId: ID!) { myTeamScoreStats(type: fgScore, teamId: $teamId, days: 30) { mainScoreStatistics { date value } } }`,
    { teamId },
  );
  return data.myTeamScoreStats.mainScoreStatistics.at(-1) ?? null;
}

/** The sidebar's navigation items (not the team dashboards under them). */
const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Main' }).locator('.fg-nav-list').getByRole('link');

/** A card of the Director Portal. */
const portalCard = (page: Page, team: string) => page.getByRole('list', { name: 'Your teams' }).getByRole('button', { name: new RegExp(`^${team}`) });
const teamLinkNames = ['Analytics', 'My Team', 'Journal'];

describe('Director Portal', () => {
  it("shows the director's teams as cards with their latest score, the sidebar's dashboards, and Add Team Dashboard", async () => {
    const director = { token: (await signIn('director@fitgauge.test')).accessToken };
    const [owls, wolves] = demoTeams;
    const owlsScore = (await latestScore(director, owls!.id))?.value ?? null;
    // The demo director's saved team is shared with other suites (they choose Night Owls): chosen here too, so the
    // sidebar's team links are known whatever ran before.
    await ok(director, `mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }`, { teamId: owls!.id });
    const page = await openPage('/home/manager-portal', 'director@fitgauge.test');
    await page.getByRole('heading', { name: 'Director Portal', level: 1 }).waitFor();

    const cards = page.getByRole('list', { name: 'Your teams' }).getByRole('button');
    await cards.filter({ hasText: 'Team score' }).nth(1).waitFor();
    expect((await cards.allTextContents()).map((text) => text.split('Team score')[0]).sort()).toEqual([owls!.name, wolves!.name].sort());
    await cards
      .filter({ hasText: owls!.name })
      .filter({ hasText: `Team score ${owlsScore ?? '–'}` })
      .waitFor();

    // The sidebar: profile, Director Portal, a dashboard icon per team with its tooltip, the director's actions.
    const sidebar = page.locator('#fg-sidebar');
    await sidebar.getByText('Director', { exact: true }).waitFor();
    const owlsIcon = sidebar.getByRole('button', { name: owls!.name, exact: true, pressed: true });
    await owlsIcon.waitFor();
    expect(await navLinks(page).allTextContents()).toEqual(['Director Portal', ...teamLinkNames, 'Account']);
    await owlsIcon.hover();
    const tooltip = page.getByRole('tooltip').filter({ hasText: owls!.name });
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(owlsScore === null ? owls!.name : `${owls!.name} · Score ${owlsScore}`);
    await page.mouse.move(900, 10);
    await tooltip.waitFor({ state: 'hidden' });
    // From the keyboard too: focus shows it, Escape hides it.
    await owlsIcon.focus();
    await tooltip.waitFor();
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'hidden' });
    expect(await sidebar.getByRole('link', { name: 'Purchase a Team Dashboard' }).getAttribute('href')).toBe('/pricing');
    await sidebar.getByRole('button', { name: 'Billing' }).waitFor();
    await sidebar.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Add Team Dashboard' }).click();
    await waitForPath(page, '/pricing');
    await closePage(page);
  });

  it("shows a team's latest score with its tier and day, not No data, while nobody checked in today", async () => {
    await clearOfScoreDayEdge('UTC');
    const { director, teamIds } = await directorWithTeams(`Early Birds ${randomUUID().slice(0, 8)}`, `Quiet Team ${randomUUID().slice(0, 8)}`);
    // The second team never had a check-in.
    const checkedInYesterday = teamIds[0]!;
    const gamer = await gamerIn(checkedInYesterday);
    const yesterday = shiftDay(scoreDayOf(new Date(), 'UTC'), -1);
    const answers = [
      { questionSlug: 'gaming-today', value: 'false' },
      { questionSlug: 'sleep-quality', value: 'great' },
      { questionSlug: 'focus', value: 'good' },
    ];
    // Yesterday's check-in, with the team-day aggregate a check-in then would have written.
    const checkIn = { date: yesterday, answers, watchedVideos: false, at: scoreDayBounds(yesterday, 'UTC').start };
    await dynamoScoreStore.importHistory(historyOf([{ userId: gamer.id, timeZone: 'UTC', teamIds: [checkedInYesterday], checkIns: [checkIn] }]));
    const latest = await latestScore(director, checkedInYesterday);
    expect(latest).toEqual({ value: expect.any(Number), date: yesterday });

    const page = await openPage('/home/manager-portal', director.email);
    const cards = page.getByRole('list', { name: 'Your teams' }).getByRole('button');
    const [year, month, day] = yesterday.split('-');
    await cards.filter({ hasText: `Team score ${latest!.value} · ${readinessTier(latest!.value)} · ${month}/${day}/${year}` }).waitFor();
    await cards.filter({ hasText: 'Team score – · No check-ins yet' }).waitFor();
    expect(await cards.allTextContents()).toHaveLength(2);
    expect((await cards.allTextContents()).join(' ')).not.toContain('No data');
    expect(await cards.filter({ hasText: 'No check-ins yet' }).count()).toBe(1);
    await closePage(page);
  });

  it('sends a director who owns no team to the team creation page', async () => {
    const director = await accountWithRole('DIRECTOR', 'portals.newdirector', 'Nia Newdirector');
    const page = await openPage('/home/manager-portal', director.email);
    await waitForPath(page, '/home/my-team/new');
    await closePage(page);
  });

  it('enters a team from its card (Analytics opens, the team links appear and survive a reload), then deletes it after the confirmation', async () => {
    const { director, teamIds } = await directorWithTeams('Alpha Squad', 'Beta Squad');
    const page = await openPage('/home/manager-portal', director.email);
    await portalCard(page, 'Alpha Squad').click();
    await waitForPath(page, '/home/my-team/statistics/');
    await page.getByRole('link', { name: 'Journal' }).waitFor();
    expect(await navLinks(page).allTextContents()).toEqual(['Director Portal', ...teamLinkNames, 'Account']);
    expect(await page.getByRole('link', { name: 'Journal' }).getAttribute('href')).toBe(`/home/my-team/journal?teamId=${teamIds[0]}`);

    // Saved on the server: a reload restores it.
    await page.reload();
    await page.getByRole('link', { name: 'Journal' }).waitFor();
    expect(await page.getByRole('button', { name: 'Alpha Squad', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Delete dashboard' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Dashboard' });
    expect(await confirm.locator('.fg-dialog__body').textContent()).toBe('Are you sure you want to delete Alpha Squad?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForPath(page, '/home/manager-portal');
    await confirm.waitFor({ state: 'detached' });
    const cards = page.getByRole('list', { name: 'Your teams' }).getByRole('button');
    await cards.filter({ hasText: 'Beta Squad' }).waitFor();
    expect(await cards.count()).toBe(1);
    // One team left: Delete dashboard is disabled, and the deleted team's links are gone.
    expect(await page.getByRole('button', { name: 'Delete dashboard' }).isDisabled()).toBe(true);
    expect(await navLinks(page).allTextContents()).toEqual(['Director Portal', 'Account']);
    const owned = await ok(director, `query($ownerId: ID!) { teamsByOwner(ownerId: $ownerId) { id } }`, { ownerId: director.id });
    expect(owned.teamsByOwner).toEqual([{ id: teamIds[1] }]);
    await closePage(page);
  });

  it("tells expired@ that Sleepy Sloths' subscription expired, offers its renewal, and keeps Delete dashboard disabled", async () => {
    const sloths = demoTeams.find((team) => team.name === 'Sleepy Sloths')!;
    const page = await openPage('/home/manager-portal', 'expired@fitgauge.test');
    await portalCard(page, 'Sleepy Sloths').click();
    const prompt = page.getByRole('alertdialog', { name: 'Subscription expired' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Renew subscription' }).getAttribute('href')).toBe(`/pricing?teamId=${sloths.id}`);
    await prompt.getByRole('button', { name: 'Close' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/home/manager-portal');
    expect(await navLinks(page).allTextContents()).toEqual(['Director Portal', 'Account']);
    expect(await page.getByRole('button', { name: 'Delete dashboard' }).isDisabled()).toBe(true);

    await portalCard(page, 'Sleepy Sloths').click();
    await prompt.getByRole('link', { name: 'Renew subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.get('teamId') === sloths.id);
    await closePage(page);
  });
});

describe('Coach Portal', () => {
  it('lets a coach accept a coach invite on the invites tab; the team then shows among the teams coached', async () => {
    const { director, teamIds } = await directorWithTeams('Gamma Squad');
    const coach = await accountWithRole('COACH', 'portals.coach', 'Cory Coach');
    // Invites by e-mail reach an account whose e-mail is proven (docs/teams.md), as a coach who signed up with a mailed code.
    await dynamoUserStore.markEmailVerified(coach.id, new Date().toISOString());
    await ok(
      director,
      `mutation($n: String!, $e: AWSEmail!, $t: ID!) { sendInvite(inviteeName: $n, inviteeEmail: $e, role: COACH, teamId: $t) { id } }`,
      {
        n: 'Cory Coach',
        e: coach.email,
        t: teamIds[0],
      },
    );
    const page = await openPage('/home/coach-portal?tab=team-invite', coach.email);
    const invites = page.getByRole('list', { name: 'Team invites' });
    await invites.getByRole('heading', { name: 'Gamma Squad' }).waitFor();
    expect(await invites.getByText('Join as coach, invited by Dana Director').count()).toBe(1);
    await invites.getByRole('button', { name: 'Accept' }).click();
    await page.locator('.fg-toast').filter({ hasText: 'You joined Gamma Squad.' }).waitFor();
    await page.getByRole('heading', { name: 'No invites' }).waitFor();

    await page.getByRole('link', { name: 'My Teams' }).click();
    await page
      .getByRole('list', { name: 'Teams you coach' })
      .getByRole('button', { name: /^Gamma Squad/ })
      .waitFor();
    const me = await ok(coach, `query { me { coachedTeams { id } Invites { id } } }`);
    expect(me.me).toEqual({ coachedTeams: [{ id: teamIds[0] }], Invites: [] });
    await closePage(page);
  });
});

describe('Coach Portal filter and sort bar', () => {
  it('orders the teams a coach coaches by name either way and filters them by name', async () => {
    const { teamIds } = await directorWithTeams('Kilo Squad', 'Lima Squad', 'Mike Crew');
    const coach = await accountWithRole('COACH', 'portals.sorter', 'Sol Sorter');
    for (const teamId of teamIds) await dynamoTeamStore.addMember({ teamId, userId: coach.id, role: 'COACH', joinedAt: new Date().toISOString() });
    const page = await openPage('/home/coach-portal', coach.email);
    const names = async () => await page.getByRole('list', { name: 'Teams you coach' }).locator('.fg-team-card__name').allTextContents();
    await page.getByRole('list', { name: 'Teams you coach' }).getByRole('button').nth(2).waitFor();
    expect(await names()).toEqual(['Kilo Squad', 'Lima Squad', 'Mike Crew']);
    await page.getByLabel('Order').selectOption('desc');
    expect(await names()).toEqual(['Mike Crew', 'Lima Squad', 'Kilo Squad']);
    expect(
      await page
        .getByLabel('Sort by')
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['name', 'fgScore', 'dateJoined', 'noOfMembers']);
    await page.getByPlaceholder('Search').fill('squad');
    await page.waitForFunction(() => document.querySelectorAll('.fg-team-card').length === 2);
    expect(await names()).toEqual(['Lima Squad', 'Kilo Squad']);
    await page.getByPlaceholder('Search').fill('nothing like it');
    await page.getByText('No Items Found!').waitFor();
    await closePage(page);
  });
});

describe('a gamer in a team', () => {
  it('sees Check-in and My scores, never Analytics, My Team or Journal, even with the team selected', async () => {
    const { teamIds } = await directorWithTeams('Delta Squad');
    const gamer = await gamerIn(teamIds[0]!);
    await ok(gamer, `mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }`, { teamId: teamIds[0] });
    const page = await openPage('/home/check-in', gamer.email);
    await page.locator('#fg-sidebar').getByText('Gamer', { exact: true }).waitFor();
    // Read the links once the app has restored the selected team (a reload restores it again). Listened for once the
    // new page has started: the first page's restore goes out with `me` and may still be answering when it reloads.
    await page.reload({ waitUntil: 'commit' });
    const restored = page.waitForResponse((response) => response.request().postData()?.includes('GetSelectedTeam') === true);
    expect(((await (await restored).json()) as { data: { getSelectedTeam: { teamId: string } } }).data.getSelectedTeam.teamId).toBe(teamIds[0]);
    await navLinks(page).filter({ hasText: 'My scores' }).waitFor();
    // Let the answer reach the sidebar (a few frames) before reading what it leaves out.
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 250)));
    expect(await navLinks(page).allTextContents()).toEqual(['Today', 'Check-in', 'My scores', 'Account']);
    await closePage(page);
  });

  it('is stopped on /pricing by the Attention! modal until Leave Team, confirmed, leaves the team', async () => {
    const { teamIds } = await directorWithTeams('Echo Squad');
    const gamer = await gamerIn(teamIds[0]!);
    const page = await openPage('/pricing', gamer.email);
    const modal = page.getByRole('alertdialog', { name: 'Attention!' });
    await modal.waitFor();
    expect(await modal.locator('.fg-dialog__body').textContent()).toBe('Dashboard access is restricted to Directors and Coaches only.');
    await modal.getByRole('button', { name: 'Log Out' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);

    await modal.getByRole('button', { name: 'Leave Team' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Leave Team' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    // The Attention! modal is already closed while the confirmation shows: the confirmation closes once the leave has
    // been answered, and the modal must not come back.
    await confirm.waitFor({ state: 'detached' });
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    expect((await ok(gamer, `query { me { Team { id } } }`)).me.Team).toEqual([]);
    await closePage(page);
  });
});

describe('Team Invite', () => {
  it('joins a gamer with the code mailed to his own address, and refuses the code of an invite mailed to another', async () => {
    const { director, teamIds } = await directorWithTeams('November Squad');
    const invite = `mutation($n: String!, $e: AWSEmail!, $t: ID!) { sendInvite(inviteeName: $n, inviteeEmail: $e, role: GAMER, teamId: $t) { id } }`;
    const gamer = await accountWithRole('GAMER', 'portals.coder', 'Cody Coder');
    const otherAddress = `portals.other.${randomUUID().slice(0, 8)}@fitgauge.test`;
    await ok(director, invite, { n: 'Other Address', e: otherAddress, t: teamIds[0] });
    await ok(director, invite, { n: 'Cody Coder', e: gamer.email, t: teamIds[0] });
    const codes = (await ok(director, `query($t: ID!) { getTeamCodes(teamId: $t) { code email } }`, { t: teamIds[0] })).getTeamCodes as {
      code: string;
      email: string;
    }[];
    const codeFor = (email: string) => codes.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase())!.code;
    const page = await openPage('/home/team-invite', gamer.email);
    await page.getByRole('heading', { name: 'No invites' }).waitFor();
    await page.getByRole('textbox', { name: 'Team code' }).fill('ZZZZ');
    await page.getByRole('button', { name: 'Join team' }).click();
    await page.getByRole('alert').filter({ hasText: 'This team code is not valid.' }).waitFor();
    // A code is bound to the mailbox it was sent to (docs/teams.md, "Who may see a team code").
    await page.getByRole('textbox', { name: 'Team code' }).fill(codeFor(otherAddress).toLowerCase());
    await page.getByRole('button', { name: 'Join team' }).click();
    await page.getByRole('alert').filter({ hasText: 'This invite code was sent to another e-mail address.' }).waitFor();
    expect((await ok(gamer, `query { me { Team { id } } }`)).me.Team).toEqual([]);
    await page.getByRole('textbox', { name: 'Team code' }).fill(codeFor(gamer.email).toLowerCase());
    await page.getByRole('button', { name: 'Join team' }).click();
    await page.locator('.fg-toast').filter({ hasText: 'You joined November Squad.' }).waitFor();
    expect((await ok(gamer, `query { me { Team { id } } }`)).me.Team).toEqual([{ id: teamIds[0] }]);
    await closePage(page);
  });
});

describe('the sidebar on a phone', () => {
  it("opens as a drawer over the page with the director's profile, portal, dashboards and footer", async () => {
    const page = await openPage('/home/manager-portal', 'director@fitgauge.test', VIEWPORTS.phone);
    await page.getByRole('heading', { name: 'Director Portal', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.getByRole('button', { name: 'Navigation menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await drawer.waitFor();
    await expect(page.locator('.fg-frame__overlay').isVisible()).resolves.toBe(true);
    await drawer.getByText('Director', { exact: true }).waitFor();
    await drawer.getByRole('link', { name: 'Director Portal' }).waitFor();
    for (const team of demoTeams.filter((demo) => demo.name !== 'Sleepy Sloths')) {
      await drawer.getByRole('button', { name: team.name, exact: true }).waitFor();
    }
    for (const name of ['Delete dashboard', 'Billing', 'Sign Out']) await drawer.getByRole('button', { name }).waitFor();
    await drawer.getByRole('link', { name: 'Purchase a Team Dashboard' }).waitFor();
    const box = (await drawer.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    // The drawer closes on a tap beside it.
    await page.mouse.click(VIEWPORTS.phone.width - 10, 400);
    await drawer.waitFor({ state: 'detached' });
    await closePage(page);
  });
});

describe('Sign Out', () => {
  it('still revokes the session with the public token when the server already refuses the access token', async () => {
    const director = await accountWithRole('DIRECTOR', 'portals.signout', 'Sid Signout');
    const grant = await logInAccount(director.email);
    // A token the API refuses (its signature no longer matches) while the session still holds a valid refresh token.
    const refused = { ...sessionFromGrant(grant, Date.now()), accessToken: `${grant.accessToken.slice(0, -4)}AAAA` };
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [SESSION_STORAGE_KEY, JSON.stringify(refused)]);
    const page = await context.newPage();
    chromium.watchErrors(page, 'sign-out');
    const logoutCalls: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('logoutUser')) logoutCalls.push(request.headers());
    });
    await page.goto(`${baseUrl()}/home/manager-portal`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    expect(logoutCalls).toHaveLength(1);
    expect(logoutCalls[0]!.authorization).toBe(stackUrls().publicToken);
    // The refresh token was revoked: it no longer renews the session.
    const renewal = await graphql(
      `
        mutation ($r: String!) {
          refreshToken(refreshToken: $r) {
            accessToken
          }
        }
      `,
      { r: grant.refreshToken },
      { publicToken: true },
    );
    expect(renewal.errors?.[0]?.errorType).toBeTruthy();
    await context.close();
  });
});
