/**
 * The team creation page (/home/my-team/new) in Chromium: the form's validation messages, the avatar drop zone refusing
 * a file that is not an image, a director with an unused dashboard purchase creating a team with an avatar (uploaded
 * to the S3 stand-in by the page itself) and landing on the team's statistics, the server's refusal in the dialog
 * `There was an error`, and a director without a purchase led to /pricing. Directors and purchases are fresh.
 */
import type { Page } from 'playwright-core';
import { TEAM_MESSAGES } from '@core/teams';
import { accountWithRole, baseUrl, type RoleAccount, signInContext } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { addDashboardPurchase } from '../support/purchases';
import { graphql, useStackEnvironment } from '../support/stack';
import { TINY_PNG } from '../support/uploads';

jest.setTimeout(90_000);

const chromium = useBrowser();

beforeAll(() => useStackEnvironment());

async function directorWithPurchase(): Promise<RoleAccount> {
  const director = await accountWithRole('DIRECTOR', 'team-form.director', 'Form Director');
  await addDashboardPurchase(director.id);
  return director;
}

async function openNewTeamPage(director: RoleAccount): Promise<Page> {
  const context = await chromium.browser.newContext();
  await signInContext(context, director.email);
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}/home/my-team/new`);
  return page;
}

/** The team saved as the director's choice, once the page has saved one (it saves after showing it). */
async function selectedTeamOf(director: RoleAccount): Promise<string | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { data } = await graphql<{ getSelectedTeam: { teamId: string | null } | null }>(
      'query { getSelectedTeam { teamId } }',
      {},
      { token: director.token },
    );
    if (data?.getSelectedTeam?.teamId) return data.getSelectedTeam.teamId;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

const avatarInput = (page: Page) => page.getByRole('group', { name: 'Drop your Team Avatar Here' }).locator('input[type=file]');

describe('team creation (/home/my-team/new)', () => {
  it("shows the form's validation messages and sends nothing", async () => {
    const page = await openNewTeamPage(await directorWithPurchase());
    await page.getByRole('heading', { name: 'New Team', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create Team' }).click();
    await page.getByText(TEAM_MESSAGES.nameRequired).waitFor();

    await page.getByLabel('Name').fill('A');
    await page.getByLabel('Description').fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Create Team' }).click();
    await page.getByText('Name must be 2 to 20 characters.').waitFor();
    await page.getByText('Description should be less than 1000 characters.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/my-team/new');
    await page.context().close();
  });

  it('refuses a file that is not an image in the avatar drop zone', async () => {
    const page = await openNewTeamPage(await directorWithPurchase());
    await avatarInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByRole('alert').filter({ hasText: 'Please choose a PNG, JPEG, GIF or WebP image.' }).waitFor();
    await expect(page.getByRole('img', { name: /Chosen avatar/ }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('creates a team with an avatar and lands on its statistics, the team selected', async () => {
    const director = await directorWithPurchase();
    const page = await openNewTeamPage(director);
    await page.getByLabel('Name').fill('Browser Bats');
    await page.getByLabel('Description').fill('Made in Chromium by the team form test');
    await page.getByLabel('Game').selectOption('Rocket League');
    await avatarInput(page).setInputFiles({ name: 'bat.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('img', { name: 'Chosen avatar bat.png' }).waitFor();
    await page.getByRole('button', { name: 'Create Team' }).click();

    await page.waitForURL((url) => url.pathname === '/home/my-team/statistics/');
    await page.getByText('Team created successfully!').waitFor();
    const { data } = await graphql<{ teamsByOwner: { id: string; name: string; game: string; avatar: string }[] }>(
      'query($ownerId: ID!) { teamsByOwner(ownerId: $ownerId) { id name game avatar } }',
      { ownerId: director.id },
      { token: director.token },
    );
    expect(data!.teamsByOwner).toEqual([expect.objectContaining({ name: 'Browser Bats', game: 'Rocket League' })]);
    const [team] = data!.teamsByOwner;
    // The page saves the choice after setting it, as every team selection does.
    await expect(selectedTeamOf(director)).resolves.toBe(team!.id);
    // The avatar the page uploaded is the team's, and its address serves the same bytes.
    expect(team!.avatar).toContain(`/avatars/teams/${team!.id}/${director.id}/`);
    expect(Buffer.from(await (await fetch(team!.avatar)).arrayBuffer())).toEqual(TINY_PNG);
    await page.context().close();
  });

  it("opens 'There was an error' with the server's message when the purchase is gone by the time the form is sent", async () => {
    const director = await directorWithPurchase();
    const page = await openNewTeamPage(director);
    await page.getByLabel('Name').fill('Late Larks');
    await page.getByLabel('Description').fill('The purchase went to another team meanwhile');
    // Another tab spends the purchase first.
    const spent = await graphql('mutation { createTeam(data: { name: "Early Birds", description: "First" }) { id } }', {}, { token: director.token });
    expect(spent.errors).toBeUndefined();
    await page.getByRole('button', { name: 'Create Team' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'There was an error' });
    await dialog.getByText(TEAM_MESSAGES.noUnusedPurchase).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(new URL(page.url()).pathname).toBe('/home/my-team/new');
    await page.context().close();
  });

  it('explains the pricing page to a director without an unused purchase', async () => {
    const page = await openNewTeamPage(await accountWithRole('DIRECTOR', 'team-form.unpaid', 'Unpaid Director'));
    await page.getByRole('heading', { name: 'Purchase a Team Dashboard first' }).waitFor();
    await expect(page.getByRole('link', { name: 'Go to pricing' }).getAttribute('href')).resolves.toBe('/pricing');
    await expect(page.getByRole('button', { name: 'Create Team' }).count()).resolves.toBe(0);
    await page.context().close();
  });
});
