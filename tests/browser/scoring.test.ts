/**
 * The gamer's score pages in Chromium against the local stack: a seeded gamer (solo, in no team, so no team statistics other tests compare change under them)
 * signs in through the real login page, answers the daily check-in one step at a time (by tap and by keyboard), sees
 * today's scores with their tier and labels, corrects the day, and follows the scores over 7/30/90 days; a new gamer
 * sends yesterday's answers again with "Same as yesterday", and one without scores sees the empty state.
 * Expected numbers come from the same core functions the server runs, and from the API itself.
 */
import { scoreDayOf, shiftDay } from '@core/dates';
import { readinessTier, scoreDay, scoreLabel } from '@core/scoring';
import type { Page } from 'playwright-core';
import { db } from '../../lambdas/lib/db/client';
import { accountWithRole } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { checkInQuestion, checkInStepHeading, pickAnswer, showCheckInStep, tickAnswer } from '../support/check-in';
import { clearOfScoreDayEdge } from '../support/score-day-edge';
import { DEMO_PASSWORD, graphql, signIn, stackUrls, useStackEnvironment } from '../support/stack';
import { storeEarlierCheckIn } from '../support/stored-check-ins';

jest.setTimeout(90_000);

const GAMER = 'solo@fitgauge.test';
/** Ahead of UTC (where the seeded days were written), so the browser's score day is never before the last seeded one. */
const TIME_ZONE = 'Europe/Berlin';

const baseUrl = () => stackUrls().baseUrl.replace(/\/$/, '');

const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment();
});

afterAll(() => {
  db().destroy();
});

async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport, timezoneId: TIME_ZONE });
  const page = await context.newPage();
  chromium.watchErrors(page);
  return page;
}

