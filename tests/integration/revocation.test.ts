/**
 * Revocation on the running local stack (docs/accounts.md, Sessions): a sign-out or a disable refuses every token
 * issued before it, also one issued in the same second, while a sign-in right after it works at once. Sign-ins race
 * sign-outs and disables in loops, with no pause that would let a second pass.
 */
import { SIGNED_OUT_MESSAGE } from '../../lambdas/lib/signed-out';
import { accountWithRole, freshEmail, logInAccount, signUpAccount } from '../support/accounts';
import { graphql, useStackEnvironment } from '../support/stack';

jest.setTimeout(180_000);

const ME = 'query { me { id } }';
const LOGOUT = 'mutation($refreshToken: String!) { logoutUser(refreshToken: $refreshToken) }';
const REFRESH = 'mutation($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { accessToken } }';
const USER = 'id enabled';
const DISABLE = `mutation($email: String!) { disableUser(email: $email) { ${USER} } }`;
const ENABLE = `mutation($email: String!) { enableUser(email: $email) { ${USER} } }`;
const ROUNDS = 8;

/** The token's answer to `me`: its user's id when it works, else the error's message. */
async function meWith(token: string): Promise<string | undefined> {
  const response = await graphql<{ me: { id: string } }>(ME, {}, { token });
  return response.data?.me?.id ?? response.errors?.[0]?.message;
}

beforeAll(() => useStackEnvironment());

describe('a sign-out', () => {
  it('refuses a session signed in just before it (the same second), and a sign-in just after it works', async () => {
    const email = freshEmail('revoke');
    const { user } = await signUpAccount(email);
    const stillWorking: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await logInAccount(email);
      expect((await graphql(LOGOUT, { refreshToken: before.refreshToken }, { publicToken: true })).data).toEqual({ logoutUser: true });
      for (const token of [before.accessToken, before.idToken]) if ((await meWith(token)) !== SIGNED_OUT_MESSAGE) stillWorking.push(round);
      const after = await logInAccount(email);
      expect(await meWith(after.accessToken)).toBe(user.id);
    }
    expect(stillWorking).toEqual([]);
  });

  it('leaves a sign-in that raced it either working or renewable, never a revoked session that renews into nothing', async () => {
    const email = freshEmail('race-out');
    const { user } = await signUpAccount(email);
    for (let round = 0; round < ROUNDS; round++) {
      const before = await logInAccount(email);
      const [, racing] = await Promise.all([graphql(LOGOUT, { refreshToken: before.refreshToken }, { publicToken: true }), logInAccount(email)]);
      expect(await meWith(before.accessToken)).toBe(SIGNED_OUT_MESSAGE);
      const answer = await meWith(racing.accessToken);
      const renewed = (await graphql(REFRESH, { refreshToken: racing.refreshToken }, { publicToken: true })).data?.refreshToken;
      expect([answer, await meWith(renewed.accessToken)]).toEqual([expect.stringMatching(new RegExp(`^(${user.id}|.*jwt expired.*)$`)), user.id]);
    }
  });
});

describe('a disable', () => {
  it('refuses sessions signed in before it or racing it, and a sign-in after the enable works at once', async () => {
    const admin = await accountWithRole('ADMIN', 'revoke.admin');
    const email = freshEmail('disabled');
    const { user } = await signUpAccount(email);
    const admitted: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await logInAccount(email);
      const [disabled, racing] = await Promise.all([graphql(DISABLE, { email }, { token: admin.token }), logInAccount(email).catch(() => null)]);
      expect(disabled.errors).toBeUndefined();
      for (const session of [before, racing]) {
        if (!session) continue; // the racing sign-in was refused outright
        const answer = await meWith(session.accessToken);
        if (answer !== SIGNED_OUT_MESSAGE) admitted.push(`round ${round}: ${answer}`);
      }
      expect((await graphql(ENABLE, { email }, { token: admin.token })).errors).toBeUndefined();
      expect(await meWith((await logInAccount(email)).accessToken)).toBe(user.id);
    }
    expect(admitted).toEqual([]);
  });
});
