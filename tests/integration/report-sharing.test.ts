/**
 * Report sharing and the recap job on the running local stack (docs/recap.md): a gamer shares his score reports with
 * an e-mail, lists and stops his shares (nobody else can); the job mails each due share once per period even when run
 * twice, skips rejected shares, and its links carry the share id; activateShareFGScore applies an answer once and
 * refuses an unknown or malformed id without writing. Accounts are fresh; the job runs in this process with the
 * stack's environment, as the schedule runs it.
 */
import { randomUUID } from 'node:crypto';
import { answersWith } from '@core/test-support/answers';
import { EMAIL_PROOF_MESSAGES } from '@core/email-proof';
import { NEW_SHARES_LIMIT_MESSAGE } from '@core/report-sharing';
import type { Role } from '@core/roles';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { productionDeps } from '../../lambdas/recap/deps';
import { runRecapJob } from '../../lambdas/recap/job';
import { dynamoShareStore } from '../../lambdas/recap/store';
import { DEMO_SHARE } from '../../scripts/seed/shares';
import type { RoleAccount } from '../support/accounts';
import { freshEmail } from '../support/accounts';
import { graphql, readOutbox, useStackEnvironment } from '../support/stack';
import { clearOfScoreDayEdge } from '../support/score-day-edge';
import { accounts, ok, refusal } from '../support/team-fixtures';

jest.setTimeout(120_000);

const SHARE = `mutation($email: String!, $status: ReportShareStatus!, $frequency: ReportFrequency!) {
  updateShareFGScore(email: $email, status: $status, frequency: $frequency) { id email status frequency } }`;
const SHARES = 'query { myReportShares { id email status frequency } }';
const ACTIVATE = `mutation($shareId: ID!, $acceptance: ReportAcceptance!) {
  activateShareFGScore(shareId: $shareId, acceptance: $acceptance) { shareId status frequency gamerName } }`;
const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';

const activate = (shareId: string, acceptance: 'ACCEPTED' | 'REJECTED') => graphql(ACTIVATE, { shareId, acceptance }, { publicToken: true });
const runJobAt = (at: Date) => runRecapJob({ ...productionDeps, now: () => at });
const recapsTo = async (email: string) => (await readOutbox(email)).filter((mail) => mail.subject.includes('FitGauge report'));
const HOUR = 3600_000;

/** Fresh accounts whose mailboxes are proven (as after proveEmail): sharing needs it. */
async function provenAccounts<N extends string>(roles: Record<N, Role>, label: string): Promise<Record<N, RoleAccount>> {
  const made = await accounts(roles, label);
  await Promise.all(Object.values<RoleAccount>(made).map((account) => dynamoUserStore.markEmailVerified(account.id, new Date().toISOString())));
  return made;
}

let people: Record<'gamer' | 'other' | 'coach', RoleAccount>;

beforeAll(async () => {
  useStackEnvironment();
  people = await provenAccounts({ gamer: 'GAMER', other: 'GAMER', coach: 'COACH' }, 'share');
});

