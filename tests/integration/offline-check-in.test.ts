/**
 * A check-in queued on a device and sent again (docs/scoring.md, "Sending a check-in again"), against the running local
 * stack: the same key sent twice in parallel is one check-in in DynamoDB Local (one version of the day, the team day
 * counting it once), and a check-in for a day that has closed is refused with its message and writes nothing.
 * Accounts and teams are fresh.
 */
import { randomUUID } from 'node:crypto';
import { scoreDayOf, shiftDay } from '@core/dates';
import { answersWith, inSlugOrder } from '@core/test-support/answers';
import { dynamoScoreStore } from '../../lambdas/lib/stores/score-store';
import { useStackEnvironment } from '../support/stack';
import { accounts, call, ok, refusal, teamOf } from '../support/team-fixtures';
import { clearOfScoreDayEdge } from '../support/score-day-edge';

jest.setTimeout(60_000);

const SEND = `mutation($answers: [AnswerInput!]!, $checkInId: ID, $forDate: AWSDate) {
  submitAnswers(answers: $answers, checkInId: $checkInId, forDate: $forDate) { date checkedIn dailyScore answers { questionSlug value } } }`;

beforeAll(() => {
  useStackEnvironment();
});

it('writes the same queued check-in sent twice in parallel once: one day version, the team day counted once', async () => {
  await clearOfScoreDayEdge();
  const people = await accounts({ director: 'DIRECTOR', gamer: 'GAMER' }, 'offline.twice');
  const teamId = await teamOf(people.director, [[people.gamer, 'GAMER']], 'Queue team');
  const today = scoreDayOf(new Date(), 'UTC');
  // A first check-in online, then the queued correction arrives twice at once (two tabs flushing one queue).
  await ok(people.gamer, SEND, { answers: answersWith('worst') });
  const queued = { answers: answersWith('best'), checkInId: randomUUID(), forDate: today };
  const [one, other] = await Promise.all([call(people.gamer, SEND, queued), call(people.gamer, SEND, queued)]);

  expect([one.errors, other.errors]).toEqual([undefined, undefined]);
  // The repeat reads the stored day, whose answers come in question-slug order.
  expect(inSlugOrder(other.data!.submitAnswers)).toEqual(inSlugOrder(one.data!.submitAnswers));
  expect(one.data!.submitAnswers).toMatchObject({ date: today, checkedIn: true, dailyScore: 100 });
  const [stored] = await dynamoScoreStore.latestDays(people.gamer.id, 2);
  expect(stored).toMatchObject({ date: today, version: 2, checkInIds: [queued.checkInId], dailyScore: 100 });
  const [teamDay] = await dynamoScoreStore.teamDays(teamId, { startDate: today, endDate: today });
  expect(teamDay.totals.daily).toEqual({ sum: 100, count: 1 });
});

it('refuses a check-in queued for a score day that has closed, with its message, and writes nothing', async () => {
  await clearOfScoreDayEdge();
  const { gamer } = await accounts({ gamer: 'GAMER' }, 'offline.closed');
  const today = scoreDayOf(new Date(), 'UTC');
  const yesterday = shiftDay(today, -1);
  const named = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

  await expect(refusal(gamer, SEND, { answers: answersWith('best'), checkInId: randomUUID(), forDate: yesterday })).resolves.toEqual({
    errorType: 'Conflict',
    message: `This check-in was for ${named(yesterday)}, which has closed; answers now count for ${named(today)}.`,
  });
  await expect(dynamoScoreStore.latestDays(gamer.id, 1)).resolves.toEqual([]);
});
