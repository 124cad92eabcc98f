/**
 * Starts the whole local stack once for the e2e project, as a child process (scripts/local/serve-for-tests.ts):
 * DynamoDB Local in memory, temp folders, random ports, the production web build (web/dist), demo data.
 * Tests reach it through tests/support/stack.ts (process.env.FG_* and .local/test-stack.json).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { READY_PREFIX, type TestStackInfo } from '../../scripts/local/test-stack-info';
import { exposeStack, repoRoot, stackFile, stackLogFile } from './stack-env';

const START_TIMEOUT_MS = 120_000;

export interface RunningTestStack {
  child: ChildProcess;
  info: TestStackInfo;
}

declare global {
  var __FITGAUGE_TEST_STACK__: RunningTestStack | undefined;
}

export default async function globalSetup(): Promise<void> {
  const web = process.env.FG_TEST_WEB ?? 'dist';
  if (web === 'dist') ensureWebBuild();
  await mkdir(join(repoRoot, '.local'), { recursive: true });

  const log = createWriteStream(stackLogFile);
  const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', 'local', 'serve-for-tests.ts')], {
    cwd: repoRoot,
    env: { ...process.env, FG_TEST_WEB: web },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr!.pipe(log);
  const info = await waitForReady(child);
  globalThis.__FITGAUGE_TEST_STACK__ = { child, info };
  exposeStack(info);
  await writeFile(stackFile, JSON.stringify(info, null, 2));
}

/** `npm test` builds web/dist before jest; a targeted `npx jest` run builds it here when it is missing. */
function ensureWebBuild() {
  if (existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) return;
  const build = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('Building web/dist for the e2e tests failed (npm run build).');
}

function waitForReady(child: ChildProcess): Promise<TestStackInfo> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const fail = async (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const tail = (await readFile(stackLogFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
      reject(new Error(`${reason}\n--- ${stackLogFile} (last lines) ---\n${tail}`));
    };
    const timer = setTimeout(() => void fail(`The test stack was not ready within ${START_TIMEOUT_MS / 1000} s.`), START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.startsWith(READY_PREFIX));
      if (!line) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(JSON.parse(line.slice(READY_PREFIX.length)) as TestStackInfo);
    });
    child.once('exit', (code, signal) => void fail(`The test stack exited during start-up (${signal ?? `code ${code}`}).`));
  });
}