describe('sharing', () => {
  it('creates a pending share, lists it to its gamer only, changes its frequency and stops it', async () => {
    const email = freshEmail('parent');
    const { updateShareFGScore: share } = await ok(people.gamer, SHARE, { email: email.toUpperCase(), status: 'ACTIVE', frequency: 'DAILY' });
    expect(share).toEqual({ id: expect.any(String), email, status: 'PENDING', frequency: 'DAILY' });
    expect((await ok(people.gamer, SHARES)).myReportShares).toEqual([share]);
    expect((await ok(people.other, SHARES)).myReportShares).toEqual([]);

    const weekly = await ok(people.gamer, SHARE, { email, status: 'ACTIVE', frequency: 'WEEKLY' });
    expect(weekly.updateShareFGScore).toEqual({ ...share, frequency: 'WEEKLY' });

    // Another gamer "stopping" the same e-mail reaches only his own (absent) share.
    expect(await refusal(people.other, SHARE, { email, status: 'STOPPED', frequency: 'WEEKLY' })).toEqual({
      errorType: 'NotFound',
      message: 'You do not share your reports with this email.',
    });
    expect((await ok(people.gamer, SHARES)).myReportShares).toHaveLength(1);

    expect((await ok(people.gamer, SHARE, { email, status: 'STOPPED', frequency: 'WEEKLY' })).updateShareFGScore.status).toBe('STOPPED');
    expect((await ok(people.gamer, SHARES)).myReportShares).toEqual([]);
    expect(await dynamoShareStore.byId(share.id)).toBeNull();
  });

  it("refuses non-gamers, bad input and the caller's own e-mail without writing", async () => {
    expect(await refusal(people.coach, SHARE, { email: freshEmail('x'), status: 'ACTIVE', frequency: 'DAILY' })).toEqual({
      errorType: 'Unauthorized',
      message: 'Only gamers share their score reports.',
    });
    expect((await refusal(people.gamer, SHARE, { email: 'not-an-email', status: 'ACTIVE', frequency: 'DAILY' })).message).toBe('Invalid email');
    expect((await refusal(people.gamer, SHARE, { email: `${'a'.repeat(300)}@x.test`, status: 'ACTIVE', frequency: 'DAILY' })).message).toBe(
      'Invalid email',
    );
    expect((await refusal(people.gamer, SHARE, { email: freshEmail('x'), status: 'PENDING', frequency: 'DAILY' })).errorType).toBe('ValidationError');
    expect((await refusal(people.gamer, SHARE, { email: people.gamer.email, status: 'ACTIVE', frequency: 'DAILY' })).errorType).toBe(
      'ValidationError',
    );
    expect((await ok(people.gamer, SHARES)).myReportShares).toEqual([]);
  });

  it('refuses a gamer whose mailbox is not proven, writing nothing', async () => {
    const [unproven] = Object.values(await accounts({ unproven: 'GAMER' }, 'relay'));
    const email = freshEmail('relayed');
    expect(await refusal(unproven, SHARE, { email, status: 'ACTIVE', frequency: 'DAILY' })).toEqual({
      errorType: 'EmailNotProven',
      message: EMAIL_PROOF_MESSAGES.needed,
    });
    expect((await ok(unproven, SHARES)).myReportShares).toEqual([]);
    await runJobAt(new Date(Date.now() + 1000));
    expect(await recapsTo(email)).toEqual([]);
  });

  it('counts stopped shares: at most 10 new addresses in 30 days, also under parallel calls', async () => {
    const [relay] = Object.values(await provenAccounts({ relay: 'GAMER' }, 'rolling'));
    for (let index = 0; index < 5; index += 1) {
      const email = freshEmail('first-wave');
      await ok(relay, SHARE, { email, status: 'ACTIVE', frequency: 'DAILY' });
      await ok(relay, SHARE, { email, status: 'STOPPED', frequency: 'DAILY' });
    }
    expect((await ok(relay, SHARES)).myReportShares).toEqual([]);
    // No share is live, but five of the window's ten are used: of ten parallel new shares exactly five are made.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refusal(relay, SHARE, { email: freshEmail('second-wave'), status: 'ACTIVE', frequency: 'DAILY' })),
    );
    expect(results.filter((result) => result.errorType === undefined)).toHaveLength(5);
    expect(results.filter((result) => result.errorType !== undefined)).toEqual(
      Array(5).fill({ errorType: 'Conflict', message: NEW_SHARES_LIMIT_MESSAGE }),
    );
    expect((await ok(relay, SHARES)).myReportShares).toHaveLength(5);
  });

  it('caps a gamer at 10 addresses, also under parallel calls', async () => {
    const [capped] = Object.values(await provenAccounts({ capped: 'GAMER' }, 'cap'));
    const results = await Promise.all(
      Array.from({ length: 14 }, () => refusal(capped, SHARE, { email: freshEmail('many'), status: 'ACTIVE', frequency: 'DAILY' })),
    );
    expect(results.filter((result) => result.errorType === undefined)).toHaveLength(10);
    expect(results.filter((result) => result.errorType === 'Conflict')).toHaveLength(4);
    expect((await ok(capped, SHARES)).myReportShares).toHaveLength(10);
  });
});

