/**
 * Dependency outages for tests (docs/architecture.md, "When a dependency stops answering"): a test stack with the
 * outage seam (scripts/local/outages.ts), a stand-in taken off the air for the length of a call, DynamoDB Local's JVM
 * frozen, the mail outbox made unwritable.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import type { TestStackInfo } from '../../scripts/local/test-stack-info';
import { exposeStack } from './stack-env';
import { startTestStack, stopTestStack, type RunningTestStack } from './test-stack-process';

type StandIn = 'cognito' | 's3' | 'stripe' | 'push' | 'ffmpeg';

/**
 * A stack of its own (the shared e2e stack must not lose a stand-in under other suites) with the outage seam, which
 * this test process's helpers (graphql, signIn, stackInfo, …) then talk to. Call stopOutageStack in afterAll.
 */
export async function startOutageStack(logFile: string): Promise<RunningTestStack> {
  const before = { stack: process.env.FG_STACK, seam: process.env.FG_OUTAGE_SEAM };
  process.env.FG_OUTAGE_SEAM = '1';
  try {
    const running = await startTestStack({ web: 'none', seed: false, logFile });
    exposeStack(running.info);
    Object.assign(process.env, running.info.env);
    return running;
  } finally {
    if (before.seam === undefined) delete process.env.FG_OUTAGE_SEAM;
    else process.env.FG_OUTAGE_SEAM = before.seam;
  }
}

export const stopOutageStack = (running: RunningTestStack | undefined) => (running ? stopTestStack(running) : Promise.resolve());

async function setOutage(info: TestStackInfo, standIn: StandIn, down: boolean): Promise<void> {
  const response = await fetch(`${info.urls.app}/_local/outages/${standIn}?down=${down}`, { method: 'POST' });
  if (response.status !== 204)
    throw new Error(`The ${standIn} outage did not ${down ? 'begin' : 'end'}: HTTP ${response.status} ${await response.text()}`);
}

/** Runs `during` with the stand-in off the air; it is back (same port) when this resolves or throws. */
export async function duringOutage<T>(info: TestStackInfo, standIn: StandIn, during: () => Promise<T>): Promise<T> {
  await setOutage(info, standIn, true);
  try {
    return await during();
  } finally {
    await setOutage(info, standIn, false);
  }
}

/**
 * Runs `during` with DynamoDB Local's JVM stopped (SIGSTOP): connections open, nothing answers. SIGCONT when `during`
 * ends, or after `atMostMs` if it is still waiting then (a call that hangs must not leave the stack frozen).
 */
export async function whileDynamoDbFrozen<T>(info: TestStackInfo, during: () => Promise<T>, atMostMs = 40_000): Promise<T> {
  const resume = () => process.kill(info.dynamoDbPid, 'SIGCONT');
  process.kill(info.dynamoDbPid, 'SIGSTOP');
  const limit = setTimeout(resume, atMostMs);
  try {
    return await during();
  } finally {
    clearTimeout(limit);
    resume();
  }
}

/** Runs `during` with a file where the outbox folder was (root ignores chmod), then puts the folder back. */
export async function whileOutboxUnwritable<T>(info: TestStackInfo, during: () => Promise<T>): Promise<T> {
  const away = `${info.outboxDir}.away`;
  await mkdir(info.outboxDir, { recursive: true });
  await rename(info.outboxDir, away);
  await writeFile(info.outboxDir, 'not a folder');
  try {
    return await during();
  } finally {
    await rm(info.outboxDir, { force: true });
    await rename(away, info.outboxDir);
  }
}
