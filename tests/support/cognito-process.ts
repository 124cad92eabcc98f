/**
 * The local stack's Cognito (scripts/local/cognito.ts) in a child process, for tests that start and
 * stop it on their own data folder: Jest cannot load cognito-local in its workers (its otplib
 * dependency ships ES modules only), so the child runs it with tsx, as `npm start` does.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { LocalCognito } from '../../scripts/local/cognito';
import { repoRoot } from './stack-env';

export type CognitoProcess = Omit<LocalCognito, 'stop' | 'outage'> & { stop(): Promise<void> };

const READY = 'COGNITO_READY ';

export function startCognitoProcess(options: { port: number; dataDir: string; outboxDir: string }): Promise<CognitoProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'cognito-process-main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, FG_COGNITO_OPTIONS: JSON.stringify(options) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(READY));
      if (!line) return;
      child.stdout!.off('data', onData);
      const running = JSON.parse(line.slice(READY.length)) as Omit<LocalCognito, 'stop' | 'outage'>;
      resolve({
        ...running,
        stop: async () => {
          child.stdin!.end();
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`The local Cognito exited during start-up:\n${output}`)));
  });
}
