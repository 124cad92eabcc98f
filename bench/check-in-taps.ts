/**
 * bench/check-in-taps (`npm run bench:check-in-taps`): how many taps and how long a hurried gamer needs for the daily
 * check-in on a phone (issue 22: at most 25 taps, about 20 seconds).
 *
 * Starts the local stack (DynamoDB Local in memory, the production web build, no demo data), signs a fresh gamer up
 * through the API and in through the login page (not counted), then opens /home/check-in in Chromium on a 390 x 844
 * touch screen and answers as a gamer in a hurry would: one tap on the first option of each question still
 * unanswered on the screen, no typing, nothing optional (videos watched, the game question left at its default), then
 * Next when the screen has nothing left to answer, and Submit where there is no Next, until today's scores are shown.
 * Driven by what the page shows, not by its layout. A second gamer returns with yesterday's check-in stored (loaded
 * through the product's history rules): "Same as yesterday", then Submit. Prints the taps, the time from the page being
 * ready to the scores (a script's time: it says what the page and the server cost, not a person's reading), the
 * tallest the page was, how far it scrolled in all and how much of that the thumb swiped. Not a test; BENCH_RUNS
 * (default 3) runs of each.
 */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { LOCAL_PUBLIC_TOKEN, startStack } from '../scripts/local/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/browser';
import { answerEverything, SAVED, storeYesterday, Thumb } from '../tests/support/check-in-thumb';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PASSWORD = 'Bench-Passw0rd!';
const PHONE = { width: 390, height: 844 };
const TIME_ZONE = 'UTC';

type Scenario = 'first check-in' | 'same as yesterday';

interface Run {
  scenario: Scenario;
  taps: number;
  seconds: number;
  /** The tallest the page was at any step. */
  pageHeight: number;
  /** How far the page moved in all, up or down: the thumb's swipes and the page's own scrolling to the next question. */
  scrolledPx: number;
  /** Of that, the thumb's: the swipes that bring each tapped target into view (Thumb). */
  swipedPx: number;
}

async function graphql<T>(url: string, authorization: string, query: string, variables: object = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`${query.slice(0, 40)}… failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A new gamer through the API, as the sign-up page makes one; returns the user id. */
async function signUp(graphqlUrl: string, email: string): Promise<string> {
  const { signUpUser } = await graphql<{ signUpUser: { accessToken: string } }>(
    graphqlUrl,
    LOCAL_PUBLIC_TOKEN,
    'mutation($data: SignUpData!, $password: String!, $confirmPassword: String!) { signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword) { accessToken } }',
    { data: { fullName: 'Hurried Gamer', email }, password: PASSWORD, confirmPassword: PASSWORD },
  );
  const { me } = await graphql<{ me: { id: string } }>(graphqlUrl, signUpUser.accessToken, 'query { me { id } }');
  return me.id;
}

async function measure(scenario: Scenario, appUrl: string, graphqlUrl: string): Promise<Run> {
  const email = `hurried-${randomUUID().slice(0, 8)}@fitgauge.test`;
  const userId = await signUp(graphqlUrl, email);
  if (scenario === 'same as yesterday') await storeYesterday(userId, TIME_ZONE);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, timezoneId: TIME_ZONE });
    const page = await context.newPage();
    await page.goto(`${appUrl}/auth/login?redirectTo=${encodeURIComponent('/home/check-in')}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home/check-in');
    await page.locator('fieldset[data-question]').first().waitFor();
    const same = page.getByRole('button', { name: 'Same as yesterday' });
    if (scenario === 'same as yesterday') await same.waitFor();
    await page.evaluate(() => {
      const track = window as unknown as { scrolledPx: number; lastY: number };
      track.scrolledPx = 0;
      track.lastY = window.scrollY;
      window.addEventListener('scroll', () => {
        track.scrolledPx += Math.abs(window.scrollY - track.lastY);
        track.lastY = window.scrollY;
      });
    });
    let pageHeight = 0;
    const tallest = async () => {
      pageHeight = Math.max(pageHeight, await page.evaluate(() => document.documentElement.scrollHeight));
    };

    const started = performance.now();
    const thumb = new Thumb();
    if (scenario === 'same as yesterday') {
      // Yesterday's answers in one tap, which opens the last step, then Submit there.
      await thumb.tap(same);
      await tallest();
      await thumb.tap(page.getByRole('button', { name: 'Submit', exact: true }));
      await page.getByText(SAVED).waitFor({ timeout: 10_000 });
    }
    await answerEverything(page, thumb, tallest);
    const seconds = (performance.now() - started) / 1000;
    const scrolledPx = await page.evaluate(() => (window as unknown as { scrolledPx: number }).scrolledPx);
    return { scenario, taps: thumb.taps, seconds, pageHeight, scrolledPx, swipedPx: thumb.swipedPx };
  } finally {
    await browser.close();
  }
}

async function main() {
  const stack = await startStack({ port: 0, dataDir: null, web: 'dist', seed: false, log: () => undefined });
  try {
    const runs: Run[] = [];
    for (const scenario of ['first check-in', 'same as yesterday'] as const) {
      for (let run = 0; run < RUNS; run++) runs.push(await measure(scenario, stack.urls.app, stack.urls.graphql));
    }
    console.log(`\nCheck-in on a ${PHONE.width} x ${PHONE.height} touch screen, one tap per question, ${RUNS} runs of each (each a new gamer):\n`);
    console.log(
      '| gamer | taps | seconds to scores (automated) | tallest page px | scrolled px in all (screens) | swiped by the thumb px (screens) |',
    );
    console.log('|---|---|---|---|---|---|');
    const screens = (px: number) => `${Math.round(px)} (${(px / PHONE.height).toFixed(1)})`;
    for (const run of runs) {
      console.log(
        `| ${run.scenario} | ${run.taps} | ${run.seconds.toFixed(1)} | ${run.pageHeight} | ${screens(run.scrolledPx)} | ${screens(run.swipedPx)} |`,
      );
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
