/**
 * Type-level auth directives as AppSync applies them: the fields `me` fills (User.Invites, User.Team, coachedTeams,
 * ownedTeams) are for signed-in users, as their types are. Selected through a sign-in result with the public token they are
 * refused, even though sign-in leaves them null; `me` with a Cognito token reads them; IAM may not read a User at all.
 */
import { graphql, signIn, useStackEnvironment } from '../support/stack';

beforeAll(() => {
  useStackEnvironment();
});

const SIGNED_IN_ONLY = ['Invites', 'Team', 'coachedTeams', 'ownedTeams'] as const;

describe('fields of User that only signed-in users may select', () => {
  it.each(SIGNED_IN_ONLY)('refuses User.%s to the public token through loginUser, and signs in without it', async (field) => {
    const refused = await graphql(
      `mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { user { id ${field} { id } } } }`,
      { email: 'director@fitgauge.test', password: 'Passw0rd!' },
      { publicToken: true },
    );
    expect(refused.errors).toEqual([
      expect.objectContaining({
        errorType: 'Unauthorized',
        message: `Not Authorized to access ${field} on type User`,
        path: ['loginUser', 'user', field],
      }),
    ]);

    const allowed = await graphql<{ loginUser: { user: { id: string } } }>(
      `
        mutation ($email: String!, $password: String!) {
          loginUser(email: $email, password: $password) {
            user {
              id
              email
            }
          }
        }
      `,
      { email: 'director@fitgauge.test', password: 'Passw0rd!' },
      { publicToken: true },
    );
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data?.loginUser.user.id).toEqual(expect.any(String));
  });

  it('lets a signed-in user read all four through me', async () => {
    const { accessToken } = await signIn('director@fitgauge.test');
    const response = await graphql<{ me: Record<string, unknown> }>(
      `{ me { id ${SIGNED_IN_ONLY.map((field) => `${field} { id }`).join(' ')} } }`,
      {},
      { token: accessToken },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.me).toEqual(
      expect.objectContaining({ ownedTeams: expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]) }),
    );
  });

  it('refuses IAM callers a User at all', async () => {
    const response = await graphql(
      `
        {
          me {
            id
            Invites {
              id
            }
          }
        }
      `,
      {},
      { iam: { accessKeyId: 'local', secretAccessKey: 'local' } },
    );
    expect(response.errors).toEqual([expect.objectContaining({ errorType: 'Unauthorized', message: 'Not Authorized to access me on type Query' })]);
  });
});
