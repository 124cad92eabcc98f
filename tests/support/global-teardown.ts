/** Stops the e2e stack started by global-setup and checks that its DynamoDB Local JVM is gone too. */
import { rm } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import { stackFile } from './stack-env';

const STOP_TIMEOUT_MS = 20_000;

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__FITGAUGE_TEST_STACK__;
  if (!running) return;
  globalThis.__FITGAUGE_TEST_STACK__ = undefined;
  await stop(running.child);
  await rm(stackFile, { force: true });
  if (!(await gone(running.info.dynamoDbPid))) {
    process.kill(running.info.dynamoDbPid, 'SIGKILL');
    throw new Error(`DynamoDB Local (pid ${running.info.dynamoDbPid}) was still running after the test stack stopped.`);
  }
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
