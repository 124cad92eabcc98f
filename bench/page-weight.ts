/**
 * bench/page-weight (`npm run bench:page-weight`): what the first visit of a page costs a phone.
 *
 * Builds nothing itself: it serves the production build in web/dist (run `npm run build` first; the npm script
 * does) from the local stack, compressed as CloudFront compresses it, with the demo data. For each entry route it
 * prints the JavaScript the page loads (raw, gzip and brotli, from the bodies Chromium received) and Lighthouse's
 * performance score with the mobile preset (Lighthouse's default: a mid-range phone on slow 4G), run in Debian's
 * Chromium. The signed-in page is measured after signing in through the login page in the same browser profile.
 * Prints a table; not a test. Targets (docs/performance.md): at most 150 KB of gzipped JS on /auth/login, and a
 * Lighthouse performance score of 95 or more on every page measured.
 *
 * Options (environment): BENCH_RUNS (Lighthouse runs per page, median reported; default 3); BENCH_LIST=1 also lists
 * each page's scripts with their gzipped sizes; BENCH_PAGES=my-scores measures only the pages whose label contains
 * that text; BENCH_DETAILS=1 prints, per Lighthouse run, what held the page: its largest paint's element and phases,
 * and the scripts that kept the main thread busiest.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { freePorts } from '../scripts/local/ports';
import { startStack } from '../scripts/local/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIST_SCRIPTS = process.env.BENCH_LIST === '1';
const PAGE_FILTER = process.env.BENCH_PAGES ?? '';
const DETAILS = process.env.BENCH_DETAILS === '1';
const DEMO_PASSWORD = 'Passw0rd!';
const GZIP_TARGET_KB = 150;
const LIGHTHOUSE_TARGET = 95;

interface Route {
  label: string;
  path: string;
  /** Signs in as this demo account first (same browser profile), for pages behind sign-in. */
  signedInAs?: string;
  /** Shown once the page has drawn what it is for. */
  ready: (page: Page) => Promise<unknown>;
}