describe('activateShareFGScore', () => {
  it('applies ACCEPTED and REJECTED once each and names the gamer by his first name', async () => {
    const email = freshEmail('coach');
    const { id } = (await ok(people.gamer, SHARE, { email, status: 'ACTIVE', frequency: 'WEEKLY' })).updateShareFGScore;
    const accepted = await activate(id, 'ACCEPTED');
    expect(accepted.data?.activateShareFGScore).toEqual({ shareId: id, status: 'ACTIVE', frequency: 'WEEKLY', gamerName: 'share' });
    const afterFirst = await dynamoShareStore.byId(id);
    await activate(id, 'ACCEPTED');
    expect((await dynamoShareStore.byId(id))!.updatedAt).toBe(afterFirst!.updatedAt);

    expect((await activate(id, 'REJECTED')).data?.activateShareFGScore.status).toBe('REJECTED');
    const rejected = await dynamoShareStore.byId(id);
    await activate(id, 'REJECTED');
    expect(await dynamoShareStore.byId(id)).toEqual(rejected);
    expect((await ok(people.gamer, SHARES)).myReportShares.find((share: { id: string }) => share.id === id).status).toBe('REJECTED');
  });

  it('refuses an unknown or malformed id and writes nothing', async () => {
    const before = await dynamoShareStore.ofGamer(people.gamer.id);
    const unknown = await activate(randomUUID(), 'ACCEPTED');
    expect(unknown.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'This report link is no longer valid.' });
    for (const malformed of ['nope', `${randomUUID()}x`, 'SHARE#1', 'a'.repeat(5000)]) {
      const answer = await activate(malformed, 'REJECTED');
      expect(answer.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'This report link is not valid.' });
    }
    expect(await dynamoShareStore.ofGamer(people.gamer.id)).toEqual(before);
  });
});

