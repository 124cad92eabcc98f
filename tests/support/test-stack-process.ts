/**
 * The local stack in a child process (scripts/local/serve-for-tests.ts), as the e2e global setup
 * starts it once and as the restart test starts and stops it on its own data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { READY_PREFIX, type TestStackInfo } from '../../scripts/local/test-stack-info';
import type { WebMode } from '../../scripts/local/web';
import { repoRoot } from './stack-env';

/** Generous: the first start seeds demo videos through real ffmpeg transcodes, slow on a busy 2-core machine. */
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 20_000;

export interface RunningTestStack {
  child: ChildProcess;
  info: TestStackInfo;
}

interface TestStackOptions {
  web: WebMode;
  /** Where the stack's own output goes (stand-ins, Lambdas, mail). */
  logFile: string;
  /** A data folder kept on disk, as `npm start` keeps .local; without it DynamoDB is in memory and folders are temporary. */
  dataDir?: string;
  /** Seed the demo data (default); false starts faster, with no demo accounts. */
  seed?: boolean;
}

export async function startTestStack(options: TestStackOptions): Promise<RunningTestStack> {
  const { child, ready } = launchTestStack(options);
  return { child, info: await ready };
}

/**
 * A stack starting, not yet ready: `lines` hears each line it logs (stand-ins, seeding), so a test can cut its power at
 * a moment of its start-up. `ready` rejects when it exits first.
 */
export function launchTestStack(options: TestStackOptions & { lines?: (line: string) => void }): {
  child: ChildProcess;
  ready: Promise<TestStackInfo>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', 'local', 'serve-for-tests.ts')], {
    cwd: repoRoot,
    env: { ...process.env, FG_TEST_WEB: options.web, FG_TEST_DATA_DIR: options.dataDir ?? '', FG_TEST_SEED: String(options.seed ?? true) },
    stdio: ['pipe', 'pipe', 'pipe'],
    // A process group of its own (with its DynamoDB Local JVM and ffmpeg runs), so that cutStackPower can kill it
    // whole at once; it still stops with the test run, which closes its stdin.
    detached: true,
  });
  child.stderr!.pipe(createWriteStream(options.logFile));
  if (options.lines) {
    const hear = options.lines;
    let partial = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      lines.forEach(hear);
    });
  }
  return { child, ready: waitForReady(child, options.logFile) };
}

/** Stops the stack and checks that its DynamoDB Local JVM is gone too. */
export async function stopTestStack(running: RunningTestStack): Promise<void> {
  await stop(running.child);
  if (!(await gone(running.info.dynamoDbPid))) {
    process.kill(running.info.dynamoDbPid, 'SIGKILL');
    throw new Error(`DynamoDB Local (pid ${running.info.dynamoDbPid}) was still running after the test stack stopped.`);
  }
}

/**
 * A power cut: SIGKILL to the stack's whole process group (the stack, its DynamoDB Local JVM and anything else it
 * runs) in one call, so nothing gets a chance to flush or stop cleanly. Throws when a process of it survives.
 */
export async function cutStackPower(running: { child: ChildProcess; info?: Pick<TestStackInfo, 'dynamoDbPid'> }): Promise<void> {
  const group = running.child.pid!;
  const exited =
    running.child.exitCode === null && running.child.signalCode === null
      ? new Promise((resolve) => running.child.once('exit', resolve))
      : Promise.resolve();
  process.kill(-group, 'SIGKILL');
  await exited;
  if (!(await gone(-group)) || (running.info && !(await gone(running.info.dynamoDbPid)))) {
    throw new Error(`A process of the killed test stack (group ${group}) is still running.`);
  }
}

function waitForReady(child: ChildProcess, logFile: string): Promise<TestStackInfo> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const fail = async (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
      reject(new Error(`${reason}\n--- ${logFile} (last lines) ---\n${tail}`));
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

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Whether the process (or, for a negative pid, every process of that group) has ended, waiting up to 5 s. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
