/**
 * axe-core (WCAG 2 A and AA) on every route of the route registry, as each role meets it: signed out, a gamer in a
 * team, a gamer without one, a coach, a coach with a pending invite, a director, a director whose team expired, an
 * admin and a superadmin. A route a role may not use is checked too, on whatever it shows instead (a redirect, a
 * refusal). No serious or critical finding may remain; lesser ones are listed by the other browser tests.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { paths, withParams, withQuery } from '../../web/src/config/paths';
import { baseUrl, signInContext } from '../support/accounts';
import { finishAnimations, useBrowser, VIEWPORTS } from '../support/browser';
import { demoTeams, graphql, signIn } from '../support/stack';

jest.setTimeout(240_000);

const chromium = useBrowser();

const SEVERE = new Set(['serious', 'critical']);

/** Serious and critical WCAG 2 A/AA findings on the page as it is now, as "path: rule (impact): targets" lines. */
async function severeFindings(page: Page, label: string): Promise<string[]> {
  await finishAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => SEVERE.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.any.map((check) => check.message).join('; ')})`).join(', ')}`,
    );
}

/** Opens the path and waits until the page has its data (no request in flight, no page loader showing). */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .locator('.fg-page-loader')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // Late content (toasts, dialogs opening) settles before colours are measured.
  await page.waitForTimeout(400);
}

async function findingsOn(context: BrowserContext, routes: readonly string[]): Promise<string[]> {
  const page = await context.newPage();
  chromium.watchErrors(page);
  const findings: string[] = [];
  for (const route of routes) {
    await settle(page, route);
    findings.push(...(await severeFindings(page, route)));
  }
  await context.close();
  return findings;
}

/** Staff pages show the team chosen last: the demo staff choose Night Owls, as they would in the sidebar. */
async function chooseNightOwls(email: string): Promise<void> {
  const { accessToken } = await signIn(email);
  const response = await graphql(
    'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }',
    { teamId: nightOwls },
    { token: accessToken },
  );
  if (response.errors) throw new Error(`setSelectedTeam failed for ${email}: ${JSON.stringify(response.errors)}`);
}

async function signedInContext(email: string): Promise<BrowserContext> {
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
  context.setDefaultTimeout(15_000);
  await signInContext(context, email);
  return context;
}

async function userIdOf(email: string): Promise<string> {
  const { accessToken } = await signIn(email);
  const response = await graphql<{ me: { id: string } }>('query { me { id } }', {}, { token: accessToken });
  if (!response.data?.me) throw new Error(`No profile for ${email}: ${JSON.stringify(response.errors)}`);
  return response.data.me.id;
}

async function firstVideoId(): Promise<string> {
  const { accessToken } = await signIn('admin@fitgauge.test');
  const response = await graphql<{ videos: { id: string }[] }>('query { videos(take: 1) { id } }', {}, { token: accessToken });
  const [video] = response.data?.videos ?? [];
  if (!video) throw new Error(`No demo video: ${JSON.stringify(response.errors)}`);
  return video.id;
}

const nightOwls = demoTeams.find((team) => team.name === 'Night Owls')!.id;

const PUBLIC_ROUTES = [
  paths.root,
  paths.pricing,
  paths.coupon,
  paths.activateCoupon,
  paths.simulator,
  paths.recapReports,
  paths.auth.login,
  paths.auth.signUp,
  paths.auth.forgotPassword,
  '/no-such-page',
];

const ACCOUNT_ROUTES = [
  paths.home.account.root,
  paths.home.account.notifications,
  paths.home.account.sharing,
  paths.home.account.data,
  paths.home.account.delete,
];

const GAMER_ROUTES = [
  paths.home.root,
  paths.home.checkIn,
  paths.home.myScores,
  paths.home.teamInvite,
  paths.home.noTeam,
  paths.pricing,
  paths.coupon,
  ...ACCOUNT_ROUTES,
];

/**
 * A coach's or director's team pages. Opening the journal reads its notifications, so only the coach opens it: the
 * demo director's unread comments are part of the demo data other suites check.
 */
