import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliverMail, sendMail, writeToOutbox } from './mail';

describe('mail', () => {
  let dir: string;
  const saved = { outbox: process.env.MAIL_OUTBOX_DIR, from: process.env.MAIL_FROM, queue: process.env.MAIL_QUEUE_URL };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fg-outbox-'));
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    process.env.MAIL_OUTBOX_DIR = saved.outbox;
    process.env.MAIL_FROM = saved.from;
    if (saved.outbox === undefined) delete process.env.MAIL_OUTBOX_DIR;
    if (saved.from === undefined) delete process.env.MAIL_FROM;
    if (saved.queue === undefined) delete process.env.MAIL_QUEUE_URL;
    else process.env.MAIL_QUEUE_URL = saved.queue;
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one JSON file per message to the outbox folder when MAIL_OUTBOX_DIR is set', async () => {
    process.env.MAIL_OUTBOX_DIR = join(dir, 'outbox');
    await deliverMail({ to: 'coach@fitgauge.test', subject: 'You are invited', text: 'Join Night Owls', html: '<p>Join</p>' });
    await deliverMail({ to: 'gamer1@fitgauge.test', subject: 'Code', text: '123456' });

    const files = (await readdir(join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    const records = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, 'outbox', f), 'utf8'))));
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: 'coach@fitgauge.test', subject: 'You are invited', text: 'Join Night Owls', html: '<p>Join</p>' }),
        expect.objectContaining({ to: 'gamer1@fitgauge.test', subject: 'Code', text: '123456' }),
      ]),
    );
    for (const record of records) expect(new Date(record.sentAt).toISOString()).toBe(record.sentAt);
  });

  it('names outbox files by send time so they sort in sending order, and logs each message', async () => {
    const first = await writeToOutbox(dir, { to: 'a@x.test', subject: 'first', text: '1' }, new Date('2026-01-01T10:00:00Z'));
    const second = await writeToOutbox(dir, { to: 'a@x.test', subject: 'second', text: '2' }, new Date('2026-01-01T10:00:01Z'));
    expect([second, first].sort()).toEqual([first, second]);
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('to a@x.test: first'));
  });

  it('puts the message on the mail queue with an id of its own, one signed SQS SendMessage, and sends nothing itself', async () => {
    const requests: { target: string; signed: boolean; body: { QueueUrl: string; MessageBody: string } }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({
          target: String(req.headers['x-amz-target']),
          signed: /^AWS4-HMAC-SHA256 /.test(String(req.headers.authorization)),
          body: JSON.parse(body),
        });
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify({ MessageId: `m-${requests.length}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const queueUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/000000000000/fitgauge-mail`;
    process.env.MAIL_QUEUE_URL = queueUrl;
    // The function's own credentials sign it (the local stack's on a developer's machine).
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local-secret';
    process.env.MAIL_OUTBOX_DIR = join(dir, 'outbox');
    try {
      await sendMail({ to: 'coach@fitgauge.test', subject: 'Hi', text: 'One' });
      await sendMail({ to: 'coach@fitgauge.test', subject: 'Hi', text: 'One' });
    } finally {
      server.close();
    }
    expect(requests.map((request) => [request.target, request.signed, request.body.QueueUrl])).toEqual([
      ['AmazonSQS.SendMessage', true, queueUrl],
      ['AmazonSQS.SendMessage', true, queueUrl],
    ]);
    const [first, second] = requests.map((request) => JSON.parse(request.body.MessageBody));
    expect(first).toEqual({ kind: 'mail', id: expect.any(String), message: { to: 'coach@fitgauge.test', subject: 'Hi', text: 'One' } });
    expect(second.id).not.toBe(first.id);
    expect(await readdir(dir)).toEqual([]);
  });

  it('sends through SES from MAIL_FROM in the configuration set when no outbox is configured', async () => {
    delete process.env.MAIL_OUTBOX_DIR;
    process.env.MAIL_FROM = 'FitGauge <no-reply@fitgauge.test>';
    process.env.MAIL_CONFIGURATION_SET = 'fitgauge-mail';
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    await deliverMail({ to: 'director@fitgauge.test', subject: 'Weekly recap', text: 'Scores', html: '<b>Scores</b>' });

    const [call] = ses.commandCalls(SendEmailCommand);
    expect(call.args[0].input).toEqual({
      FromEmailAddress: 'FitGauge <no-reply@fitgauge.test>',
      Destination: { ToAddresses: ['director@fitgauge.test'] },
      ConfigurationSetName: 'fitgauge-mail',
      Content: {
        Simple: {
          Subject: { Data: 'Weekly recap', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Scores', Charset: 'UTF-8' }, Html: { Data: '<b>Scores</b>', Charset: 'UTF-8' } },
        },
      },
    });
    expect(await readdir(dir)).toEqual([]);
    ses.restore();
    delete process.env.MAIL_CONFIGURATION_SET;
  });
});
