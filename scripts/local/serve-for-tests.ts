/**
 * The stack as tests use it (tests/support/test-stack-process.ts runs this as a child process): DynamoDB
 * in memory and temp folders (or the data folder FG_TEST_DATA_DIR names, kept on disk as by `npm start`),
 * random ports, the production web build (FG_TEST_WEB picks another web mode), demo data (none when
 * FG_TEST_SEED=false). Prints one line `FITGAUGE_STACK_READY <json>` (TestStackInfo) on stdout when ready; stops on SIGTERM/SIGINT or when
 * the parent closes stdin (so a killed test run does not leave it behind).
 */
import { startStack, type Stack } from './stack';
import { READY_PREFIX, type TestStackInfo } from './test-stack-info';
import type { WebMode } from './web';

async function main() {
  // Lambdas log with console.log; stdout is kept for the ready line.
  console.log = (...args: unknown[]) => console.error(...args);
  let stack: Stack | undefined;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();

  try {
    stack = await startStack({
      port: 0,
      dataDir: process.env.FG_TEST_DATA_DIR || null,
      web: (process.env.FG_TEST_WEB as WebMode | undefined) ?? 'dist',
      seed: process.env.FG_TEST_SEED !== 'false',
      // A mail the sender could not send comes back within a second, not the registry's minutes (the mail outage test).
      mailRetryMs: 1000,
      log: (line) => console.error(line),
    });
  } catch (error) {
    console.error(`The test stack could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
  const info: TestStackInfo = {
    pid: process.pid,
    dynamoDbPid: stack.dynamoDbPid,
    urls: stack.urls,
    config: stack.config,
    outboxDir: stack.outboxDir,
    pushDir: stack.pushDir,
    env: stack.env,
  };
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
}

void main();
