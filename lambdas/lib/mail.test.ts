import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { sendMail, writeToOutbox } from './mail';

describe('mail', () => {
  let dir: string;
  const saved = { outbox: process.env.MAIL_OUTBOX_DIR, from: process.env.MAIL_FROM };

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
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one JSON file per message to the outbox folder when MAIL_OUTBOX_DIR is set', async () => {
    process.env.MAIL_OUTBOX_DIR = join(dir, 'outbox');
    await sendMail({ to: 'coach@fitgauge.test', subject: 'You are invited', text: 'Join Night Owls', html: '<p>Join</p>' });
    await sendMail({ to: 'gamer1@fitgauge.test', subject: 'Code', text: '123456' });

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

  it('sends through SES from MAIL_FROM when no outbox is configured', async () => {
    delete process.env.MAIL_OUTBOX_DIR;
    process.env.MAIL_FROM = 'FitGauge <no-reply@fitgauge.test>';
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    await sendMail({ to: 'director@fitgauge.test', subject: 'Weekly recap', text: 'Scores', html: '<b>Scores</b>' });

    const [call] = ses.commandCalls(SendEmailCommand);
    expect(call.args[0].input).toEqual({
      FromEmailAddress: 'FitGauge <no-reply@fitgauge.test>',
      Destination: { ToAddresses: ['director@fitgauge.test'] },
      Content: {
        Simple: {
          Subject: { Data: 'Weekly recap', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Scores', Charset: 'UTF-8' }, Html: { Data: '<b>Scores</b>', Charset: 'UTF-8' } },
        },
      },
    });
    expect(await readdir(dir)).toEqual([]);
    ses.restore();
  });
});