const ROUTES: Route[] = [
  { label: '/auth/login', path: '/auth/login', ready: (page) => page.getByRole('button', { name: 'Sign In', exact: true }).waitFor() },
  { label: '/simulator', path: '/simulator', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  {
    label: '/home/today (gamer1)',
    path: '/home/today',
    signedInAs: 'gamer1@fitgauge.test',
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  {
    label: '/home/my-scores (gamer1)',
    path: '/home/my-scores',
    signedInAs: 'gamer1@fitgauge.test',
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  {
    label: '/home/my-team/statistics/ (coach)',
    path: '/home/my-team/statistics/',
    // The coach of one team lands on its Analytics, which chooses the team: the page then has it on every visit.
    signedInAs: 'coach@fitgauge.test',
    ready: (page) => page.locator('.fg-morning__group[data-group]').first().waitFor(),
  },
];

interface Weight {
  scripts: number;
  rawKb: number;
  gzipKb: number;
  brotliKb: number;
}

const kb = (bytes: number) => bytes / 1024;

/** The JavaScript a fresh visit loads (every script response until the page is ready and the network is idle). */
async function measureWeight(page: Page, url: string, route: Route): Promise<Weight> {
  const bodies: Promise<Buffer>[] = [];
  const names: string[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    names.push(new URL(response.url()).pathname);
    bodies.push(response.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await route.ready(page);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  if (LIST_SCRIPTS) {
    console.log(`\n${route.label}`);
    for (const [index, body] of scripts.entries())
      console.log(
        `  ${kb(gzipSync(body, { level: 9 }).length)
          .toFixed(1)
          .padStart(6)} KB  ${names[index]}`,
      );
  }
  const sum = (sizes: number[]) => kb(sizes.reduce((a, b) => a + b, 0));
  return {
    scripts: scripts.length,
    rawKb: sum(scripts.map((body) => body.length)),
    gzipKb: sum(scripts.map((body) => gzipSync(body, { level: 9 }).length)),
    brotliKb: sum(scripts.map((body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length)),
  };
}

/** Signs in as the route's account; where the account lands on the route's page, waits for it to be ready. */
async function signIn(page: Page, appUrl: string, route: Route) {
  // A page that never gets ready fails the bench instead of holding it.
  page.setDefaultTimeout(60_000);
  await page.goto(`${appUrl}/auth/login`);
  await page.getByLabel('E-mail').fill(route.signedInAs!);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Past /home too, which sends each role on to its page.
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/') && url.pathname !== '/home');
  if (new URL(page.url()).pathname === route.path) await route.ready(page);
}

interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Speed index (how soon the page looks drawn) and cumulative layout shift: with FCP, LCP and TBT, the score's five. */
  siMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed (higher is faster): the scores above depend on it. */
  benchmarkIndex: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Lighthouse (mobile preset) against a Chromium whose profile already holds the session when the page needs one. */
async function measureLighthouse(url: string, appUrl: string, route: Route): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const profile = await mkdtemp(join(tmpdir(), 'fg-lighthouse-'));
  const [port] = await freePorts(1);
  // Lighthouse drives the browser through the DevTools port; Playwright signs in first in the same profile.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    headless: true,
    // No service worker: one installed by a run (5 s after its load) would serve the next runs' files from its
    // precache, and Lighthouse would time them as costing no network at all; a first visit has none.
    serviceWorkers: 'block',
  });
  try {
    const page = await browser.newPage();
    if (route.signedInAs) await signIn(page, appUrl, route);
    const devtools = await browser.newCDPSession(page);
    const runs: LighthouseFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      progress(`${route.label}: Lighthouse run ${run + 1} of ${RUNS}`);
      // Every run is a first visit: the HTTP cache goes; the session in local storage stays.
      await devtools.send('Network.clearBrowserCache');
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      if (DETAILS) printDetails(route, audits);
      const figures: LighthouseFigures = {
        score: Math.round((categories.performance.score ?? 0) * 100),
        fcpMs: audits['first-contentful-paint'].numericValue ?? NaN,
        lcpMs: audits['largest-contentful-paint'].numericValue ?? NaN,
        tbtMs: audits['total-blocking-time'].numericValue ?? NaN,
        siMs: audits['speed-index'].numericValue ?? NaN,
        cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      };
      progress(`${route.label}: run ${run + 1}: ${figures.score} (FCP ${Math.round(figures.fcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms)`);
      runs.push(figures);
    }
    return {
      score: median(runs.map((r) => r.score)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      siMs: median(runs.map((r) => r.siMs)),
      cls: median(runs.map((r) => r.cls)),
      benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    };
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
}

type Audits = Record<string, { numericValue?: number; displayValue?: string; details?: unknown }>;

/** Where the largest paint and the main thread's time went in one Lighthouse run (BENCH_DETAILS=1). */
function printDetails(route: Route, audits: Audits) {
  const items = (id: string) => ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
  const element = items('largest-contentful-paint-element').flatMap(
    (table) => ((table as { items?: unknown[] }).items ?? []) as Record<string, unknown>[],
  );
  console.log(
    `${route.label}: LCP ${Math.round(audits['largest-contentful-paint'].numericValue ?? NaN)} ms, TBT ${Math.round(audits['total-blocking-time'].numericValue ?? NaN)} ms, CLS ${(audits['cumulative-layout-shift'].numericValue ?? NaN).toFixed(3)}`,
  );
  for (const item of element) {
    const node = item.node as { selector?: string; nodeLabel?: string } | undefined;
    console.log(
      `  LCP ${node ? `${node.selector ?? ''}: ${(node.nodeLabel ?? '').slice(0, 80)}` : `${String(item.phase)} ${Math.round(Number(item.timing))} ms`}`,
    );
  }
  for (const item of items('layout-shifts').slice(0, 4)) {
    const node = item.node as { selector?: string; nodeLabel?: string } | undefined;
    console.log(`  layout shift ${Number(item.score).toFixed(3)}  ${node?.selector ?? ''}: ${(node?.nodeLabel ?? '').slice(0, 60)}`);
  }
  for (const item of items('long-tasks').slice(0, 6)) {
    console.log(`  long task ${Math.round(Number(item.duration))} ms at ${Math.round(Number(item.startTime))} ms  ${String(item.url)}`);
  }
  for (const item of items('bootup-time').slice(0, 6)) {
    console.log(`  main thread ${Math.round(Number(item.total))} ms (script ${Math.round(Number(item.scripting))} ms)  ${String(item.url)}`);
  }
}

/** Progress on stderr, so a slow step (seeding, a page that never settles) shows where it is; the table stays on stdout. */
const progress = (message: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

async function main() {
  progress('starting a seeded stack (a few minutes)');
  const stack = await startStack({ port: 0, dataDir: null, web: 'dist', seed: true, log: () => undefined });
  const appUrl = stack.urls.app;
  const rows: string[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    for (const route of ROUTES.filter((candidate) => candidate.label.includes(PAGE_FILTER))) {
      progress(`${route.label}: weight, then Lighthouse`);
      const context = await browser.newContext();
      const page = await context.newPage();
      if (route.signedInAs) {
        await signIn(page, appUrl, route);
        // A first visit of the signed-in page: the session stays, the HTTP cache goes.
        const session = await context.storageState();
        await context.close();
        const fresh = await browser.newContext({ storageState: session });
        const freshPage = await fresh.newPage();
        freshPage.setDefaultTimeout(60_000);
        const weight = await measureWeight(freshPage, appUrl + route.path, route);
        await fresh.close();
        rows.push(await row(route, weight, appUrl));
        continue;
      }
      const weight = await measureWeight(page, appUrl + route.path, route);
      await context.close();
      rows.push(await row(route, weight, appUrl));
    }
  } catch (error) {
    // Said before the stop, which waits for open connections.
    console.error(error);
    process.exitCode = 1;
  } finally {
    await browser.close();
    await stack.stop();
  }
  if (process.exitCode) return;
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(
    `Lighthouse: mobile preset, median of ${RUNS} runs. Targets: ≤ ${GZIP_TARGET_KB} KB gzipped JS on /auth/login, performance ≥ ${LIGHTHOUSE_TARGET}.\n`,
  );
  // Lighthouse slows the CPU 4 times whatever the machine: on a slower one the same page blocks longer and scores lower.
  console.log('| page | scripts | JS raw KB | JS gzip KB | JS brotli KB | Lighthouse | FCP ms | LCP ms | TBT ms | SI ms | CLS | benchmark index |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const line of rows) console.log(line);
}

async function row(route: Route, weight: Weight, appUrl: string): Promise<string> {
  const figures = await measureLighthouse(appUrl + route.path, appUrl, route);
  const cells = [
    route.label,
    weight.scripts,
    weight.rawKb.toFixed(1),
    weight.gzipKb.toFixed(1),
    weight.brotliKb.toFixed(1),
    figures.score,
    Math.round(figures.fcpMs),
    Math.round(figures.lcpMs),
    Math.round(figures.tbtMs),
    Math.round(figures.siMs),
    figures.cls.toFixed(3),
    Math.round(figures.benchmarkIndex),
  ];
  return `| ${cells.join(' | ')} |`;
}

main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