function staffRoutes(memberId: string, { journal }: { journal: boolean }): string[] {
  return [
    paths.home.myTeam.root,
    withQuery(paths.home.myTeam.statistics, { teamId: nightOwls }),
    withParams(paths.home.myTeam.memberStatistics, { id: memberId }),
    ...(journal ? [withQuery(paths.home.myTeam.journal, { teamId: nightOwls })] : []),
    paths.home.root,
    ...ACCOUNT_ROUTES,
  ];
}

function adminRoutes(userId: string, videoId: string): string[] {
  return [
    paths.home.videos,
    withParams(paths.home.editVideo, { id: videoId }),
    paths.home.uploadVideo,
    paths.home.videoRecommendation,
    paths.home.users,
    withParams(paths.home.user, { id: userId }),
    withParams(paths.home.disableUser, { id: userId }),
    withParams(paths.home.enableUser, { id: userId }),
    withParams(paths.home.bulkDeleteUsers, { ids: userId }),
    paths.home.auditLog,
    paths.home.weeklyChallenge,
    paths.home.payments,
    paths.home.teamsPerformance,
    paths.home.userPerformance,
    paths.home.promotion,
    paths.home.uiKit,
    '/home/no-such-page',
    ...ACCOUNT_ROUTES,
  ];
}

describe('accessibility of every route, for every role', () => {
  let gamerId = '';
  let videoId = '';

  beforeAll(async () => {
    [gamerId, videoId] = await Promise.all([userIdOf('gamer1@fitgauge.test'), firstVideoId()]);
    await Promise.all(['director@fitgauge.test', 'coach@fitgauge.test'].map(chooseNightOwls));
  });

  it('signed out', async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    expect(await findingsOn(context, PUBLIC_ROUTES)).toEqual([]);
  });

  it('a gamer in a team, and a gamer without one', async () => {
    const findings = [
      ...(await findingsOn(await signedInContext('gamer1@fitgauge.test'), GAMER_ROUTES)),
      ...(await findingsOn(await signedInContext('solo@fitgauge.test'), GAMER_ROUTES)),
    ];
    expect(findings).toEqual([]);
  });

  it('a coach, and a coach with a pending invite', async () => {
    const findings = [
      ...(await findingsOn(await signedInContext('coach@fitgauge.test'), [
        paths.home.coachPortal,
        paths.home.coachInvites,
        ...staffRoutes(gamerId, { journal: true }),
      ])),
      ...(await findingsOn(await signedInContext('newcoach@fitgauge.test'), [
        paths.home.coachPortal,
        paths.home.coachInvites,
        paths.home.teamInvite,
        paths.home.root,
      ])),
    ];
    expect(findings).toEqual([]);
  });

  it('a director, and a director whose team expired', async () => {
    const directorRoutes = [
      paths.home.managerPortal,
      paths.home.myTeam.new,
      paths.home.myTeam.waiting,
      paths.pricing,
      ...staffRoutes(gamerId, { journal: false }),
    ];
    const findings = [
      ...(await findingsOn(await signedInContext('director@fitgauge.test'), directorRoutes)),
      ...(await findingsOn(await signedInContext('expired@fitgauge.test'), [paths.home.managerPortal, paths.home.myTeam.root, paths.pricing])),
    ];
    expect(findings).toEqual([]);
  });

  it('an admin', async () => {
    expect(await findingsOn(await signedInContext('admin@fitgauge.test'), adminRoutes(gamerId, videoId))).toEqual([]);
  });

  // The web app draws the same pages for both admin roles (`isAdmin`, core/roles.ts): the superadmin's pass covers the
  // frame and the pages that show a role, not every admin route again (about 90 s of the suite).
  it('a superadmin', async () => {
    const routes = [paths.home.videos, paths.home.users, withParams(paths.home.user, { id: gamerId }), paths.home.account.root];
    expect(await findingsOn(await signedInContext('superadmin@fitgauge.test'), routes)).toEqual([]);
  });
});
