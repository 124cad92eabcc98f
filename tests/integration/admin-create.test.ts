/**
 * `npm run admin:create` (scripts/admin-create.ts) against the running local stack (cognito-local and DynamoDB Local, as
 * the stack's Lambdas reach them): a new administrator signs in with the printed password and may use the admin API; a
 * second run changes nothing; an existing account is promoted.
 */
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createAdministrator } from '../../scripts/admin-create';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { freshEmail, signUpAccount } from '../support/accounts';
import { cognitoClient, graphql, signIn, stackUrls, useStackEnvironment } from '../support/stack';

jest.setTimeout(120_000);

beforeAll(() => useStackEnvironment());

async function groupsOf(userId: string): Promise<string[]> {
  const cognito = cognitoClient();
  try {
    const { Groups = [] } = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: stackUrls().userPoolId, Username: userId }));
    return Groups.map((group) => group.GroupName!);
  } finally {
    cognito.destroy();
  }
}

it('creates an administrator who signs in with the printed password and may use the admin API; a second run changes nothing', async () => {
  const email = freshEmail('first.admin');
  const created = await createAdministrator(email, 'First Admin', 'SUPERADMIN');
  expect(created).toMatchObject({ outcome: 'created', password: expect.any(String) });
  expect(await groupsOf(created.userId)).toEqual(['SUPERADMIN']);
  expect(await dynamoUserStore.get(created.userId)).toMatchObject({ email, fullName: 'First Admin', role: 'SUPERADMIN', enabled: true });

  const { accessToken } = await signIn(email, created.password);
  const answer = await graphql(
    'query($where: UsersWhereInput) { aggregateUser(where: $where) { count } }',
    { where: { search: 'First Admin' } },
    { token: accessToken },
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data?.aggregateUser.count).toBeGreaterThanOrEqual(1);

  expect(await createAdministrator(email, 'First Admin', 'SUPERADMIN')).toEqual({ userId: created.userId, outcome: 'already' });
});

it('promotes an existing account: its groups and its profile role', async () => {
  const email = freshEmail('promoted.admin');
  const { user } = await signUpAccount(email, 'Promoted Admin');
  expect(await createAdministrator(email, 'ignored', 'ADMIN')).toEqual({ userId: user.id, outcome: 'promoted' });
  expect(await groupsOf(user.id)).toEqual(['ADMIN']);
  expect(await dynamoUserStore.get(user.id)).toMatchObject({ role: 'ADMIN', fullName: 'Promoted Admin' });
});
