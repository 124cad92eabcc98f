/**
 * A check-in made without a connection (issue 22, point 2) in Chromium on the production build: a fresh gamer goes
 * offline (Chromium's network emulation), checks in and sees "Waiting to send"; the check-in stays on the device
 * through a reload served by the service worker, goes out when the connection returns, and the scores show. The server
 * holds exactly one check-in for the day. (Sending one check-in twice in parallel: tests/integration/offline-check-in.test.ts.)
 */
import { scoreDayOf, shiftDay } from '@core/dates';
import { formatScoreDay } from '@/lib/score-display';
import type { Page } from 'playwright-core';
import { db } from '../../lambdas/lib/db/client';
import { dynamoScoreStore } from '../../lambdas/lib/stores/score-store';
import { accountWithRole, baseUrl, signInContext } from '../support/accounts';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { clearOfScoreDayEdge } from '../support/score-day-edge';
import { useStackEnvironment } from '../support/stack';
import { storeEarlierCheckIn } from '../support/stored-check-ins';

jest.setTimeout(90_000);

const TIME_ZONE = 'Europe/Berlin';
const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment();
});

afterAll(() => {
  db().destroy();
});

/** Waits until the app's service worker controls the page, its precache complete, so a reload offline gets the app. */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

it('keeps a check-in made offline through a reload, sends it once when the connection returns and shows the scores', async () => {
  await clearOfScoreDayEdge(TIME_ZONE);
  const gamer = await accountWithRole('GAMER', 'offline-check-in', 'Offline Gamer');
  const today = scoreDayOf(new Date(), TIME_ZONE);
  const yesterday = shiftDay(today, -1);
  // Yesterday's answers, so "Same as yesterday" fills the form in one tap.
  const answers = [
    { questionSlug: 'gaming-today', value: 'false' },
    { questionSlug: 'sleep-quality', value: 'great' },
    { questionSlug: 'focus', value: 'good' },
  ];
  await storeEarlierCheckIn(gamer.id, TIME_ZONE, yesterday, answers);
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS.phone, timezoneId: TIME_ZONE, serviceWorkers: 'allow' });
  context.setDefaultTimeout(20_000);
  await signInContext(context, gamer.email);
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${baseUrl()}/home/check-in`);
  await page.getByRole('heading', { name: 'Daily check-in' }).waitFor();
  await controlledBySw(page);
  await page.getByRole('button', { name: 'Same as yesterday' }).click();
  await page.getByText("Yesterday's answers filled in", { exact: false }).waitFor();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Waiting to send' }).waitFor();
  expect((await dynamoScoreStore.latestDays(gamer.id, 2)).map((day) => day.date)).toEqual([yesterday]);

  // A reload without a connection: the service worker's app, which cannot load the day yet.
  await page.reload();
  await page.getByText('You are offline. FitGauge will retry when the connection returns.').waitFor();
  await page.getByText("You are offline. Today's questions load when the connection returns.").waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: `Waiting to send: your check-in for ${formatScoreDay(today)}` })
    .waitFor();
  expect((await dynamoScoreStore.latestDays(gamer.id, 2)).map((day) => day.date)).toEqual([yesterday]);

  await context.setOffline(false);
  await page.getByRole('heading', { name: "Today's scores" }).waitFor();
  const [stored] = await dynamoScoreStore.latestDays(gamer.id, 1);
  expect(stored).toMatchObject({ date: today, version: 1, checkInIds: [expect.any(String)] });
  expect(Object.keys(stored.answers ?? {}).sort()).toEqual(answers.map((answer) => answer.questionSlug).sort());
  await context.close();
});
