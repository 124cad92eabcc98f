import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Marks a data folder as in use by a running stack, so a second start or a reset can refuse. */
interface StackLock {
  pid: number;
  url: string;
}

const lockFile = (dataDir: string) => join(dataDir, 'stack.lock.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The stack currently using the folder, or null (a lock left by a dead process does not count). */
export function runningStack(dataDir: string): StackLock | null {
  try {
    const lock = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as StackLock;
    return lock.pid !== process.pid && isAlive(lock.pid) ? lock : null;
  } catch {
    return null;
  }
}

/** Takes the folder for this process; returns the release function (also run if the process exits). */
export function lockDataDir(dataDir: string, url: string): () => void {
  const running = runningStack(dataDir);
  if (running) {
    throw new Error(`FitGauge is already running from this folder (pid ${running.pid}, ${running.url}); stop it first.`);
  }
  writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid, url } satisfies StackLock));
  const release = () => {
    process.off('exit', release);
    try {
      unlinkSync(lockFile(dataDir));
    } catch {
      // Already gone (e.g. the folder was removed).
    }
  };
  process.on('exit', release);
  return release;
}
