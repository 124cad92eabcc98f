/**
 * Live team analytics on the running local stack: a subscriber to onTeamCheckIn(teamId) (the team's director or coach)
 * hears a member's check-in, published by the scoring Lambda's signed publishTeamCheckIn; a subscriber of another team
 * hears nothing, and a gamer of the team (who sees no team statistics) is refused. Accounts and teams are fresh.
 */
import { answersWith } from '@core/test-support/answers';
import { scoreDayOf } from '@core/dates';
import type { RealtimeClient } from '../../scripts/local/gateway/test-kit';
import { startSubscription } from '../support/realtime';
import type { RoleAccount } from '../support/accounts';
import { useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(60_000);

const SUBSCRIBE = 'subscription ($teamId: ID!) { onTeamCheckIn(teamId: $teamId) { teamId userId date at } }';
const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const clients: RealtimeClient[] = [];

/** onTeamCheckIn(teamId) started for this account on the team; the connection is closed after each test. */
async function follow(who: RoleAccount, teamId: string) {
  const followed = await startSubscription(who, SUBSCRIBE, { teamId });
  clients.push(followed.client);
  return followed;
}

beforeAll(() => {
  useStackEnvironment();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.ws.close();
});

it("tells the team's director and coach about a member's check-in, and nobody following another team", async () => {
  const people = await accounts({ director: 'DIRECTOR', coach: 'COACH', gamer: 'GAMER' }, 'livecheckin');
  const teamId = await teamOf(
    people.director,
    [
      [people.gamer, 'GAMER'],
      [people.coach, 'COACH'],
    ],
    'Live team',
  );
  const otherTeamId = await teamOf(people.director, [], 'Quiet team');
  const director = await follow(people.director, teamId);
  const coach = await follow(people.coach, teamId);
  const other = await follow(people.director, otherTeamId);
  expect([director.answer.type, coach.answer.type, other.answer.type]).toEqual(['start_ack', 'start_ack', 'start_ack']);

  await ok(people.gamer, CHECK_IN, { answers: answersWith('best') });

  const expected = { teamId, userId: people.gamer.id, date: scoreDayOf(new Date(), 'UTC') };
  for (const { client } of [director, coach]) {
    const heard = (await client.next((message) => message.type === 'data')).payload.data.onTeamCheckIn;
    expect(heard).toMatchObject(expected);
  }
  expect(other.client.messages.filter((message) => message.type === 'data')).toEqual([]);
});

it('refuses a gamer of the team, who sees no team statistics', async () => {
  const people = await accounts({ director: 'DIRECTOR', gamer: 'GAMER' }, 'livecheckin.refused');
  const teamId = await teamOf(people.director, [[people.gamer, 'GAMER']], 'Live team');
  const { answer } = await follow(people.gamer, teamId);
  expect(answer).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'Unauthorized' }] } });
});
