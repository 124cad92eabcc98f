import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  CognitoIdentityProviderClient,
  InvalidPasswordException,
  NotAuthorizedException,
  RevokeTokenCommand,
  UsernameExistsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { cognitoIdentityProvider as idp, UserExistsError } from './identity-provider';

const cognito = mockClient(CognitoIdentityProviderClient);
const meta = { $metadata: {} };

beforeAll(() => {
  process.env.USER_POOL_ID = 'us-east-1_Test';
  process.env.USER_POOL_CLIENT_ID = 'client';
});
beforeEach(() => cognito.reset());

describe('Cognito adapter', () => {
  it("treats AWS's NotAuthorizedException and cognito-local's InvalidPasswordException as a wrong password", async () => {
    cognito
      .on(AdminInitiateAuthCommand)
      .rejectsOnce(new NotAuthorizedException({ message: 'Incorrect username or password.', ...meta }))
      .rejectsOnce(new InvalidPasswordException({ message: 'Invalid password', ...meta }));
    await expect(idp.signIn('u1', 'x')).resolves.toBeNull();
    await expect(idp.signIn('u1', 'x')).resolves.toBeNull();
  });

  it('signs in with the sub as username through ADMIN_USER_PASSWORD_AUTH', async () => {
    cognito.on(AdminInitiateAuthCommand).resolves({ AuthenticationResult: { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r' } });
    await expect(idp.signIn('u1', 'pw')).resolves.toEqual({ accessToken: 'a', idToken: 'i', refreshToken: 'r' });
    expect(cognito.commandCalls(AdminInitiateAuthCommand)[0].args[0].input).toMatchObject({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      ClientId: 'client',
      AuthParameters: { USERNAME: 'u1', PASSWORD: 'pw' },
    });
  });

  it('reports an existing e-mail and reads the new sub', async () => {
    cognito
      .on(AdminCreateUserCommand)
      .rejectsOnce(new UsernameExistsException({ message: 'User already exists', ...meta }))
      .resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-1' }] } });
    await expect(idp.createUser('a@b.co', 'A', false)).rejects.toBeInstanceOf(UserExistsError);
    await expect(idp.createUser('a@b.co', 'A', false)).resolves.toBe('sub-1');
    expect(cognito.commandCalls(AdminCreateUserCommand)[1].args[0].input).toMatchObject({ MessageAction: 'SUPPRESS' });
  });

  it('counts a missing user as not enabled and a revoked refresh token as no session', async () => {
    cognito.on(AdminGetUserCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', ...meta }));
    await expect(idp.isEnabled('gone')).resolves.toBe(false);
    cognito.on(AdminInitiateAuthCommand).rejects(new NotAuthorizedException({ message: 'Invalid Refresh Token', ...meta }));
    await expect(idp.refresh('r')).resolves.toBeNull();
    cognito.on(RevokeTokenCommand).rejects(new NotAuthorizedException({ message: 'unknown', ...meta }));
    await expect(idp.revoke('r')).resolves.toBeUndefined();
  });
});
