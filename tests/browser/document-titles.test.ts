/**
 * Every route has its own document title (issue 22): what a browser tab, the history and a phone's app switcher show.
 * The route registry test checks that every page has a distinct title; this one checks that the browser shows it,
 * team pages with the team's name, and that it follows client-side navigation.
 */
import { randomUUID } from 'node:crypto';
import { paths, withQuery } from '../../web/src/config/paths';
import { baseUrl, openSignedInPage } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(60_000);

const chromium = useBrowser();

// The fixture team is written through the team store, which reads the stack's table name from the environment.
beforeAll(() => useStackEnvironment());

it('names the page, and the team of a team page, in the document title', async () => {
  // The coach: a director's team without a subscription is not restored as the selected team.
  const people = await accounts({ director: 'DIRECTOR', coach: 'COACH' }, 'titles');
  const teamName = `Title Owls ${randomUUID().slice(0, 6)}`;
  const teamId = await teamOf(people.director, [[people.coach, 'COACH']], teamName);
  await ok(people.coach, 'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }', { teamId });

  const page = await openSignedInPage(chromium, paths.home.myTeam.statistics, people.coach.email);
  await page.waitForFunction((expected) => document.title === expected, `Analytics · ${teamName} · FitGauge`);

  await page.getByRole('link', { name: 'Account' }).click();
  await page.waitForFunction(() => document.title === 'Account · FitGauge');

  await page.goto(`${baseUrl()}${withQuery(paths.home.myTeam.journal, { teamId })}`);
  await page.waitForFunction((expected) => document.title === expected, `Journal · ${teamName} · FitGauge`);
  await page.context().close();
});

it('titles the public pages and a page that does not exist', async () => {
  const context = await chromium.browser.newContext();
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}${paths.auth.login}`);
  await page.waitForFunction(() => document.title === 'Sign in · FitGauge');
  await page.goto(`${baseUrl()}${paths.simulator}`);
  await page.waitForFunction(() => document.title === 'Score simulator · FitGauge');
  await page.goto(`${baseUrl()}/no-such-page`);
  await page.waitForFunction(() => document.title === 'Page not found · FitGauge');
  await context.close();
});
