/**
 * My Team (/home/my-team) in Chromium against the local stack: the director of Night Owls sees its members, seats and
 * codes, and an invite past its 5 gamer seats is refused with the way to add seats; on a fresh team of its own a
 * director invites a new e-mail, the invite mail is in the outbox, the invitee follows the mail's sign-up link, accepts
 * on /home/team-invite, and appears in the director's open page without a reload; removing a member asks first. A coach
 * invitee's sign-up link makes a coach account that answers on the coach invites tab. Night Owls is only read.
 */
import type { Page } from 'playwright-core';
import { seatsFullMessage } from '@core/teams';
import { accountWithRole, baseUrl, freshEmail, type RoleAccount, signInContext, signUpAccount, storedSession } from '../support/accounts';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { addDashboardPurchase } from '../support/purchases';
import { demoTeams, graphql, signIn, useStackEnvironment, waitForMail } from '../support/stack';

// Real browser, lazily loaded pages and realtime on a loaded 2-core machine.
jest.setTimeout(60_000);

const SELECT = 'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }';
const SEND_INVITE = `mutation($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
  sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) { id } }`;
const CREATE = 'mutation($data: TeamInput!) { createTeam(data: $data) { id } }';
const nightOwls = demoTeams.find((team) => team.name === 'Night Owls')!;

const chromium = useBrowser();

beforeAll(() => useStackEnvironment());

/** A team of the director, made as billing and the product make one: a running dashboard purchase spent by createTeam. */
async function createTeam(director: RoleAccount, name: string): Promise<string> {
  await addDashboardPurchase(director.id);
  const { data, errors } = await graphql(
    CREATE,
    { data: { name, description: 'My Team browser test', game: 'Valorant' } },
    { token: director.token },
  );
  expect(errors).toBeUndefined();
  return data!.createTeam.id;
}

/** Chooses the team on the server for the account (as the sidebar does), so /home/my-team opens it. */
async function selectTeam(token: string, teamId: string) {
  const { errors } = await graphql(SELECT, { teamId }, { token });
  expect(errors).toBeUndefined();
}

async function openMyTeam(email: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport });
  await signInContext(context, email);
  const page = await context.newPage();
  chromium.watchErrors(page, `/home/my-team as ${email}`);
  await page.goto(`${baseUrl()}/home/my-team`);
  return page;
}

/** The link of an invite mail that leads to `path` (sign-up or answer page), opened on this stack's app. */
function mailLink(text: string, path: string): string {
  const link = text
    .match(/https?:\/\/\S+/g)
    ?.map((address) => new URL(address))
    .find((url) => url.pathname === path);
  if (!link) throw new Error(`No link to ${path} in the mail:\n${text}`);
  return `${baseUrl()}${link.pathname}${link.search}`;
}

