/**
 * `npm run bench:dynamodb-client`: the CPU the DynamoDB document client spends on one call, apart from DynamoDB.
 * Answers come from a local HTTP server that replies at once with a canned body (a 30-item Query page, as a 30-day team
 * window reads, and an empty TransactWriteItems answer for a 25-item check-in), so what is timed is the SDK's own
 * work: serialising, signing, middleware, parsing, unmarshalling. Two clients, the same configuration:
 *   SDK default stack — `new DynamoDBClient(dynamoDbClientConfig)` as the SDK builds it
 *   db()              — the product's client (lambdas/lib/db/client.ts)
 * Prints CPU microseconds (user + system, of this process: the canned server's share is small and the same for both)
 * per call, the median of RUNS rounds of CALLS calls each. Figures in docs/performance.md ("Morning rush"). Not a test.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, dynamoDbClientConfig } from '../lambdas/lib/db/client';
import { percentile } from './lib/stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARM_UP_CALLS = 300;

const teamDay = (day: number) => ({
  pk: { S: 'TEAM#bench' },
  sk: { S: `DAY#2026-11-${String(day).padStart(2, '0')}` },
  totals: { M: Object.fromEntries(Array.from({ length: 20 }, (_, key) => [`total${key}`, { N: String(key * 1.5) }])) },
});
const queryPage = JSON.stringify({ Items: Array.from({ length: 30 }, (_, day) => teamDay(day + 1)), Count: 30, ScannedCount: 30 });

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
    response.end(String(request.headers['x-amz-target']).endsWith('TransactWriteItems') ? '{}' : queryPage);
  });
});

async function main() {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'bench';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'bench';

  const clients = {
    'SDK default stack': DynamoDBDocumentClient.from(new DynamoDBClient(dynamoDbClientConfig), { marshallOptions: { removeUndefinedValues: true } }),
    'db()': db(),
  };
  const checkIn = {
    TransactItems: Array.from({ length: 25 }, (_, index) => ({
      Put: {
        TableName: 'bench',
        Item: { pk: 'USER#bench', sk: `ANSWER#2026-11-27#q${index}`, value: 'an answer', answeredAt: new Date().toISOString() },
      },
    })),
  };
  const calls = {
    'Query, 30 items': (client: DynamoDBDocumentClient) =>
      client.send(new QueryCommand({ TableName: 'bench', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'TEAM#bench' } })),
    'TransactWriteItems, 25 puts': (client: DynamoDBDocumentClient) => client.send(new TransactWriteCommand(checkIn)),
  };

  const rows: Record<string, Record<string, string>> = {};
  for (const [callName, call] of Object.entries(calls)) {
    rows[callName] = {};
    for (const [clientName, client] of Object.entries(clients)) {
      for (let index = 0; index < WARM_UP_CALLS; index++) await call(client);
      const perCall: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = process.cpuUsage();
        for (let index = 0; index < CALLS; index++) await call(client);
        const used = process.cpuUsage(started);
        perCall.push((used.user + used.system) / CALLS);
      }
      rows[callName][`${clientName}, CPU µs/call`] = percentile(
        perCall.sort((a, b) => a - b),
        50,
      ).toFixed(0);
    }
  }
  console.log(`bench/dynamodb-client: ${RUNS} rounds of ${CALLS} calls per client, Node ${process.version}`);
  console.table(rows);
  server.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
  server.close();
});
