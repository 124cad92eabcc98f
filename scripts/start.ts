/**
 * `npm start`: the whole product locally (docs/local-mode.md). PORT picks the web app's port (default 5173);
 * FITGAUGE_DATA_DIR moves the data folder (default .local in the checkout). `--preview` (`npm run preview`) serves
 * the production build in web/dist, compressed as CloudFront serves it, instead of Vite's dev server.
 */
import { readFileSync } from 'node:fs';
import { localDataDir } from './local/paths';
import { startJobTimers } from './local/jobs';
import { startStack, type Stack } from './local/stack';

const port = Number(process.env.PORT ?? 5173);
const dataDir = localDataDir();
const web = process.argv.includes('--preview') ? 'dist' : 'dev';

async function main() {
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number (got "${process.env.PORT}").`);
  let stack: Stack | undefined;
  let stopping = false;
  // Registered before the start, so a Ctrl-C while starting also stops what has started.
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping FitGauge…`);
    await stack?.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  const launchers = launcherChain();
  setInterval(() => {
    if (launchers.some((pid) => !isAlive(pid))) void stop('launcher exited');
  }, 1000).unref();

  try {
    stack = await startStack({ port, dataDir, web, seed: true });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }

  await waitUntilAnswering(stack.urls.app);
  // The schedules of lambdas/triggers.ts, on a local timer (the stack's environment is this process's).
  startJobTimers((line) => console.log(line));
  console.log(
    `Mail outbox: ${stack.outboxDir}  ·  demo accounts: director@fitgauge.test, coach@fitgauge.test, gamer1@fitgauge.test … (password Passw0rd!)`,
  );
  console.log(`Web Push stand-in: notifications in ${stack.pushDir}`);
  console.log(`FitGauge is running at http://localhost:${port}`);
}

/** The first page load also makes Vite prepare index.html, so the line above is printed when the app really answers. */
async function waitUntilAnswering(url: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { headers: { accept: 'text/html' } });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not answering yet.
    }
    if (attempt > 300) fail(`The web app at ${url} did not answer.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The processes between npm and this one (tsx, npm itself), read from Linux's /proc. If one of them
 * is killed outright, no signal reaches this process; it then stops by itself rather than keep the
 * ports. Without npm in the chain only the direct parent counts, so a background start stays up.
 */
function launcherChain(): number[] {
  const chain: number[] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth++) {
    chain.push(pid);
    try {
      if (/(^|\/)npm(\s|$)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '))) return chain;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return [process.ppid];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function fail(message: string): never {
  console.error(`FitGauge cannot start: ${message}`);
  process.exit(1);
}

void main();
