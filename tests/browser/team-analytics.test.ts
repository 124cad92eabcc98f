/**
 * Team analytics and member statistics in Chromium against the local stack, on the seeded Night Owls (30 days of
 * check-ins): the director sees the team's charts drawn, today's readiness and the members table, switches the window,
 * opens a member's statistics and downloads them as xlsx, read back here with xlsx (sheet name, column widths, rows);
 * a gamer sees his own statistics but not a teammate's. Compliance: today's check-ins, each member's check-in rate and
 * the team's, sorting by them, and a coach's Nudge of a fresh team (the second one finds the member already nudged).
 * Expected values come from the API itself.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answersWith } from '@core/test-support/answers';
import { readinessTier } from '@core/scoring';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { formatInstant } from '@/lib/score-display';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { clearOfScoreDayEdge } from '../support/score-day-edge';
import { DEMO_PASSWORD, demoTeams, graphql, signIn, stackUrls, useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(120_000);

const DIRECTOR = 'director@fitgauge.test';
const GAMER = 'gamer1@fitgauge.test';
const NIGHT_OWLS = demoTeams.find((team) => team.name === 'Night Owls')!;
const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');

const chromium = useBrowser();

beforeAll(() => {
  // The nudge test writes its fresh team through the stores.
  useStackEnvironment();
});

async function apiAs<T>(email: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { accessToken } = await signIn(email);
  const response = await graphql<T>(query, variables, { token: accessToken });
  if (response.errors?.length) throw new Error(response.errors.map((error) => error.message).join('; '));
  return response.data!;
}

async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  chromium.watchErrors(page);
  return page;
}

async function signInAt(page: Page, email: string, path: string): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

interface MemberScore {
  userId: string;
  fullName: string;
  fgScore: number | null;
  gameReadiness: number | null;
  streak: number;
  avgCompletion: number | null;
  checkedInToday: boolean;
  lastCheckInAt: string | null;
  daysCheckedIn: number;
  daysCounted: number;
  checkInRate: number | null;
  lastCheckInDate: string | null;
  lastGameReadiness: number | null;
  lastAvgCompletion: number | null;
}
const MEMBER_SCORES = `query($teamId: ID!, $days: Int) { teamMemberScores(teamId: $teamId, days: $days) {
  userId fullName fgScore gameReadiness streak avgCompletion checkedInToday lastCheckInAt daysCheckedIn daysCounted checkInRate
  lastCheckInDate lastGameReadiness lastAvgCompletion } }`;

/** The team's rate as the members section words it: every member's days checked in over every member's days counted. */
function teamRateText(members: readonly MemberScore[], windowLabel: string): string {
  const checkedIn = members.reduce((sum, member) => sum + member.daysCheckedIn, 0);
  const counted = members.reduce((sum, member) => sum + member.daysCounted, 0);
  return `Team check-in rate over ${windowLabel}: ${Math.round((100 * checkedIn) / counted)}% (${checkedIn} of ${counted} member days)`;
}
const TEAM_WINDOW = `query($teamId: ID!, $days: Int) { myTeamScoreStats(teamId: $teamId, type: fgScore, days: $days) { startDate mainScoreStatistics { date } } }`;
const USER_STATISTICS = `query($userId: ID!, $days: Int) { userScoreStatistics(userId: $userId, days: $days) {
  date id fgScore gameReadiness pillarSlug score pureScore completenessScore totalAnswers totalQuestions } }`;

const shownDay = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
};

/** Charts with a line drawn (an SVG path with curve pieces), after bringing each card into view (charts draw there). */
const drawnCharts = async (page: Page, atLeast: number) => {
  // The cards come with the page's lower sections, once the members have loaded: wait for them first.
  await page
    .locator('.fg-chart-card')
    .nth(atLeast - 1)
    .waitFor();
  // In the page, by index: a card re-rendered while its data arrives is the same card, where a held element detaches.
  const count = await page.locator('.fg-chart-card').count();
  for (let index = 0; index < count; index += 1) {
    await page.evaluate((at) => document.querySelectorAll('.fg-chart-card')[at]?.scrollIntoView({ block: 'center' }), index);
    await page.waitForTimeout(50);
  }
  return page.waitForFunction(
    (count) =>
      [...document.querySelectorAll('.fg-chart-card')].filter((card) =>
        [...card.querySelectorAll('svg.fg-chart__svg path.fg-chart__line')].some((path) => (path.getAttribute('d') ?? '').includes('C')),
      ).length >= count,
    atLeast,
  );
};

