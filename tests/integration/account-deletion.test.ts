/**
 * Deleting an account's data (lambdas/lib/account-deletion.ts) on the running local stack: nothing keyed by the user
 * stays (his partition, his memberships, invites to his e-mail, comments on his answers, his avatars, his e-mail claim,
 * his Cognito user), the seats he took are free again, and his team's day aggregate equals what his remaining teammates'
 * days add up to. A second run (a resumed deletion) changes nothing more. Accounts and teams are fresh.
 */
import { answersWith } from '@core/test-support/answers';
import { scoreDayOf } from '@core/dates';
import { aggregateTeamDay } from '@core/scoring';
import { deleteUserData } from '../../lambdas/lib/account-deletion';
import { emailClaimItem } from '../../lambdas/lib/stores/account-store';
import { inviteItem } from '../../lambdas/lib/stores/invite-store';
import { partitionQuery, query } from '../../lambdas/lib/db/table';
import { dynamoScoreStore } from '../../lambdas/lib/stores/score-store';
import { dynamoTeamStore } from '../../lambdas/lib/stores/team-store';
import { dynamoUserStore, userItem } from '../../lambdas/lib/stores/user-store';
import { s3UploadsBucket } from '../../lambdas/lib/uploads';
import { avatarKeyPrefix } from '@core/avatars';
import { freshEmail, signUpAccount, type RoleAccount } from '../support/accounts';
import { signIn, useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';
import { putAvatarObject, TINY_PNG } from '../support/uploads';

jest.setTimeout(120_000);

const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const COMMENT = `mutation($teamId: ID!, $userId: ID!, $date: AWSDate!) {
  createComment(teamId: $teamId, userId: $userId, date: $date, pillarSlug: "sleep", questionSlug: "sleep-hours", content: "Sleep more") { id } }`;
const INVITE = `mutation($email: AWSEmail!, $teamId: ID!) { sendInvite(inviteeName: "Leaving", inviteeEmail: $email, role: GAMER, teamId: $teamId) { id } }`;
const date = scoreDayOf(new Date(), 'UTC');

const partition = async (pk: string) => (await query({ ...partitionQuery('table', pk), ConsistentRead: true })).items;
const onIndex = async (index: 'gsi1', pk: string) => (await query(partitionQuery(index, pk))).items;
const inviteeIndex = (email: string) => inviteItem.indexes.gsi1({ inviteeEmail: email, status: '', createdAt: '' }).gsi1pk;

let people: Record<'director' | 'rival' | 'leaving' | 'teammate', RoleAccount>;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  useStackEnvironment();
  people = await accounts({ director: 'DIRECTOR', rival: 'DIRECTOR', leaving: 'GAMER', teammate: 'GAMER' }, 'erase');
  teamId = await teamOf(
    people.director,
    [
      [people.leaving, 'GAMER'],
      [people.teammate, 'GAMER'],
    ],
    'Erase team',
  );
  otherTeamId = await teamOf(people.rival, [], 'Invite team');
  await ok(people.leaving, CHECK_IN, { answers: answersWith('worst') });
  await ok(people.teammate, CHECK_IN, { answers: answersWith('best') });
  await ok(people.director, COMMENT, { teamId, userId: people.leaving.id, date });
  await ok(people.rival, INVITE, { email: people.leaving.email, teamId: otherTeamId });
  // His e-mail is proven (as after joining with a mailed code): the invites to it are his, and go with him.
  await dynamoUserStore.markEmailVerified(people.leaving.id, new Date().toISOString());
  await putAvatarObject(people.leaving.id, undefined, TINY_PNG);
});

describe('deleteUserData', () => {
  it('leaves no item keyed by the user and keeps the team aggregate equal to the remaining members', async () => {
    expect(await partition(`USER#${people.leaving.id}`)).not.toEqual([]);
    expect((await dynamoTeamStore.seats(teamId))?.gamers).toBe(2);

    await deleteUserData(people.leaving.id);

    expect(await partition(`USER#${people.leaving.id}`)).toEqual([]);
    expect(await onIndex('gsi1', `USER#${people.leaving.id}`)).toEqual([]);
    expect(await onIndex('gsi1', userItem.indexes.gsi1(people.leaving).gsi1pk)).toEqual([]);
    expect(await onIndex('gsi1', inviteeIndex(people.leaving.email))).toEqual([]);
    expect(await partition(emailClaimItem.key(people.leaving).pk)).toEqual([]);
    for (const team of [teamId, otherTeamId]) {
      const mentioning = (await partition(`TEAM#${team}`)).filter(
        (item) => JSON.stringify(item).includes(people.leaving.id) || JSON.stringify(item).includes(people.leaving.email),
      );
      expect(mentioning).toEqual([]);
    }
    expect(await s3UploadsBucket.deleteUnder(avatarKeyPrefix(people.leaving.id))).toBe(0);
    await expect(signIn(people.leaving.email)).rejects.toThrow();

    expect((await dynamoTeamStore.seats(teamId))?.gamers).toBe(1);
    const [teammateDay] = await dynamoScoreStore.latestDays(people.teammate.id, 1);
    const [aggregate] = await dynamoScoreStore.teamDays(teamId, { startDate: date, endDate: date });
    expect(aggregate).toEqual(aggregateTeamDay(date, [teammateDay!]));
  });

  it("an account whose e-mail is unproven leaves the invites to that address alone: they may be someone else's", async () => {
    const squatter = await signUpAccount(freshEmail('erase.squatter'));
    await ok(people.rival, INVITE, { email: squatter.user.email, teamId: otherTeamId });
    expect(await onIndex('gsi1', inviteeIndex(squatter.user.email))).toHaveLength(1);
    await deleteUserData(squatter.user.id);
    expect(await onIndex('gsi1', inviteeIndex(squatter.user.email))).toMatchObject([{ status: 'PENDING' }]);
    expect(await partition(`USER#${squatter.user.id}`)).toEqual([]);
  });

  it('changes nothing more when run again (a resumed deletion), and the e-mail can sign up again', async () => {
    await deleteUserData(people.leaving.id);
    const [teammateDay] = await dynamoScoreStore.latestDays(people.teammate.id, 1);
    expect((await dynamoScoreStore.teamDays(teamId, { startDate: date, endDate: date }))[0]).toEqual(aggregateTeamDay(date, [teammateDay!]));
    expect((await dynamoTeamStore.seats(teamId))?.gamers).toBe(1);
    const again = await signUpAccount(people.leaving.email);
    expect(again.user.id).not.toBe(people.leaving.id);
  });
});