/** A signed-out browser that opens an invite mail's sign-up link; the form comes with the invited e-mail filled in. */
async function openSignUpLink(mailText: string, email: string): Promise<Page> {
  const page = await (await chromium.browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  chromium.watchErrors(page, `sign-up link for ${email}`);
  await page.goto(mailLink(mailText, '/auth/signup'));
  await expect(page.getByLabel('E-mail', { exact: true }).inputValue()).resolves.toBe(email);
  return page;
}

async function submitSignUp(page: Page, fullName: string) {
  await page.getByLabel('Name', { exact: true }).fill(fullName);
  await page.getByLabel('Password', { exact: true }).fill('Inv1te-me!');
  await page.getByLabel('Confirm password', { exact: true }).fill('Inv1te-me!');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

const membersTable = (page: Page) => page.getByRole('table', { name: 'Team members' });

async function invite(page: Page, name: string, email: string, role: 'Gamer' | 'Coach' = 'Gamer') {
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Role').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  return dialog;
}

describe('My Team', () => {
  it("shows Night Owls' members, seats and codes to its director, and refuses a sixth gamer with the way to add seats", async () => {
    await selectTeam((await signIn(nightOwls.ownerEmail)).accessToken, nightOwls.id);
    const page = await openMyTeam(nightOwls.ownerEmail);
    await page.getByRole('heading', { name: 'Night Owls', level: 1 }).waitFor();
    for (const member of nightOwls.members) await membersTable(page).getByRole('cell', { name: member.email, exact: true }).waitFor();
    await page.getByText('5 of 5 gamer seats used').waitFor();
    await page.getByRole('table', { name: 'Team codes' }).waitFor();
    await page.getByRole('button', { name: 'Edit team' }).click();
    await page.getByRole('dialog', { name: 'Edit Team' }).getByRole('button', { name: 'Cancel' }).click();

    const dialog = await invite(page, 'Sixth Gamer', freshEmail('sixth'));
    const refusal = dialog.getByRole('alert').filter({ hasText: seatsFullMessage('GAMER', 5) });
    await refusal.waitFor();
    expect(await refusal.getByRole('link', { name: 'Add gamer seats' }).getAttribute('href')).toBe(`/pricing?teamId=${nightOwls.id}`);
    await page.context().close();
  });

  it('shows an invitee who signs up through the mail and accepts without a reload, and removes them after asking', async () => {
    const director = await accountWithRole('DIRECTOR', 'myteam.director', 'Mia Director');
    const teamId = await createTeam(director, 'Live Lynx');
    await selectTeam(director.token, teamId);
    const page = await openMyTeam(director.email);
    await page.getByRole('heading', { name: 'Live Lynx', level: 1 }).waitFor();
    await page.getByText('0 of 5 gamer seats used').waitFor();

    const inviteeEmail = freshEmail('myteam.invitee');
    const sentAt = new Date();
    await invite(page, 'Ivy Invitee', inviteeEmail);
    await page.getByText(`Invite sent to ${inviteeEmail}.`).waitFor();
    await page.getByRole('table', { name: 'Invites sent' }).getByRole('cell', { name: inviteeEmail, exact: true }).waitFor();

    const mail = await waitForMail(inviteeEmail, sentAt);
    expect(mail.subject).toBe('Invitation to join the team "Live Lynx" on FitGauge');
    const code = /team code ([A-Z0-9]{8})/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    await page.getByRole('table', { name: 'Team codes' }).getByRole('cell', { name: code!, exact: true }).waitFor();

    // The invitee, with no account yet, signs up through the mail's link (a gamer joining a team lands on Today) ...
    const invitee = await openSignUpLink(mail.text, inviteeEmail);
    await submitSignUp(invitee, 'Ivy Invitee');
    await invitee.waitForURL((url) => url.pathname === '/home/today');
    await expect(storedSession(invitee)).resolves.toMatchObject({ groups: ['GAMER'], user: { email: inviteeEmail } });
    // ... and the mail's answer link shows the invite (the code proved the address) with the code box filled in.
    await invitee.goto(mailLink(mail.text, '/home/team-invite'));
    await expect(invitee.getByLabel('Team code', { exact: true }).inputValue()).resolves.toBe(code);
    await invitee.getByRole('button', { name: 'Accept the invite to Live Lynx' }).click();
    await invitee.getByText('You joined Live Lynx.').waitFor();
    await invitee.context().close();

    // No reload: the open page hears the join.
    await membersTable(page).getByRole('cell', { name: inviteeEmail, exact: true }).waitFor();
    await page.getByText('1 of 5 gamer seats used').waitFor();

    await page.getByRole('button', { name: 'Remove Ivy Invitee' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove member' });
    await confirm.getByText('Are you sure you want to remove Ivy Invitee from Live Lynx?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Ivy Invitee was removed from the team.').waitFor();
    await membersTable(page).getByText('No Items Found!').waitFor();
    await page.context().close();
  });

  it("makes a coach of an invitee who signs up through a coach invite's link, landing on the invites tab to accept", async () => {
    const director = await accountWithRole('DIRECTOR', 'myteam.coachdirector', 'Cal Director');
    const teamId = await createTeam(director, 'Coach Cubs');
    const coachEmail = freshEmail('myteam.coach');
    const sentAt = new Date();
    const sent = await graphql(
      SEND_INVITE,
      { inviteeName: 'Cora Coach', inviteeEmail: coachEmail, role: 'COACH', teamId },
      { token: director.token },
    );
    expect(sent.errors).toBeUndefined();
    const mail = await waitForMail(coachEmail, sentAt);

    const page = await openSignUpLink(mail.text, coachEmail);
    // The code belongs to the invited address: another address gets the server's message and no account.
    await page.getByLabel('E-mail', { exact: true }).fill(freshEmail('myteam.other'));
    await submitSignUp(page, 'Cora Coach');
    await page.getByRole('alert').filter({ hasText: 'This invite code was sent to another e-mail address.' }).waitFor();
    expect(pathOf(page)).toMatch(/^\/auth\/signup\?/);

    await page.getByLabel('E-mail', { exact: true }).fill(coachEmail);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home/coach-portal');
    expect(pathOf(page)).toBe('/home/coach-portal?tab=team-invite');
    await expect(storedSession(page)).resolves.toMatchObject({ groups: ['COACH'], user: { email: coachEmail, role: 'COACH' } });
    await page.getByRole('button', { name: 'Accept the invite to Coach Cubs' }).click();
    await page.getByText('You joined Coach Cubs.').waitFor();
    await page.context().close();
  });

  it("lets an account whose e-mail is not proven join with the code the mail's answer link fills in", async () => {
    const director = await accountWithRole('DIRECTOR', 'myteam.codedirector', 'Dee Director');
    const teamId = await createTeam(director, 'Code Corgis');
    const gamerEmail = freshEmail('myteam.unproven');
    await signUpAccount(gamerEmail, 'Otto Older'); // signed up without a code: the e-mail is not proven
    const sentAt = new Date();
    const sent = await graphql(
      SEND_INVITE,
      { inviteeName: 'Otto Older', inviteeEmail: gamerEmail, role: 'GAMER', teamId },
      { token: director.token },
    );
    expect(sent.errors).toBeUndefined();
    const mail = await waitForMail(gamerEmail, sentAt);
    const code = /team code ([A-Z0-9]{8})/.exec(mail.text)?.[1];

    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInContext(context, gamerEmail);
    const page = await context.newPage();
    chromium.watchErrors(page, `/home/team-invite as ${gamerEmail}`);
    await page.goto(mailLink(mail.text, '/home/team-invite'));
    await page.getByText('once you have joined with the code from one invite e-mail').waitFor();
    await expect(page.getByLabel('Team code', { exact: true }).inputValue()).resolves.toBe(code);
    await page.getByRole('button', { name: 'Join team' }).click();
    await page.getByText('You joined Code Corgis.').waitFor();
    await context.close();
  });

  it("lets Night Owls' coach invite gamers only, and remove gamers but not himself", async () => {
    await selectTeam((await signIn('coach@fitgauge.test')).accessToken, nightOwls.id);
    const page = await openMyTeam('coach@fitgauge.test');
    await page.getByRole('heading', { name: 'Night Owls', level: 1 }).waitFor();
    await membersTable(page).getByRole('cell', { name: 'gamer1@fitgauge.test', exact: true }).waitFor();
    expect(
      await membersTable(page)
        .getByRole('button', { name: /^Remove / })
        .count(),
    ).toBe(5);
    expect(await page.getByRole('button', { name: 'Edit team' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const role = page.getByRole('dialog', { name: 'Invite to the team' }).getByLabel('Role');
    expect(await role.locator('option').allTextContents()).toEqual(['Gamer']);
    await page.context().close();
  });

  it('fits a phone: no sideways scrolling of the page, the invite button within reach', async () => {
    await selectTeam((await signIn(nightOwls.ownerEmail)).accessToken, nightOwls.id);
    const page = await openMyTeam(nightOwls.ownerEmail, VIEWPORTS.phone);
    await page.getByRole('heading', { name: 'Night Owls', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Invite', exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