describe('team analytics', () => {
  it('shows the director of Night Owls its charts, today’s readiness and members, over any window, and a member’s statistics with an xlsx export', async () => {
    await apiAs(DIRECTOR, 'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }', { teamId: NIGHT_OWLS.id });
    const { teamMemberScores: members } = await apiAs<{ teamMemberScores: MemberScore[] }>(DIRECTOR, MEMBER_SCORES, { teamId: NIGHT_OWLS.id });
    expect(members).toHaveLength(5);

    const page = await newPage();
    await signInAt(page, DIRECTOR, '/home/my-team/statistics/');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByText('Night Owls: how the team is doing').waitFor();

    // FG Score, five pillars and one line per member for game readiness and performance: every chart drawn.
    await drawnCharts(page, 8);
    const readinessLines = page.locator('.fg-chart-card[data-score-type="gameReadiness"] path.fg-chart__line');
    expect(await readinessLines.count()).toBeGreaterThan(1);
    // A pointer over the chart names every member's line with that day's value (or No data).
    const readiness = page.locator('.fg-chart-card[data-score-type="gameReadiness"]');
    await readiness.getByRole('img', { name: /^Game Readiness by member, / }).hover();
    const legend = await readiness.locator('.fg-chart__legend li').allInnerTexts();
    const tooltip = await readiness.getByRole('status').getByRole('listitem').allInnerTexts();
    expect(tooltip.map((entry) => entry.replace(/: (\d+|No data)$/, ''))).toEqual(legend);

    // Today's tiers across the roster, as the API's game readiness gives them.
    const tierOf = (member: MemberScore) => readinessTier(member.gameReadiness) ?? 'No data';
    for (const tier of ['Game On', 'Moderately Ready', 'Subpar Ready', 'Not Ready', 'No data']) {
      const count = members.filter((member) => tierOf(member) === tier).length;
      await expect(page.locator(`.fg-tier-count[data-tier="${tier}"] .fg-tier-count__value`).innerText()).resolves.toBe(String(count));
    }

    // Who checked in today, and the Nudge for the team's director.
    const checkedInToday = members.filter((member) => member.checkedInToday).length;
    await page.getByText(`${checkedInToday} of 5 members checked in today.`).waitFor();
    expect(await page.getByRole('button', { name: 'Nudge', exact: true }).count()).toBe(1);

    // The members table: one row per gamer with his score now and its tier (the gamer's own words for it), readiness, streak, completion, today's
    // check-in with the time of his last one, and his check-in rate over the window; the team's rate above it.
    const table = page.getByRole('region', { name: 'Members table' });
    await table.getByRole('link', { name: members[0]!.fullName }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(5);
    for (const member of members) {
      const row = table.locator('tbody tr').filter({ has: page.getByRole('link', { name: member.fullName, exact: true }) });
      const cells = await row.locator('td').allInnerTexts();
      expect(cells).toEqual([
        member.fullName,
        member.fgScore == null ? 'No data' : `${member.fgScore} · ${readinessTier(member.fgScore)}`,
        // Before today's check-in, the latest value with its day (docs/teams.md, "Who is not ready").
        member.gameReadiness != null
          ? `${tierOf(member)} (${member.gameReadiness})`
          : member.lastGameReadiness != null && member.lastCheckInDate
            ? `${readinessTier(member.lastGameReadiness) ?? 'No data'} (${member.lastGameReadiness}) on ${shownDay(member.lastCheckInDate)}`
            : 'No data',
        String(member.streak),
        member.avgCompletion != null
          ? `${member.avgCompletion}%`
          : member.lastAvgCompletion != null && member.lastCheckInDate
            ? `${member.lastAvgCompletion}% on ${shownDay(member.lastCheckInDate)}`
            : 'No data',
        `${member.checkedInToday ? 'Checked in' : 'Not yet'}\n${member.lastCheckInAt ? `Last ${formatInstant(member.lastCheckInAt)}` : 'Never checked in'}`,
        member.checkInRate == null ? 'No data' : `${member.checkInRate}% (${member.daysCheckedIn} of ${member.daysCounted} days)`,
      ]);
    }
    await page.getByText(teamRateText(members, 'the last 7 days')).waitFor();
    // Sorting by streak, descending on the second click; then by check-in rate and by today's check-in.
    const sortedDescending = async (header: RegExp, column: number) => {
      await table.getByRole('button', { name: header }).click();
      await table.getByRole('button', { name: header }).click();
      return table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts();
    };
    const streaks = (await sortedDescending(/Streak/, 4)).map(Number);
    expect(streaks).toEqual([...streaks].sort((a, b) => b - a));
    const rates = (await sortedDescending(/Check-in rate/, 7)).filter((cell) => cell !== 'No data').map((cell) => Number.parseInt(cell, 10));
    expect(rates).toEqual(members.flatMap((member) => (member.checkInRate == null ? [] : [member.checkInRate])).sort((a, b) => b - a));
    const statuses = (await sortedDescending(/Today/, 6)).map((cell) => cell.split('\n')[0]);
    expect(statuses).toEqual(members.map((member) => (member.checkedInToday ? 'Checked in' : 'Not yet')).sort());
    // Searching.
    const ava = members.find((member) => member.fullName === 'Ava Reyes')!;
    await page.getByLabel('Search members').fill('ava');
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Members table"] tbody tr').length === 1);

    // The window switch: 30 days, then a custom range, each asked of the server.
    const month = (await apiAs<{ myTeamScoreStats: { startDate: string } }>(DIRECTOR, TEAM_WINDOW, { teamId: NIGHT_OWLS.id, days: 30 }))
      .myTeamScoreStats;
    await page.getByRole('radio', { name: '30 days' }).check();
    await page.getByText(`${shownDay(month.startDate)} to`).waitFor();
    const monthMembers = (await apiAs<{ teamMemberScores: MemberScore[] }>(DIRECTOR, MEMBER_SCORES, { teamId: NIGHT_OWLS.id, days: 30 }))
      .teamMemberScores;
    await page.getByText(teamRateText(monthMembers, 'the last 30 days')).waitFor();
    await page.getByRole('radio', { name: 'Custom' }).check();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-01-10');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-01-05');
    await page.getByRole('alert').filter({ hasText: 'The start date must not be after the end date.' }).waitFor();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(month.startDate);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(month.startDate);
    await page.getByText(`${shownDay(month.startDate)} to ${shownDay(month.startDate)}`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // A member's page from the table.
    await table.getByRole('link', { name: 'Ava Reyes' }).click();
    await page.waitForURL((url) => url.pathname === `/home/my-team/statistics/${ava.userId}`);
    await page.getByRole('heading', { name: "Ava Reyes's statistics" }).waitFor();
    await drawnCharts(page, 5);
    const week = (await apiAs<{ userScoreStatistics: Record<string, unknown>[] }>(DIRECTOR, USER_STATISTICS, { userId: ava.userId, days: 7 }))
      .userScoreStatistics;
    expect(week.length).toBeGreaterThan(0);
    const answeredDays = [...new Set(week.map((row) => row.date as string))];
    expect(await page.locator('.fg-answer-day').count()).toBe(answeredDays.length);

    // The export: xlsx downloaded, read back with xlsx in Node.
    const folder = await mkdtemp(join(tmpdir(), 'fg-export-'));
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export statistics as xlsx' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^Ava-Reyes-statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const file = join(folder, download.suggestedFilename());
      await download.saveAs(file);
      const book = XLSX.read(await readFile(file), { cellStyles: true });
      expect(book.SheetNames).toEqual(['Sheet 01']);
      const sheet = book.Sheets['Sheet 01']!;
      expect(sheet['!cols']!.map((column) => column.wch)).toEqual([18, 35, 18, 18, 18, 18, 18, 30, 18, 18]);
      const [header, ...rows] = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
      const fields = [
        'date',
        'id',
        'fgScore',
        'gameReadiness',
        'pillarSlug',
        'score',
        'pureScore',
        'completenessScore',
        'totalAnswers',
        'totalQuestions',
      ];
      expect(header).toEqual(fields);
      expect(rows).toEqual(week.map((row) => fields.map((field) => row[field])));
      expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(String(row[0])))).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    await page.context().close();
  });

  it('lets a coach nudge the members not checked in today, once a day: a second nudge reports them already nudged', async () => {
    // One score day from the check-in to the second nudge: "today" must not move in between.
    await clearOfScoreDayEdge();
    const people = await accounts({ director: 'DIRECTOR', coach: 'COACH', ready: 'GAMER', late: 'GAMER' }, 'analytics.nudge');
    const teamId = await teamOf(
      people.director,
      [
        [people.coach, 'COACH'],
        [people.ready, 'GAMER'],
        [people.late, 'GAMER'],
      ],
      'Nudged Owls',
    );
    await ok(people.ready, 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }', { answers: answersWith('best') });
    await ok(people.coach, 'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }', { teamId });

    const page = await newPage(VIEWPORTS.phone);
    await signInAt(page, people.coach.email, '/home/my-team/statistics/');
    await page.getByText('1 of 2 members checked in today.').waitFor();
    const nudge = async (outcome: string) => {
      await page.getByRole('button', { name: 'Nudge', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Nudge members?' });
      await dialog.getByText('A reminder to check in goes to the member who has not checked in today').waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(outcome, { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
    };
    await nudge('Nudged 1 member.');
    await nudge('The member not checked in was already nudged today.');
    await page.context().close();
  });

  it('shows a gamer his own statistics and refuses a teammate’s', async () => {
    const { teamMemberScores: members } = await apiAs<{ teamMemberScores: MemberScore[] }>(DIRECTOR, MEMBER_SCORES, { teamId: NIGHT_OWLS.id });
    const own = members.find((member) => member.fullName === 'Ava Reyes')!;
    const teammate = members.find((member) => member.fullName === 'Ben Okafor')!;
    const page = await newPage(VIEWPORTS.phone);
    await signInAt(page, GAMER, `/home/my-team/statistics/${own.userId}`);
    await page.getByRole('heading', { name: "Ava Reyes's statistics" }).waitFor();
    await drawnCharts(page, 5);

    await page.goto(`${baseUrl()}/home/my-team/statistics/${teammate.userId}`);
    await page.getByText('You can only see your own scores and those of the members of teams you coach or own.').waitFor();
    expect(await page.locator('.fg-chart-card').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export statistics as xlsx' }).count()).toBe(0);
    await page.context().close();
  });
});