describe('the recap job', () => {
  it('mails each due share once per period even when run twice, skips rejected shares, and links carry the share id', async () => {
    // "now" and "a day later" must be two consecutive score days of the check-in's day.
    await clearOfScoreDayEdge();
    const [gamer] = Object.values(await provenAccounts({ recapped: 'GAMER' }, 'sharer'));
    await ok(gamer, CHECK_IN, { answers: answersWith('best') });
    const [kept, stopped] = [freshEmail('kept'), freshEmail('stopped')];
    const keptShare = (await ok(gamer, SHARE, { email: kept, status: 'ACTIVE', frequency: 'DAILY' })).updateShareFGScore;
    const stoppedShare = (await ok(gamer, SHARE, { email: stopped, status: 'ACTIVE', frequency: 'DAILY' })).updateShareFGScore;
    await activate(stoppedShare.id, 'REJECTED');

    const now = new Date(Date.now() + 1000);
    const [first, second] = await Promise.all([runJobAt(now), runJobAt(now)]);
    expect(first.failed + second.failed).toBe(0);
    await runJobAt(now);
    const mails = await recapsTo(kept);
    expect(mails).toHaveLength(1);
    expect(await recapsTo(stopped)).toEqual([]);

    const [mail] = mails;
    // The recipient has not kept the reports: the mail carries no name the account typed.
    // The FG Score reads as its readiness tier, as it does on every page, not as a score label (Peak Form…).
    expect(mail.subject).toMatch(/^A FitGauge player's FitGauge report: FG Score \d+ \((Game On|Moderately Ready|Subpar Ready|Not Ready)\)$/);
    expect(mail.text).toMatch(/FG Score: (Game On|Moderately Ready|Subpar Ready|Not Ready)\b/);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/sharer|recapped/i);
    for (const acceptance of ['accepted', 'rejected']) {
      const link = `/recap/reports?shareId=${keptShare.id}&acceptance=${acceptance}&name=A+FitGauge+player`;
      expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
      expect(mail.text).toContain(link);
    }
    // The first recap to a pending recipient says what is shared, how often.
    expect(mail.text).toContain(`A FitGauge player shares their FitGauge score reports with ${kept}, every day`);
    for (const pillar of ['Sleep', 'Nutrition', 'Mental', 'Lifestyle', 'Physical']) expect(mail.text).toMatch(new RegExp(`${pillar}: \\d+`));
    expect(mail.html).toContain('#a855f7');
    expect(mail.text).toContain('Readiness tiers: Game On (80 or above)');

    // The recipient keeps them; the next period's recap names the gamer by his first name only.
    await activate(keptShare.id, 'ACCEPTED');
    const nextDay = new Date(now.getTime() + 24 * HOUR + 60_000);
    await Promise.all([runJobAt(nextDay), runJobAt(nextDay)]);
    const [, next] = await recapsTo(kept);
    expect(await recapsTo(kept)).toHaveLength(2);
    expect(next.text).toContain('No change since the last report.');
    expect(next.subject).toMatch(/^sharer's FitGauge report: FG Score \d+ \(/);
    expect(next.text).not.toContain('recapped');
    expect(next.text).not.toContain('shares their FitGauge score reports');
    expect(await recapsTo(stopped)).toEqual([]);
    const stored = (await dynamoShareStore.byId(keptShare.id))!;
    expect(stored).toMatchObject({ reportsSent: 2, nextReportAt: new Date(Date.parse(stored.createdAt) + 2 * 24 * HOUR).toISOString() });
  }, 240_000);
});

describe('an unsubscribe', () => {
  it('holds when the gamer stops the rejected share and shares again, until the recipient keeps the reports', async () => {
    const [gamer] = Object.values(await provenAccounts({ persistent: 'GAMER' }, 'optout'));
    const email = freshEmail('unsubscribed');
    const share = (await ok(gamer, SHARE, { email, status: 'ACTIVE', frequency: 'DAILY' })).updateShareFGScore;
    await activate(share.id, 'REJECTED');
    await ok(gamer, SHARE, { email, status: 'STOPPED', frequency: 'DAILY' });
    const again = await Promise.all([0, 1].map(() => refusal(gamer, SHARE, { email, status: 'ACTIVE', frequency: 'WEEKLY' })));
    for (const refused of again) {
      expect(refused).toEqual({
        errorType: 'Conflict',
        message: 'This address unsubscribed from your reports, so they cannot be shared with it again.',
      });
    }
    expect((await ok(gamer, SHARES)).myReportShares).toEqual([]);
    await runJobAt(new Date(Date.now() + 1000));
    expect(await recapsTo(email)).toEqual([]);
    // Another gamer is not bound by it.
    expect((await ok(people.other, SHARE, { email, status: 'ACTIVE', frequency: 'WEEKLY' })).updateShareFGScore.status).toBe('PENDING');
    await ok(people.other, SHARE, { email, status: 'STOPPED', frequency: 'WEEKLY' });

    // A recipient who unsubscribes and then keeps the reports from the same link can be shared with again.
    const kept = freshEmail('changed-mind');
    const second = (await ok(gamer, SHARE, { email: kept, status: 'ACTIVE', frequency: 'DAILY' })).updateShareFGScore;
    await activate(second.id, 'REJECTED');
    await activate(second.id, 'ACCEPTED');
    await ok(gamer, SHARE, { email: kept, status: 'STOPPED', frequency: 'DAILY' });
    expect((await ok(gamer, SHARE, { email: kept, status: 'ACTIVE', frequency: 'DAILY' })).updateShareFGScore.status).toBe('PENDING');
  });

  it('lets one address get at most one invitation a day from all gamers together', async () => {
    const gamers = Object.values(await provenAccounts({ a: 'GAMER', b: 'GAMER', c: 'GAMER', d: 'GAMER', e: 'GAMER' }, 'flood'));
    const email = freshEmail('flooded');
    for (const gamer of gamers) await ok(gamer, SHARE, { email, status: 'ACTIVE', frequency: 'DAILY' });
    const now = new Date(Date.now() + 1000);
    await Promise.all([runJobAt(now), runJobAt(now)]);
    await runJobAt(new Date(now.getTime() + 60_000));
    expect(await recapsTo(email)).toHaveLength(1);
    // The others stay due: the next day brings one more, not four.
    const nextDay = new Date(now.getTime() + 24 * HOUR + 60_000);
    await runJobAt(nextDay);
    await runJobAt(nextDay);
    expect(await recapsTo(email)).toHaveLength(2);
  });
});

describe('the demo data', () => {
  it('has gamer1 share a daily report with parent1, whose first recap the job mails once with both links', async () => {
    await runJobAt(new Date());
    await runJobAt(new Date());
    // Only the first recap says who shares what (the job test above may have run a later period with a future clock).
    const first = (await recapsTo(DEMO_SHARE.email)).filter((mail) =>
      mail.text.includes(`shares their FitGauge score reports with ${DEMO_SHARE.email}, every day`),
    );
    expect(first).toHaveLength(1);
    for (const acceptance of ['accepted', 'rejected'])
      expect(first[0].text).toContain(`/recap/reports?shareId=${DEMO_SHARE.id}&acceptance=${acceptance}&name=`);
  });
});
