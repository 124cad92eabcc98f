/**
 * Starts the whole local stack once for the e2e project, as a child process (scripts/local/serve-for-tests.ts):
 * DynamoDB Local in memory, temp folders, random ports, the production web build (web/dist), demo data.
 * Tests reach it through tests/support/stack.ts (process.env.FG_* and .local/test-stack.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WebMode } from '../../scripts/local/web';
import { exposeStack, repoRoot, stackFile, stackLogFile } from './stack-env';
import { startTestStack, type RunningTestStack } from './test-stack-process';

declare global {
  var __FITGAUGE_TEST_STACK__: RunningTestStack | undefined;
}

export default async function globalSetup(): Promise<void> {
  const web = (process.env.FG_TEST_WEB as WebMode | undefined) ?? 'dist';
  if (web === 'dist') ensureWebBuild();
  await mkdir(join(repoRoot, '.local'), { recursive: true });

  const running = await startTestStack({ web, logFile: stackLogFile });
  const { info } = running;
  globalThis.__FITGAUGE_TEST_STACK__ = running;
  exposeStack(info);
  await writeFile(stackFile, JSON.stringify(info, null, 2));
}

/** `npm test` builds web/dist before jest; a targeted `npx jest` run builds it here when it is missing. */
function ensureWebBuild() {
  if (existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) return;
  const build = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('Building web/dist for the e2e tests failed (npm run build).');
}
