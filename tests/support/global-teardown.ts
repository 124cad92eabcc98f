/** Stops the e2e stack started by global-setup and checks that its DynamoDB Local JVM is gone too. */
import { rm } from 'node:fs/promises';
import { stackFile } from './stack-env';
import { stopTestStack } from './test-stack-process';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__FITGAUGE_TEST_STACK__;
  if (!running) return;
  globalThis.__FITGAUGE_TEST_STACK__ = undefined;
  await stopTestStack(running);
  await rm(stackFile, { force: true });
}
