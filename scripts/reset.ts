/** `npm run reset`: wipes the local data folder (.local), so the next `npm start` begins fresh and seeds again. */
import { rm } from 'node:fs/promises';
import { relative } from 'node:path';
import { runningStack } from './local/lock';
import { localDataDir } from './local/paths';

const dataDir = localDataDir();

async function main() {
  const running = runningStack(dataDir);
  if (running) {
    console.error(`FitGauge is running (pid ${running.pid}, ${running.url}); stop it before resetting.`);
    process.exit(1);
  }
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Removed ${relative(process.cwd(), dataDir) || dataDir}; the next npm start seeds the demo data again.`);
}

void main();
