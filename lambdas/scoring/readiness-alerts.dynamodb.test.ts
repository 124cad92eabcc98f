import { answersWith } from '@core/test-support/answers';
import type { MailMessage } from '../lib/mail';
import { submitAnswers } from './check-in';
import { alertStaffIfNotReady, type AlertDeps } from './readiness-alerts';
import { scoringWorld } from './test-support/world';

/** Slept well, everything else at its worst: game readiness 30, Not Ready (as in tests/integration/readiness-alerts.test.ts). */
const best = new Map(answersWith('best').map((answer) => [answer.questionSlug, answer.value]));
const notReady = answersWith('worst').map((answer) =>
  answer.questionSlug.startsWith('sleep') ? { ...answer, value: best.get(answer.questionSlug)! } : answer,
);
const now = new Date('2026-04-10T10:00:00Z');

async function setup(sendMail: (message: MailMessage) => Promise<void>) {
  const { id, stores } = await scoringWorld({
    users: { g1: null, coach: null, director: null },
    teams: { t1: 'director' },
    memberships: [
      ['t1', 'g1'],
      ['t1', 'coach', 'COACH'],
    ],
  });
  const deps: AlertDeps = { ...stores, sendMail, appUrl: () => 'http://app.test' };
  const checkIn = (answers = notReady) => submitAnswers(id('g1'), { answers }, stores, now);
  return { id, stores, deps, checkIn };
}

describe('alertStaffIfNotReady', () => {
  it('keeps the in-app alert and never throws when sending the e-mail fails', async () => {
    const { id, stores, deps, checkIn } = await setup(() => Promise.reject(new Error('SES is down')));
    const day = await checkIn();
    await expect(alertStaffIfNotReady(day, deps, now)).resolves.toBeUndefined();
    expect(await stores.journal.alertsOf(id('t1'), day.date)).toEqual([
      expect.objectContaining({ userId: id('g1'), pillarSlug: 'mental', gameReadiness: day.gameReadiness }),
    ]);
    expect(await stores.journal.unreadOf(id('director'))).toEqual([{ teamId: id('t1'), unread: 1 }]);
  });

  it('alerts nobody on a No Gaming day or when readiness is not Not Ready', async () => {
    const sent: MailMessage[] = [];
    const { id, stores, deps, checkIn } = await setup(async (message) => void sent.push(message));
    const noGaming = notReady
      .filter((answer) => answer.questionSlug !== 'game-performance')
      .map((answer) => (answer.questionSlug === 'gaming-today' ? { ...answer, value: 'false' } : answer));
    await alertStaffIfNotReady(await checkIn(noGaming), deps, now);
    const day = await checkIn(answersWith('best'));
    await alertStaffIfNotReady(day, deps, now);
    expect(sent).toEqual([]);
    expect(await stores.journal.alertsOf(id('t1'), day.date)).toEqual([]);
  });

  it('mails each recipient once with the gamer, the score and the pillar', async () => {
    const sent: MailMessage[] = [];
    const { id, deps, checkIn } = await setup(async (message) => void sent.push(message));
    const day = await checkIn();
    await alertStaffIfNotReady(day, deps, now);
    await alertStaffIfNotReady(day, deps, now);
    expect(sent.map((message) => message.to).sort()).toEqual([`${id('coach')}@fitgauge.test`, `${id('director')}@fitgauge.test`]);
    expect(sent[0]!.text).toContain(`g1's game readiness on ${day.date} is ${day.gameReadiness} (Not Ready) in t1.`);
    expect(sent[0]!.text).toContain('The pillar that pulled it down the most: Mental.');
  });
});
