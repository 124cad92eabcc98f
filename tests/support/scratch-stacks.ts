/**
 * For suites that start, kill and start again stacks of their own on one data folder (restart, crash consistency, a
 * seed cut short): the folder, memory-backed where there is one (files there outlive a killed process all the same),
 * and the stack last started, stopped after the suite with the folder removed.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopTestStack, type RunningTestStack } from './test-stack-process';

interface ScratchStacks {
  /** The suite's folder; its `data` folder is the stacks' data folder. */
  workDir: string;
  /** The stack now running, if any: stopped after the suite. */
  running: RunningTestStack | undefined;
}

export function useScratchStacks(prefix: string): ScratchStacks {
  const scratch: ScratchStacks = { workDir: '', running: undefined };
  beforeAll(async () => {
    scratch.workDir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), prefix));
    await mkdir(join(scratch.workDir, 'data'));
  });
  afterAll(async () => {
    if (scratch.running) await stopTestStack(scratch.running);
    await rm(scratch.workDir, { recursive: true, force: true });
  });
  return scratch;
}
