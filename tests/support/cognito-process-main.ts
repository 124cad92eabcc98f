/** Child side of cognito-process.ts: starts the local Cognito, prints its details, stops when stdin closes. */
import { startCognito } from '../../scripts/local/cognito';

async function main() {
  const options = JSON.parse(process.env.FG_COGNITO_OPTIONS ?? '{}') as { port: number; dataDir: string; outboxDir: string };
  // No browser origin: the tests call it from Node, signing with the keys the local stack's functions use.
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const cognito = await startCognito({ corsOrigins: [], credentials, ...options, log: (line) => console.error(line) });
  const { stop, ...details } = cognito;
  process.stdin.on('end', () => void stop().then(() => process.exit(0)));
  process.stdin.resume();
  process.stdout.write(`COGNITO_READY ${JSON.stringify(details)}\n`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