/** Signs in on /auth/login, which returns to `path` (the page remembered in redirectTo). */
async function signInAt(page: Page, email: string, path: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** What the API says, asked as the gamer with a token of their own. */
async function apiAs<T>(email: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { accessToken } = await signIn(email);
  const response = await graphql<T>(query, variables, { token: accessToken });
  if (response.errors?.length) throw new Error(response.errors.map((error) => error.message).join('; '));
  return response.data!;
}

/** Title, number and label of a score tile, as the tile reads. */
async function tile(page: Page, list: string, title: string): Promise<{ value: string; label: string }> {
  const item = page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
  return {
    value: (await item.locator('.fg-score-tile__value').innerText()).trim(),
    label: (await item.locator('.fg-score-tile__label').innerText()).trim(),
  };
}

/** Goes Next through the check-in's steps to the last one, where Submit is. */
async function nextToLastStep(page: Page): Promise<void> {
  const next = page.getByRole('button', { name: 'Next', exact: true });
  while (await next.isVisible()) await next.click();
  await page.getByRole('button', { name: 'Submit', exact: true }).waitFor();
}

const shown = (score: number | null) => (score === null ? '–' : String(score));

const CHECK_IN = `query($timeZone: String) { myCheckIn(timeZone: $timeZone) {
  date fgScore streak dailyScore gameReadiness gamePerformance gaming watchedVideos answers { questionSlug value } } }`;
interface ApiDay {
  date: string;
  fgScore: number | null;
  streak: number;
  dailyScore: number | null;
  gameReadiness: number | null;
  gamePerformance: number | null;
  gaming: boolean;
  watchedVideos: boolean;
  answers: { questionSlug: string; value: string }[];
}

describe('daily check-in', () => {
  it('a seeded gamer answers one step at a time, sees today’s scores with tiers and labels, and corrects the day', async () => {
    const page = await newPage();
    await signInAt(page, GAMER, '/home/check-in');
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor();

    // The sidebar leads gamers to both pages.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Check-in' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'My scores' }).getAttribute('href')).toBe('/home/my-scores');

    // Today on the gamer's clock (the browser's zone is sent with the request).
    const today = scoreDayOf(new Date(), TIME_ZONE);
    const [year, month, day] = today.split('-');
    await page.getByText(`Score day ${month}/${day}/${year}.`).waitFor();
    await expect(page.getByRole('heading', { name: "Today's scores" }).count()).resolves.toBe(0);

    // One step at a time, the gaming question first; nothing answered, nothing to send yet.
    const progress = page.getByRole('progressbar', { name: 'Check-in progress' });
    await page.getByText('Step 1 of 8').waitFor();
    expect(await progress.getAttribute('aria-valuetext')).toBe('Step 1 of 8: Game day');
    await expect(page.getByRole('button', { name: 'Submit', exact: true }).count()).resolves.toBe(0);

    // A click on an answer moves on: not gaming today, so Sleep, whose heading takes focus, and no game step.
    await pickAnswer(page, 'gaming-today', 'No');
    await page.getByText('Step 2 of 7').waitFor();
    expect(await checkInStepHeading(page).innerText()).toBe('Sleep');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sleep');
    const sleepBar = await page.getByRole('region', { name: 'Sleep' }).evaluate((section) => getComputedStyle(section).borderLeftColor);
    expect(sleepBar).toBe('rgb(168, 85, 247)'); // purple, the sleep pillar's token

    await pickAnswer(page, 'sleep-hours', '7 to 9');
    await pickAnswer(page, 'sleep-quality', 'Great');
    // "Nothing" and the disturbances exclude each other; a tick-all question waits for Next.
    await tickAnswer(page, 'sleep-disturbance', 'Noise');
    await tickAnswer(page, 'sleep-disturbance', 'Nothing');
    expect(await checkInQuestion(page, 'sleep-disturbance').getByRole('checkbox', { name: 'Noise' }).isChecked()).toBe(false);
    await page.getByRole('region', { name: 'Sleep' }).getByText('3 of 3 answered').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The keyboard: Tab from the step's heading reaches its first answers, arrow keys choose without moving on.
    expect(await checkInStepHeading(page).innerText()).toBe('Nutrition');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await checkInQuestion(page, 'water-drink').getByRole('radio', { name: '8 glasses or more' }).isChecked()).toBe(true);
    expect(await checkInStepHeading(page).innerText()).toBe('Nutrition');
    await page.getByRole('button', { name: 'Next', exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Mental');

    await pickAnswer(page, 'emotional-state', 'Calm');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await pickAnswer(page, 'activities', 'Two');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await pickAnswer(page, 'energy', 'Good');
    await tickAnswer(page, 'pain', 'Back');
    await tickAnswer(page, 'pain', 'Neck');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Step 7 of 7').waitFor();
    await expect(page.getByRole('button', { name: 'Next', exact: true }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const heading = page.getByRole('heading', { name: "Today's scores" });
    await heading.waitFor();
    // Focus moves to the scores once they are drawn (they may come a render after the heading first shows).
    await page.waitForFunction(() => document.activeElement?.textContent === "Today's scores", undefined, { timeout: 10_000 });

    const answers = [
      { questionSlug: 'gaming-today', value: 'false' },
      { questionSlug: 'sleep-hours', value: '7-9' },
      { questionSlug: 'sleep-quality', value: 'great' },
      { questionSlug: 'sleep-disturbance', value: 'none' },
      { questionSlug: 'water-drink', value: '8-or-more-glasses' },
      { questionSlug: 'emotional-state', value: 'calm' },
      { questionSlug: 'activities', value: 'two' },
      { questionSlug: 'energy', value: 'good' },
      { questionSlug: 'pain', value: 'back,neck' },
    ];
    const expected = scoreDay(today, answers);
    const saved = (await apiAs<{ myCheckIn: ApiDay }>(GAMER, CHECK_IN, { timeZone: TIME_ZONE })).myCheckIn;
    expect(saved).toMatchObject({ date: today, dailyScore: expected.dailyScore, gameReadiness: expected.gameReadiness, gaming: false });
    expect([...saved.answers].sort((a, b) => a.questionSlug.localeCompare(b.questionSlug))).toEqual(
      [...answers].sort((a, b) => a.questionSlug.localeCompare(b.questionSlug)),
    );

    // The overall score with its readiness tier; the day's scores with their labels; No Gaming on the game scores.
    expect(await tile(page, 'Main scores', 'FG Score')).toEqual({ value: shown(saved.fgScore), label: readinessTier(saved.fgScore) ?? 'No data' });
    expect(await tile(page, 'Main scores', 'Daily Score')).toEqual({ value: String(expected.dailyScore), label: scoreLabel(expected.dailyScore) });
    expect(await tile(page, 'Main scores', 'Game Readiness')).toEqual({ value: String(expected.gameReadiness), label: 'No Gaming' });
    expect(await tile(page, 'Main scores', 'Game Performance')).toEqual({ value: '–', label: 'No Gaming' });
    for (const [title, slug] of [
      ['Sleep', 'sleep'],
      ['Nutrition', 'nutrition'],
      ['Mental', 'mental'],
      ['Lifestyle', 'lifestyle'],
      ['Physical', 'physical'],
    ] as const) {
      const score = expected.pillars[slug].score;
      expect(await tile(page, 'Pillar scores', title)).toEqual({ value: String(score), label: scoreLabel(score) });
    }
    expect(await page.getByText(`Streak ${saved.streak} ${saved.streak === 1 ? 'day' : 'days'}`).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Coming back later the same day: the form holds the day's answers, and a correction, sent from any step, replaces them.
    await page.reload();
    await heading.waitFor();
    expect(await checkInQuestion(page, 'gaming-today').getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    await pickAnswer(page, 'gaming-today', 'Yes');
    await page.getByText('Step 2 of 8').waitFor();
    expect(await checkInQuestion(page, 'sleep-quality').getByRole('radio', { name: 'Great' }).isChecked()).toBe(true);
    await pickAnswer(page, 'sleep-quality', 'Good');
    await showCheckInStep(page, 'Physical');
    expect(await checkInQuestion(page, 'pain').getByRole('checkbox', { name: 'Neck' }).isChecked()).toBe(true);
    await checkInQuestion(page, 'pain').getByRole('button', { name: 'Clear answer' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await pickAnswer(page, 'game-performance', 'Good');
    await page.getByRole('checkbox', { name: 'Watched videos' }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('status').filter({ hasText: "Saved. Today's scores are updated." }).waitFor();

    const corrected = (await apiAs<{ myCheckIn: ApiDay }>(GAMER, CHECK_IN, { timeZone: TIME_ZONE })).myCheckIn;
    const correctedAnswers = answers
      .filter((answer) => answer.questionSlug !== 'pain')
      .map((answer) =>
        answer.questionSlug === 'gaming-today'
          ? { ...answer, value: 'true' }
          : answer.questionSlug === 'sleep-quality'
            ? { ...answer, value: 'good' }
            : answer,
      )
      .concat({ questionSlug: 'game-performance', value: 'good' });
    const expectedNow = scoreDay(today, correctedAnswers);
    // Replaced, never counted twice: one answer per question, the cleared one gone.
    expect(corrected.answers).toHaveLength(correctedAnswers.length);
    expect(corrected).toMatchObject({ date: today, dailyScore: expectedNow.dailyScore, gaming: true, watchedVideos: true, gamePerformance: 75 });
    expect(await tile(page, 'Main scores', 'Game Performance')).toEqual({ value: '75', label: 'Pretty Solid' });
    expect(await tile(page, 'Main scores', 'Game Readiness')).toEqual({
      value: String(expectedNow.gameReadiness),
      label: scoreLabel(expectedNow.gameReadiness),
    });
    expect(await tile(page, 'Main scores', 'FG Score')).toEqual({
      value: shown(corrected.fgScore),
      label: readinessTier(corrected.fgScore) ?? 'No data',
    });
    expect(await tile(page, 'Pillar scores', 'Physical')).toEqual({
      value: String(expectedNow.pillars.physical.score),
      label: scoreLabel(expectedNow.pillars.physical.score),
    });
    await page.getByText('Watched videos (+10)', { exact: false }).waitFor();
    await page.context().close();
  });

  it("sends yesterday's answers again in two taps: Same as yesterday, then Submit", async () => {
    await clearOfScoreDayEdge(TIME_ZONE);
    const gamer = await accountWithRole('GAMER', 'same.yesterday');
    const yesterday = shiftDay(scoreDayOf(new Date(), TIME_ZONE), -1);
    const answers = [
      { questionSlug: 'gaming-today', value: 'true' },
      { questionSlug: 'sleep-hours', value: '6-7' },
      { questionSlug: 'sleep-disturbance', value: 'noise,pet' },
      { questionSlug: 'focus', value: 'good' },
      { questionSlug: 'game-performance', value: 'great' },
    ];
    await storeEarlierCheckIn(gamer.id, TIME_ZONE, yesterday, answers, true);
    const page = await newPage(VIEWPORTS.phone);
    await signInAt(page, gamer.email, '/home/check-in');
    await page.getByRole('button', { name: 'Same as yesterday' }).click();
    await page.getByText("Yesterday's answers filled in 4 questions: check them, then Submit.").waitFor();
    // Straight to the review, where Submit is.
    expect(await checkInStepHeading(page).innerText()).toBe('Videos');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: "Today's scores" }).waitFor();
    const saved = (await apiAs<{ myCheckIn: ApiDay }>(gamer.email, CHECK_IN, { timeZone: TIME_ZONE })).myCheckIn;
    const bySlug = (a: { questionSlug: string }, b: { questionSlug: string }) => a.questionSlug.localeCompare(b.questionSlug);
    expect(saved.answers.map(({ questionSlug, value }) => ({ questionSlug, value })).sort(bySlug)).toEqual([...answers].sort(bySlug));
    // The videos are today's to say: yesterday's are not carried over.
    expect(saved.watchedVideos).toBe(false);
    await page.context().close();
  });

  it('shows a loading state while sending and the server’s message when the API refuses', async () => {
    const page = await newPage();
    await signInAt(page, GAMER, '/home/check-in');
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor();
    const message = 'Your answers changed at the same time in another session. Please send them again.';
    // The API answers slowly and with an error, as AppSync does for a refused mutation.
    await page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes('SubmitAnswers')) return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { submitAnswers: null }, errors: [{ message, errorType: 'Conflict' }] }),
      });
    });
    await showCheckInStep(page, 'Mental');
    await pickAnswer(page, 'focus', 'Sharp');
    // Submit is on the last step only.
    await nextToLastStep(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const sending = page.getByRole('button', { name: 'Sending…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('fits a 375px phone: no sideways scrolling, answers at least 48px tall, Next in reach, Submit on the last step in reach too', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await signInAt(page, GAMER, '/home/check-in');
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor();
    // Nutrition: the step with the most questions.
    await showCheckInStep(page, 'Nutrition');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const heights = await page.locator('.fg-chip').evaluateAll((chips) => chips.map((chip) => chip.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(15);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(48);
    await pickAnswer(page, 'water-drink', 'None');
    await checkInQuestion(page, 'caffeine-group').scrollIntoViewIfNeeded();
    // Where a button ends once the page stopped scrolling (a step change scrolls smoothly).
    const bottomOf = async (name: string) => {
      const measure = async () => {
        const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        return button.y + button.height;
      };
      let last = await measure();
      for (let tries = 0; tries < 30; tries += 1) {
        await page.waitForTimeout(100);
        const now = await measure();
        if (now === last) break;
        last = now;
      }
      return last;
    };
    expect(await bottomOf('Next')).toBeLessThanOrEqual(812);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Submit is on the last step only (docs/scoring.md, "On the gamer's pages"), in reach there too.
    await showCheckInStep(page, 'Videos');
    // The tap on Next that opened the last step sent nothing (a real tap runs React's update before the button's default
    // action: a reused <button> had become Submit by then); Submit is in the action bar at the bottom of the screen,
    // once the step change's scroll has stopped.
    expect(await page.getByText("Saved. Today's scores are updated.").count()).toBe(0);
    expect(await bottomOf('Submit')).toBeLessThanOrEqual(812);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('who checks in', () => {
  it('is gamers only: a coach has no check-in in the sidebar and is told so on the page', async () => {
    const page = await newPage();
    await signInAt(page, 'coach@fitgauge.test', '/home/check-in');
    await page.getByRole('heading', { name: 'The daily check-in is for gamers' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Check-in' }).count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('my scores', () => {
  const SCORE = 'query { myScore { score streak } }';
  const STATS = `query($days: Int) { myScoreStats(type: fgScore, days: $days) { startDate endDate mainScoreStatistics { date value } } }`;

  it('shows the overall score, streak, tier and 7/30/90-day charts', async () => {
    const page = await newPage();
    await signInAt(page, 'gamer2@fitgauge.test', '/home/my-scores');
    await page.getByRole('heading', { name: 'My scores' }).waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();

    const { myScore } = await apiAs<{ myScore: { score: number | null; streak: number } }>('gamer2@fitgauge.test', SCORE);
    expect(await tile(page, 'Overall score and streak', 'FG Score')).toEqual({
      value: shown(myScore.score),
      label: readinessTier(myScore.score) ?? 'No data',
    });
    expect((await tile(page, 'Overall score and streak', 'Streak')).value).toBe(String(myScore.streak));

    // One chart per main score and pillar with data, each with a line drawn through its days (as it comes into view).
    const charts = page.locator('.fg-chart-card svg.fg-chart__svg');
    for (const card of await page.locator('.fg-chart-card').all()) await card.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.fg-chart-card svg.fg-chart__svg path.fg-chart__line[d*="C"]').length >= 8);
    const fg = page.locator('.fg-chart-card[data-score-type="fgScore"]');
    type Stats = { startDate: string; endDate: string; mainScoreStatistics: { date: string; value: number }[] };
    const week = (await apiAs<{ myScoreStats: Stats }>('gamer2@fitgauge.test', STATS, { days: 7 })).myScoreStats;
    await expect(fg.innerText()).resolves.toContain(`${week.mainScoreStatistics.length} of 7 days`);
    expect(await charts.count()).toBeGreaterThanOrEqual(8);

    // The keyboard reads a chart day by day: End picks the window's last day, with its date and score.
    await fg.getByRole('img', { name: 'FG Score, the last 7 days' }).focus();
    await page.keyboard.press('End');
    const [endYear, endMonth, endDay] = week.endDate.split('-');
    const lastValue = week.mainScoreStatistics.find((point) => point.date === week.endDate)?.value ?? 'No data';
    const tooltip = (await fg.getByRole('status').innerText()).replace(/\s+/g, ' ');
    expect(tooltip).toBe(`${endMonth}/${endDay}/${endYear} FG Score: ${lastValue}`);
    await page.keyboard.press('Escape');
    await expect(fg.getByRole('status').innerText()).resolves.toBe('');

    await page.getByRole('radio', { name: '30 days' }).check();
    const month = (await apiAs<{ myScoreStats: Stats }>('gamer2@fitgauge.test', STATS, { days: 30 })).myScoreStats;
    const [year, mm, dd] = month.startDate.split('-');
    await page.getByText(`${mm}/${dd}/${year} to`).waitFor();
    await expect(fg.innerText()).resolves.toContain(`${month.mainScoreStatistics.length} of 30 days`);
    await page.getByRole('radio', { name: '90 days' }).check();
    await fg.getByText(/of 90 days/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('tells a gamer without any check-in how to get scores', async () => {
    const email = `scores-empty-${Date.now()}@fitgauge.test`;
    const password = 'Passw0rd!x';
    const signUp = await graphql(
      `
        mutation ($data: SignUpData!, $password: String!, $confirm: String!) {
          signUpUser(data: $data, password: $password, confirmPassword: $confirm) {
            id
          }
        }
      `,
      { data: { fullName: 'Empty Scores', email }, password, confirm: password },
      { publicToken: true },
    );
    expect(signUp.errors).toBeUndefined();
    const page = await newPage(VIEWPORTS.phone);
    await signInAt(page, email, '/home/my-scores', password);
    await page.getByRole('heading', { name: 'No scores yet' }).waitFor();
    await page.getByRole('link', { name: 'Go to check-in' }).click();
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor();
    await page.context().close();
  });
});
