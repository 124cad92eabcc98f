/**
 * `npm start` as a user runs it (web app in Vite dev mode, data on disk), in a throwaway data folder
 * inside the checkout's .local (where `npm start` keeps its data) on free ports: it prints the ready
 * line, and stopping it leaves no process and no listening port, the DynamoDB Local JVM included; a
 * crashed stack does not leave the JVM behind either; the dev server does not hand out the data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { assertPortFree, derivedServicePorts, freePorts } from '../../scripts/local/ports';
import { repoRoot } from '../support/stack-env';

// A first start seeds the demo data into DynamoDB Local on disk: minutes on a busy shared machine.
const READY_TIMEOUT_MS = 180_000;
jest.setTimeout(READY_TIMEOUT_MS + 60_000);

interface Started {
  npm: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
}

/** Every start, kept from the moment it is spawned so that afterEach also cleans up one that never got ready. */
const launched: Started[] = [];

async function startNpm(): Promise<Started> {
  await mkdir(join(repoRoot, '.local'), { recursive: true });
  const dataDir = await mkdtemp(join(repoRoot, '.local', 'lifecycle-'));
  const [port] = await freePorts(1);
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), FITGAUGE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started: Started = { npm, port, dataDir, output: () => output };
  launched.push(started);
  const ready = `FitGauge is running at http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`)), READY_TIMEOUT_MS);
    const check = () => {
      if (output.split('\n').includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    npm.stdout!.on('data', check);
    npm.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return started;
}

/** The process and all its descendants, from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Live processes among `pids` (zombies count as gone: they hold no port and no memory). */
function alive(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  });
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return condition();
}

async function listeningPorts(ports: number[]): Promise<number[]> {
  const taken: number[] = [];
  for (const port of ports) await assertPortFree(port, 'check').catch(() => taken.push(port));
  return taken;
}

describe('npm start', () => {
  let started: Started | undefined;

  afterEach(async () => {
    for (const { npm, dataDir } of launched.splice(0)) {
      for (const pid of alive(processTree(npm.pid!))) process.kill(pid, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
    started = undefined;
  });

  it('prints the ready line, and SIGTERM stops everything it started: no process, no listening port', async () => {
    started = await startNpm();
    const { npm, port, dataDir } = started;
    const tree = processTree(npm.pid!);
    expect(tree.map(commandOf).some((cmd) => cmd.startsWith('java ') && cmd.includes(dataDir))).toBe(true);
    const ports = [port, ...Object.values(derivedServicePorts(dataDir))];
    expect(await listeningPorts(ports)).toEqual(ports);

    const exited = new Promise((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await exited;

    expect(await waitUntil(() => alive(tree).length === 0, 10_000)).toBe(true);
    expect(await listeningPorts(ports)).toEqual([]);
    expect(started.output()).toContain('SIGTERM: stopping FitGauge');
  });

  it('does not leave the DynamoDB Local JVM running when the stack process is killed outright', async () => {
    started = await startNpm();
    const tree = processTree(started.npm.pid!);
    const java = tree.find((pid) => commandOf(pid).startsWith('java '))!;
    const stackProcess = tree.find((pid) => commandOf(pid).includes('scripts/start.ts'))!;

    process.kill(stackProcess, 'SIGKILL');

    expect(await waitUntil(() => alive([java]).length === 0, 15_000)).toBe(true);
    // A JVM whose main thread has ended shows as a zombie while its other threads still shut down and hold the port.
    const ports = Object.values(derivedServicePorts(started.dataDir));
    expect(await waitUntil(async () => (await listeningPorts(ports)).length === 0, 15_000)).toBe(true);
  });

  it("does not let Vite's dev server hand out the data folder: local users' passwords and the outbox's reset codes", async () => {
    started = await startNpm();
    const { port, dataDir } = started;
    const app = `http://localhost:${port}`;
    const { publicToken } = (await (await fetch(`${app}/config.json`)).json()) as { publicToken: string };
    const forgot = await fetch(`${app}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: publicToken },
      body: JSON.stringify({ query: 'mutation { forgotPassword(email: "solo@fitgauge.test") }' }),
    });
    expect(await forgot.json()).toEqual({ data: { forgotPassword: true } });
    // The mail queue's sender writes the reset mail a moment after the call, to a `.tmp` file renamed when whole: only
    // whole mails count (a CI run once listed the `.tmp` name and found it renamed when it read it).
    const outboxFiles = () =>
      existsSync(join(dataDir, 'outbox')) ? readdirSync(join(dataDir, 'outbox')).filter((file) => file.endsWith('.json')) : [];
    for (let waited = 0; outboxFiles().length === 0 && waited < 5000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const outbox = outboxFiles().map((file) => join(dataDir, 'outbox', file));
    const secrets = [join(dataDir, 'cognito', 'us-east-1_LocalDev1.json'), join(dataDir, 'cognito', 'clients.json'), ...outbox];
    expect(outbox.length).toBeGreaterThan(0);

    for (const file of secrets) {
      const content = readFileSync(file, 'utf8');
      const answer = await fetch(`${app}/@fs${file}`);
      const body = await answer.text();
      expect({ file, refused: [403, 404].includes(answer.status), leaked: body.includes(content.slice(0, 200)) }).toEqual({
        file,
        refused: true,
        leaked: false,
      });
    }
    // The app's own modules are still served.
    expect((await fetch(`${app}/src/main.tsx`)).status).toBe(200);
  });
});
