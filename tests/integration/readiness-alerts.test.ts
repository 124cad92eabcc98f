/**
 * Readiness alerts on the running local stack: a gamer's check-in in the Not Ready tier alerts the director and the
 * coaches of his team in the app (unread count, readinessAlerts) and by e-mail naming the gamer and the pillar that
 * pulled the score down; once per recipient, gamer and day, also when check-ins race; never to someone who turned
 * these e-mails off. Accounts and teams are fresh.
 */
import { answersWith } from '@core/test-support/answers';
import { scoreDayOf } from '@core/dates';
import { readinessTier, scoreDay } from '@core/scoring';
import type { RoleAccount } from '../support/accounts';
import { readOutbox, useStackEnvironment } from '../support/stack';
import { accounts, call, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(120_000);

const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date gameReadiness } }';
const ALERTS =
  'query($teamId: ID!, $date: AWSDate!) { readinessAlerts(teamId: $teamId, date: $date) { userId fullName gameReadiness pillarSlug date } }';
const UNREAD = 'query { teamNotifications { teamId unread } }';
const SETTINGS = 'mutation($on: Boolean!) { updateNotificationSettings(readinessAlertEmails: $on) { id readinessAlertEmails } }';

/** Slept well, everything else at its worst: game readiness 30, Not Ready, pulled down the most by Mental (weight 30). */
const best = new Map(answersWith('best').map((answer) => [answer.questionSlug, answer.value]));
const notReady = answersWith('worst').map((answer) =>
  answer.questionSlug.startsWith('sleep') ? { ...answer, value: best.get(answer.questionSlug)! } : answer,
);
const date = scoreDayOf(new Date(), 'UTC');

const alertMailsTo = async (who: RoleAccount) => (await readOutbox(who.email)).filter((mail) => mail.subject.includes('is Not Ready today'));

beforeAll(() => {
  useStackEnvironment();
});

it('the answers used here give a Not Ready game readiness', () => {
  expect(readinessTier(scoreDay(date, notReady).gameReadiness)).toBe('Not Ready');
});

describe('a Not Ready check-in', () => {
  let people: Record<'director' | 'coach' | 'gamer' | 'teammate', RoleAccount>;
  let teamId: string;

  beforeAll(async () => {
    people = await accounts({ director: 'DIRECTOR', coach: 'COACH', gamer: 'GAMER', teammate: 'GAMER' }, 'ready');
    teamId = await teamOf(
      people.director,
      [
        [people.gamer, 'GAMER'],
        [people.teammate, 'GAMER'],
        [people.coach, 'COACH'],
      ],
      'Alert team',
    );
  });

  it('mails the director and the coach once, naming the gamer and the pillar, and alerts them in the app', async () => {
    const { submitAnswers } = await ok(people.gamer, CHECK_IN, { answers: notReady });
    expect(readinessTier(submitAnswers.gameReadiness)).toBe('Not Ready');
    for (const recipient of [people.director, people.coach]) {
      const mails = await alertMailsTo(recipient);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('ready gamer is Not Ready today');
      expect(mails[0]!.text).toContain(`game readiness on ${date} is ${submitAnswers.gameReadiness} (Not Ready) in Alert team`);
      expect(mails[0]!.text).toContain('The pillar that pulled it down the most: Mental.');
      expect(mails[0]!.text).toContain(`/home/my-team/journal?teamId=${teamId}`);
    }
    expect(await alertMailsTo(people.gamer)).toEqual([]);
    expect(await alertMailsTo(people.teammate)).toEqual([]);
    expect((await ok(people.coach, ALERTS, { teamId, date })).readinessAlerts).toEqual([
      { userId: people.gamer.id, fullName: 'ready gamer', gameReadiness: submitAnswers.gameReadiness, pillarSlug: 'mental', date },
    ]);
    expect((await ok(people.director, UNREAD)).teamNotifications).toEqual([{ teamId, unread: 1 }]);
    expect((await call(people.gamer, ALERTS, { teamId, date })).errors?.[0]?.errorType).toBe('Unauthorized');
  });

  it('sends nothing more on a second Not Ready check-in the same day', async () => {
    await ok(people.gamer, CHECK_IN, { answers: notReady.slice(1) });
    expect(await alertMailsTo(people.director)).toHaveLength(1);
    expect(await alertMailsTo(people.coach)).toHaveLength(1);
    expect((await ok(people.director, UNREAD)).teamNotifications).toEqual([{ teamId, unread: 1 }]);
  });

  it('alerts nobody for a check-in that is not Not Ready', async () => {
    await ok(people.teammate, CHECK_IN, { answers: answersWith('best') });
    expect((await ok(people.coach, ALERTS, { teamId, date })).readinessAlerts.map((alert: { userId: string }) => alert.userId)).toEqual([
      people.gamer.id,
    ]);
  });
});

describe('racing check-ins and settings', () => {
  it('sends one e-mail per recipient when Not Ready check-ins of a gamer in two teams of one director race', async () => {
    const people = await accounts({ director: 'DIRECTOR', coach: 'COACH', quiet: 'COACH', gamer: 'GAMER' }, 'race');
    await teamOf(
      people.director,
      [
        [people.gamer, 'GAMER'],
        [people.coach, 'COACH'],
      ],
      'Race one',
    );
    await teamOf(
      people.director,
      [
        [people.gamer, 'GAMER'],
        [people.quiet, 'COACH'],
      ],
      'Race two',
    );
    expect((await ok(people.quiet, SETTINGS, { on: false })).updateNotificationSettings).toEqual({
      id: people.quiet.id,
      readinessAlertEmails: false,
    });

    const results = await Promise.all(Array.from({ length: 4 }, () => call(people.gamer, CHECK_IN, { answers: notReady })));
    // Racing check-ins of one gamer may be told to send again (Conflict); at least one is stored.
    expect(results.some((result) => result.errors === undefined)).toBe(true);
    expect(
      results
        .flatMap((result) => result.errors ?? [])
        .map((error) => error.errorType)
        .filter((type) => type !== 'Conflict'),
    ).toEqual([]);

    expect(await alertMailsTo(people.director)).toHaveLength(1);
    expect(await alertMailsTo(people.coach)).toHaveLength(1);
    expect(await alertMailsTo(people.quiet)).toEqual([]);
    // The in-app alert still reaches the coach who turned e-mails off, once per team.
    expect((await ok(people.quiet, UNREAD)).teamNotifications.map((count: { unread: number }) => count.unread)).toEqual([1]);
    expect((await ok(people.director, UNREAD)).teamNotifications.map((count: { unread: number }) => count.unread)).toEqual([1, 1]);
  });

  it('turns the e-mails back on', async () => {
    const { director } = await accounts({ director: 'DIRECTOR' }, 'toggle');
    await ok(director, SETTINGS, { on: false });
    expect((await ok(director, SETTINGS, { on: true })).updateNotificationSettings.readinessAlertEmails).toBe(true);
    expect((await call(director, SETTINGS, { on: 'yes' })).errors?.[0]).toBeDefined();
  });
});
