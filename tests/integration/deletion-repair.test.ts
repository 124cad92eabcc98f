/**
 * An account deletion that stopped half-way is finished by the repair job (docs/data-model.md "Windows between
 * transactions"): the deletion is cut off right after its first steps (the marker and the Cognito user), as a crash
 * there would leave it, so its user can no longer sign in to retry; the hourly job then finds it and removes the rest.
 */
import { beginDeletion, finishStoppedDeletions, STOPPED_DELETION_AGE_MS } from '../../lambdas/lib/account-deletion';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { accountWithRole, logInAccount } from '../support/accounts';
import { graphql, useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(60_000);

beforeAll(() => useStackEnvironment());

const MEMBERS = 'query($teamId: ID!) { teamMemberScores(teamId: $teamId) { userId } }';

it('finishes a deletion stopped after its Cognito step, and leaves one still running alone', async () => {
  const people = await accounts({ director: 'DIRECTOR', coach: 'COACH' }, 'repair');
  const gamer = await accountWithRole('GAMER', 'repair-gamer', 'Repair Gamer');
  const teamId = await teamOf(
    people.director,
    [
      [gamer, 'GAMER'],
      [people.coach, 'COACH'],
    ],
    'Repair Team',
  );
  const started = new Date();

  await beginDeletion(gamer.id, started);
  // Cut off here: no sign-in to retry from, the profile and the membership still stored.
  await expect(logInAccount(gamer.email)).rejects.toThrow();
  expect(await dynamoUserStore.get(gamer.id)).not.toBeNull();
  const before = (await ok(people.coach, MEMBERS, { teamId })) as { teamMemberScores: { userId: string }[] };
  expect(before.teamMemberScores.map((member) => member.userId)).toContain(gamer.id);

  // A deletion this young may still be running: the job leaves it.
  await expect(finishStoppedDeletions(new Date(started.getTime() + 60_000))).resolves.not.toContain(gamer.id);
  expect(await dynamoUserStore.get(gamer.id)).not.toBeNull();

  await expect(finishStoppedDeletions(new Date(started.getTime() + STOPPED_DELETION_AGE_MS + 60_000))).resolves.toContain(gamer.id);
  expect(await dynamoUserStore.get(gamer.id)).toBeNull();
  const members = (await ok(people.coach, MEMBERS, { teamId })) as { teamMemberScores: { userId: string }[] };
  expect(members.teamMemberScores.map((member) => member.userId)).not.toContain(gamer.id);
  // Its address is free again, and the job has nothing left to do for it.
  const signUp = await graphql(
    'mutation($data: SignUpData!, $password: String!, $confirmPassword: String!) { signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword) { user { id } } }',
    { data: { fullName: 'Repair Again', email: gamer.email }, password: 'Passw0rd!', confirmPassword: 'Passw0rd!' },
    { publicToken: true },
  );
  expect(signUp.errors).toBeUndefined();
  await expect(finishStoppedDeletions(new Date(started.getTime() + STOPPED_DELETION_AGE_MS + 120_000))).resolves.not.toContain(gamer.id);
});
