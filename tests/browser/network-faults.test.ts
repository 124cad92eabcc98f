/**
 * The web app under a failing network (issue 23, point 3, client side): the browser going offline and the API not
 * answering for a while. The user is told, the page never goes blank, and it recovers by itself, without a reload.
 */
import { answersWith } from '@core/test-support/answers';
import { OFFLINE_MESSAGE, UNREACHABLE_MESSAGE } from '../../web/src/components/ui/connection-banner/connection-banner';
import { paths } from '../../web/src/config/paths';
import { accountWithRole, openSignedInPage } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { ok } from '../support/team-fixtures';

jest.setTimeout(40_000);

const chromium = useBrowser();

const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';

it('tells the user when offline or the server is unreachable, and recovers by itself when they return', async () => {
  const gamer = await accountWithRole('GAMER', 'network-faults');
  const page = await openSignedInPage(chromium, paths.home.myScores, gamer.email);
  const banner = page.getByRole('status').filter({ hasText: /offline|reach the server/ });
  await page.getByRole('heading', { name: 'No scores yet' }).waitFor();
  // Lost on a reload: shows the page recovered in place.
  await page.evaluate(() => Object.assign(window, { fgSamePage: true }));

  // Offline: the banner says so; the gamer checks in from another device meanwhile; back online, the page refetches.
  await page.context().setOffline(true);
  await banner.filter({ hasText: OFFLINE_MESSAGE }).waitFor();
  await ok(gamer, CHECK_IN, { answers: answersWith('best') });
  await page.context().setOffline(false);
  await banner.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'History' }).waitFor();

  // The API stops answering: the next page's read retries, then the banner and the page's error with a way to retry.
  await page.route('**/graphql', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: 'Check-in' }).first().click();
  await banner.filter({ hasText: UNREACHABLE_MESSAGE }).waitFor({ timeout: 20_000 });
  const loadError = page.getByRole('alert').filter({ hasText: 'Your check-in could not be loaded' });
  await loadError.getByRole('button', { name: 'Try again' }).waitFor();

  // The API is back: the page loads its check-in by itself and the banner goes away.
  await page.unroute('**/graphql');
  await page.getByRole('heading', { name: 'Daily check-in' }).waitFor({ timeout: 15_000 });
  await banner.waitFor({ state: 'detached' });
  expect(await loadError.count()).toBe(0);
  expect(await page.evaluate(() => (window as { fgSamePage?: boolean }).fgSamePage)).toBe(true);
  await page.context().close();
});
