/**
 * bench/check-in-taps (`npm run bench:check-in-taps`): how many taps and how long a hurried gamer needs for the daily
 * check-in on a phone (issue 22: at most 25 taps, about 20 seconds).
 *
 * Starts the local stack (DynamoDB Local in memory, the production web build, no demo data), signs a fresh gamer up
 * through the API and in through the login page (not counted), then opens /home/check-in in Chromium on a 390 x 844
 * touch screen and answers as a gamer in a hurry would: one tap on the first option of each question still
 * unanswered, no typing, nothing optional (videos watched, the game question left at its default), then whatever
 * button moves on (Next, Submit), until today's scores are shown. Driven by what the page shows, not by its layout,
 * so the same script measures the page before and after a redesign. Prints the taps, the time from the page being
 * ready to the scores (a script's time: it says what the page and the server cost, not a person's reading), how tall
 * the page was and how far it scrolled under the thumb. Not a test; BENCH_RUNS (default 3) runs, each a new gamer.
 */
import { randomUUID } from 'node:crypto';
import { chromium, type Page } from 'playwright-core';
import { LOCAL_PUBLIC_TOKEN, startStack } from '../scripts/local/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PASSWORD = 'Bench-Passw0rd!';
const PHONE = { width: 390, height: 844 };
const SAVED = "Saved. Today's scores are updated.";

interface Run {
  taps: number;
  seconds: number;
  pageHeight: number;
  /** How far the page moved under the thumb: the sum of every scroll step, up or down (a swipe per screen or so). */
  scrolledPx: number;
}

async function signUp(graphqlUrl: string, email: string): Promise<void> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: LOCAL_PUBLIC_TOKEN },
    body: JSON.stringify({
      query: 'mutation($data: SignUpData!, $password: String!, $confirmPassword: String!) { signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword) { accessToken } }',
      variables: { data: { fullName: 'Hurried Gamer', email }, password: PASSWORD, confirmPassword: PASSWORD },
    }),
  });
  const body = (await response.json()) as { errors?: unknown };
  if (body.errors) throw new Error(`sign-up failed: ${JSON.stringify(body.errors)}`);
}

/** One tap on the first option of the first question that has no answer yet; false when every question has one. */
async function answerNextQuestion(page: Page): Promise<boolean> {
  const questions = page.locator('fieldset[data-question]');
  for (let index = 0; index < (await questions.count()); index++) {
    const question = questions.nth(index);
    if (!(await question.isVisible())) continue;
    if ((await question.locator('input:checked').count()) > 0) continue;
    await question.locator('label').first().tap();
    return true;
  }
  return false;
}

async function measure(appUrl: string, graphqlUrl: string): Promise<Run> {
  const email = `hurried-${randomUUID().slice(0, 8)}@fitgauge.test`;
  await signUp(graphqlUrl, email);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${appUrl}/auth/login?redirectTo=${encodeURIComponent('/home/check-in')}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home/check-in');
    await page.locator('fieldset[data-question]').first().waitFor();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.evaluate(() => {
      const track = window as unknown as { scrolledPx: number; lastY: number };
      track.scrolledPx = 0;
      track.lastY = window.scrollY;
      window.addEventListener('scroll', () => {
        track.scrolledPx += Math.abs(window.scrollY - track.lastY);
        track.lastY = window.scrollY;
      });
    });

    const started = performance.now();
    let taps = 0;
    while (!(await page.getByText(SAVED).isVisible())) {
      if (await answerNextQuestion(page)) {
        taps++;
        continue;
      }
      const next = page.getByRole('button', { name: /^(Next|Submit)$/ }).first();
      await next.tap();
      taps++;
      await page.getByText(SAVED).or(page.locator('fieldset[data-question]:not(:has(input:checked))').first()).waitFor({ timeout: 10_000 });
    }
    const seconds = (performance.now() - started) / 1000;
    const scrolledPx = await page.evaluate(() => (window as unknown as { scrolledPx: number }).scrolledPx);
    return { taps, seconds, pageHeight, scrolledPx };
  } finally {
    await browser.close();
  }
}

async function main() {
  const stack = await startStack({ port: 0, dataDir: null, web: 'dist', seed: false, log: () => undefined });
  try {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(stack.urls.app, stack.urls.graphql));
    console.log(`\nCheck-in on a ${PHONE.width} x ${PHONE.height} touch screen, one tap per question, ${RUNS} runs (each a new gamer):\n`);
    console.log('| run | taps | seconds to scores (automated) | page height px | scrolled px (screens) |');
    console.log('|---|---|---|---|---|');
    for (const [index, run] of runs.entries()) {
      const screens = (run.scrolledPx / PHONE.height).toFixed(1);
      console.log(`| ${index + 1} | ${run.taps} | ${run.seconds.toFixed(1)} | ${run.pageHeight} | ${Math.round(run.scrolledPx)} (${screens}) |`);
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
