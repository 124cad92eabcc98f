/**
 * What a token refresh costs Cognito (issue 33: a refresh makes at most one Cognito call). The real adapter
 * (./identity-provider.ts) talks to a mocked Cognito client, which counts every request the refresh sends; the
 * profile and the sign-out time are plain stand-ins (the stores are tested on DynamoDB Local elsewhere).
 */
import {
  AdminInitiateAuthCommand,
  CognitoIdentityProviderClient,
  NotAuthorizedException,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { AUTH_ERRORS } from '@core/auth/validation';
import type { Role } from '@core/roles';
import type { UserRecord } from '../lib/stores/user-store';
import { type AuthDeps, productionDeps } from './deps';
import { refreshSession } from './refresh';

const cognito = mockClient(CognitoIdentityProviderClient);
const NOW = new Date('2026-11-02T07:00:00Z');
const seconds = Math.floor(NOW.getTime() / 1000);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

const profile = (overrides: Partial<UserRecord> = {}): UserRecord => ({
  id: 'user-1',
  email: 'gamer@fitgauge.test',
  fullName: 'Gamer One',
  username: null,
  avatar: null,
  role: 'GAMER',
  enabled: true,
  selectedTeamId: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  ...overrides,
});

/** Cognito answering REFRESH_TOKEN_AUTH with tokens of `user-1` in `groups`, issued now. */
function cognitoRefreshes(groups: Role[]) {
  const claims = { sub: 'user-1', iat: seconds, exp: seconds + 6 * 3600, 'cognito:groups': groups };
  cognito
    .on(AdminInitiateAuthCommand)
    .resolves({ AuthenticationResult: { AccessToken: jwt(claims), IdToken: jwt({ ...claims, email: 'gamer@fitgauge.test' }) } });
}

function depsWith(user: UserRecord | null): AuthDeps {
  return {
    ...productionDeps,
    users: { ...productionDeps.users, get: async (userId) => (userId === user?.id ? user : null) },
    signOuts: { signedOutAt: async () => null, signOut: async () => undefined },
    now: () => NOW,
    sleep: async () => undefined,
  };
}

/** The Cognito operations the refresh sent, in order. */
const cognitoCalls = () => cognito.calls().map((call) => (call.args[0] as object).constructor.name.replace(/Command$/, ''));

beforeAll(() => {
  process.env.USER_POOL_ID = 'us-east-1_Test';
  process.env.USER_POOL_CLIENT_ID = 'client';
});
beforeEach(() => cognito.reset());

describe('refreshSession', () => {
  it("makes one Cognito call for an enabled account: the refresh itself, with the groups from Cognito's new token", async () => {
    cognitoRefreshes(['COACH']);
    const session = await refreshSession({ refreshToken: 'refresh-1' }, depsWith(profile({ role: 'COACH' })));
    expect(cognitoCalls()).toEqual(['AdminInitiateAuth']);
    expect(cognito.commandCalls(AdminInitiateAuthCommand)[0]!.args[0].input).toMatchObject({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
    expect(session).toMatchObject({ id: 'user-1', groups: ['COACH'], refreshToken: 'refresh-1', expiresIn: 6 * 3600, user: { enabled: true } });
  });

  it('refuses an account whose profile is disabled and revokes the refresh token: the refresh and RevokeToken, no AdminGetUser', async () => {
    cognitoRefreshes(['GAMER']);
    cognito.on(RevokeTokenCommand).resolves({});
    await expect(refreshSession({ refreshToken: 'refresh-1' }, depsWith(profile({ enabled: false })))).rejects.toThrow(AUTH_ERRORS.disabled);
    expect(cognitoCalls()).toEqual(['AdminInitiateAuth', 'RevokeToken']);
    expect(cognito.commandCalls(RevokeTokenCommand)[0]!.args[0].input).toMatchObject({ Token: 'refresh-1' });
  });

  it('answers an expired session after the one call when Cognito refuses the token (revoked, expired, or its user disabled)', async () => {
    cognito.on(AdminInitiateAuthCommand).rejects(new NotAuthorizedException({ message: 'User is disabled.', $metadata: {} }));
    await expect(refreshSession({ refreshToken: 'refresh-1' }, depsWith(profile()))).rejects.toThrow(AUTH_ERRORS.sessionExpired);
    expect(cognitoCalls()).toEqual(['AdminInitiateAuth']);
  });

  it('answers "User not found" for tokens of an account without a profile, after the one call', async () => {
    cognitoRefreshes(['GAMER']);
    await expect(refreshSession({ refreshToken: 'refresh-1' }, depsWith(null))).rejects.toThrow(AUTH_ERRORS.userNotFound);
    expect(cognitoCalls()).toEqual(['AdminInitiateAuth']);
  });
});
