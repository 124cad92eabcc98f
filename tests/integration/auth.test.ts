/**
 * Accounts and sessions against the running local stack: the auth Lambda behind the gateway, with
 * cognito-local, DynamoDB Local, the mail outbox and the local Discord stand-in. Destructive cases use
 * fresh accounts so the seeded demo accounts stay as other tests expect them.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_ERRORS } from '@core/auth/validation';
import { db } from '../../lambdas/lib/db/client';
import { userItem } from '../../lambdas/lib/stores/user-store';
import { emailClaimItem } from '../../lambdas/lib/stores/account-store';
import { LOGIN_TRY_LIMIT } from '../../lambdas/auth/login-attempts';
import { cognitoClient, DEMO_PASSWORD, graphql, signIn, stackUrls, useStackEnvironment, waitForMail } from '../support/stack';

jest.setTimeout(60_000);

const SESSION = 'accessToken idToken refreshToken expiresIn id groups user { id email fullName role enabled usedDiscord discordId }';
const LOGIN = `mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { ${SESSION} } }`;
const SIGN_UP = `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!, $role: Role) {
  signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword, role: $role) { ${SESSION} } }`;
const REFRESH = `mutation($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { ${SESSION} } }`;
const LOGOUT = 'mutation($refreshToken: String!) { logoutUser(refreshToken: $refreshToken) }';
const ME = `query { me { id email role Invites { id role status inviteeEmail Team { id name } } Team { name } coachedTeams { name } ownedTeams { name } } }`;
const FORGOT = 'mutation($email: String!) { forgotPassword(email: $email) }';
const VERIFY = 'mutation($code: String!, $email: String!) { forgotPasswordVerify(code: $code, email: $email) }';
const FINAL =
  'mutation($password: String!, $email: String!, $code: String!) { forgotPasswordFinal(password: $password, email: $email, code: $code) }';
const DISCORD = `mutation($code: String!, $redirect_uri: String!) { logInUserWithDiscord(code: $code, redirect_uri: $redirect_uri) { ${SESSION} } }`;

const PASSWORD = 'Str0ng!pass';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@fitgauge.test`;
const publicCall = <T = Record<string, any>>(query: string, variables: Record<string, unknown>) =>
  graphql<T>(query, variables, { publicToken: true });
const errorOf = (response: { errors?: { message: string }[] }) => response.errors?.[0]?.message;

async function login(email: string, password: string) {
  return publicCall(LOGIN, { email, password });
}

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  return publicCall(SIGN_UP, { data: { fullName: 'Test Person', email }, password: PASSWORD, confirmPassword: PASSWORD, ...extra });
}

async function freshAccount(label: string) {
  const email = uniqueEmail(label);
  const response = await signUp(email);
  expect(response.errors).toBeUndefined();
  return { email, session: response.data!.signUpUser };
}

async function cognitoUserExists(email: string): Promise<boolean> {
  const client = cognitoClient();
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: stackUrls().userPoolId, Username: email }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  } finally {
    client.destroy();
  }
}

beforeAll(() => useStackEnvironment());

describe('loginUser', () => {
  it('signs a demo account in and returns tokens, groups and the user from DynamoDB', async () => {
    const response = await login('director@fitgauge.test', DEMO_PASSWORD);
    expect(response.errors).toBeUndefined();
    const session = response.data!.loginUser;
    expect(session).toMatchObject({ groups: ['DIRECTOR'], user: { email: 'director@fitgauge.test', role: 'DIRECTOR', enabled: true } });
    expect(session.expiresIn).toBeGreaterThan(60);
    // The access token works for signed-in calls.
    const me = await graphql(ME, {}, { token: session.accessToken });
    expect(me.data!.me.ownedTeams.map((t: { name: string }) => t.name).sort()).toEqual(['Iron Wolves', 'Night Owls']);
  });

  it('answers "Email not found" for an unknown e-mail', async () => {
    expect(errorOf(await login(uniqueEmail('nobody'), PASSWORD))).toBe('Email not found');
  });

  it('counts wrong passwords on the server, locks at the limit even for the right password, and a success resets the count', async () => {
    const { email } = await freshAccount('tries');
    expect(errorOf(await login(email, 'Wrong!pass1'))).toBe(`Wrong password. You still have ${LOGIN_TRY_LIMIT - 1} tries left.`);
    expect(errorOf(await login(email, 'Wrong!pass1'))).toBe(`Wrong password. You still have ${LOGIN_TRY_LIMIT - 2} tries left.`);
    expect((await login(email, PASSWORD)).errors).toBeUndefined();
    expect(errorOf(await login(email, 'Wrong!pass1'))).toBe(`Wrong password. You still have ${LOGIN_TRY_LIMIT - 1} tries left.`);
    for (let left = LOGIN_TRY_LIMIT - 2; left > 0; left--) {
      expect(errorOf(await login(email, 'Wrong!pass1'))).toBe(`Wrong password. You still have ${left} tries left.`);
    }
    expect(errorOf(await login(email, 'Wrong!pass1'))).toBe('Error logging in user. You have reached your try limit.');
    expect(errorOf(await login(email, PASSWORD))).toBe('Error logging in user. You have reached your try limit.');
  });

  it('refuses an account disabled in Cognito (cognito-local alone would let it in) and one disabled in its profile', async () => {
    const cognitoDisabled = await freshAccount('disabled-cognito');
    const client = cognitoClient();
    try {
      await client.send(new AdminDisableUserCommand({ UserPoolId: stackUrls().userPoolId, Username: cognitoDisabled.session.id }));
    } finally {
      client.destroy();
    }
    expect(errorOf(await login(cognitoDisabled.email, PASSWORD))).toBe(AUTH_ERRORS.disabled);

    const profileDisabled = await freshAccount('disabled-profile');
    await db().send(
      new UpdateCommand({
        TableName: stackUrls().tableName,
        Key: userItem.key(profileDisabled.session),
        UpdateExpression: 'SET enabled = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    expect(errorOf(await login(profileDisabled.email, PASSWORD))).toBe('Your account has been disabled. Please contact support.');
    // Its session ends at the next refresh, too.
    expect(errorOf(await publicCall(REFRESH, { refreshToken: profileDisabled.session.refreshToken }))).toBe(AUTH_ERRORS.disabled);
  });

  it('is public, and the signed-in-only me is not', async () => {
    const response = await graphql(ME, {}, { publicToken: true });
    expect(response.errors?.[0]?.errorType).toMatch(/Unauthorized/);
  });

  it("takes only the deployment's own public token: a made-up one of its shape is refused before any resolver", async () => {
    const madeUp = await graphql(
      LOGIN,
      { email: 'director@fitgauge.test', password: DEMO_PASSWORD },
      { publicToken: `fitgauge-public-${randomUUID()}` },
    );
    expect(madeUp.status).toBe(401);
    expect(madeUp.errors?.[0]?.errorType).toBe('UnauthorizedException');
    expect(madeUp.data?.loginUser).toBeUndefined();
  });
});

describe('signUpUser', () => {
  it('creates a GAMER in Cognito and DynamoDB, returns a session, and the account signs in', async () => {
    const email = uniqueEmail('signup');
    const response = await signUp(email.toUpperCase().replace('@FITGAUGE.TEST', '@fitgauge.test'));
    expect(response.errors).toBeUndefined();
    const session = response.data!.signUpUser;
    expect(session).toMatchObject({ groups: ['GAMER'], user: { email, role: 'GAMER', fullName: 'Test Person', usedDiscord: false } });
    const me = await graphql(ME, {}, { token: session.accessToken });
    expect(me.data!.me).toMatchObject({ id: session.id, email, role: 'GAMER', Invites: [], Team: [] });
    expect((await login(email, PASSWORD)).errors).toBeUndefined();
  });

  it('answers the spec texts for an existing e-mail and differing passwords, and checks password rules on the server', async () => {
    expect(errorOf(await signUp('gamer1@fitgauge.test'))).toBe('User with that email already exists. Please login.');
    const email = uniqueEmail('mismatch');
    expect(errorOf(await signUp(email, { confirmPassword: 'Other!pass1' }))).toBe("Passwords don't match");
    expect(errorOf(await signUp(email, { password: 'weakpass', confirmPassword: 'weakpass' }))).toBe('Password must contain an uppercase letter.');
    expect(errorOf(await signUp(email, { role: 'ADMIN' }))).toBe("You can't sign up with that role.");
    expect(await cognitoUserExists(email)).toBe(false);
  });

  it('leaves no half-made account when the e-mail is claimed in DynamoDB meanwhile (a concurrent sign-up)', async () => {
    const email = uniqueEmail('race');
    // Another sign-up won the e-mail claim between our checks and our transaction.
    await db().send(
      new PutCommand({
        TableName: stackUrls().tableName,
        Item: { ...emailClaimItem.key({ email }), type: emailClaimItem.type, userId: 'someone-else' },
      }),
    );
    expect(errorOf(await signUp(email))).toBe(AUTH_ERRORS.emailExists);
    expect(await cognitoUserExists(email)).toBe(false); // the Cognito user made first was deleted again
    expect(errorOf(await login(email, PASSWORD))).toBe('Email not found');
  });
});

describe('password reset', () => {
  it('mails a code to the outbox, verifies it, sets the new password, spends the code and clears failed sign-ins', async () => {
    const { email } = await freshAccount('reset');
    await login(email, 'Wrong!pass1');
    const since = new Date();
    expect((await publicCall(FORGOT, { email })).data).toEqual({ forgotPassword: true });
    const mail = await waitForMail(email, since);
    expect(mail.subject).toBe('Your FitGauge password reset code');
    const code = /\b(\d{6})\b/.exec(mail.text)![1];

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(errorOf(await publicCall(VERIFY, { code: wrong, email }))).toBe('Invalid or expired code.');
    expect((await publicCall(VERIFY, { code, email })).data).toEqual({ forgotPasswordVerify: true });
    expect((await publicCall(FINAL, { password: 'N3w!password', email, code })).data).toEqual({ forgotPasswordFinal: true });

    expect(errorOf(await login(email, PASSWORD))).toBe(`Wrong password. You still have ${LOGIN_TRY_LIMIT - 1} tries left.`);
    expect((await login(email, 'N3w!password')).errors).toBeUndefined();
    expect(errorOf(await publicCall(FINAL, { password: 'An0ther!pass', email, code }))).toBe('Invalid or expired code.');
  });

  it('answers true for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    expect((await publicCall(FORGOT, { email })).data).toEqual({ forgotPassword: true });
    await expect(waitForMail(email, new Date(0), 500)).rejects.toThrow('No mail');
    expect(errorOf(await publicCall(FORGOT, { email: '' }))).toBe('Please enter an email address');
  });
});

describe('refreshToken and logoutUser', () => {
  it('refreshes a session until sign-out revokes it; garbage fails cleanly', async () => {
    const { session } = await freshAccount('refresh');
    const refreshed = await publicCall(REFRESH, { refreshToken: session.refreshToken });
    expect(refreshed.errors).toBeUndefined();
    expect(refreshed.data!.refreshToken).toMatchObject({ id: session.id, groups: ['GAMER'], refreshToken: session.refreshToken });
    expect((await graphql(ME, {}, { token: refreshed.data!.refreshToken.accessToken })).data!.me.id).toBe(session.id);

    expect((await graphql(LOGOUT, { refreshToken: session.refreshToken }, { token: session.accessToken })).data).toEqual({ logoutUser: true });
    expect(errorOf(await publicCall(REFRESH, { refreshToken: session.refreshToken }))).toBe('Your session has expired. Please sign in again.');
    expect(errorOf(await publicCall(REFRESH, { refreshToken: 'not-a-token' }))).toBe(AUTH_ERRORS.sessionExpired);
  });
});

describe('me', () => {
  it('shows newcoach the pending Iron Wolves coach invite with its team', async () => {
    const { accessToken } = (await login('newcoach@fitgauge.test', DEMO_PASSWORD)).data!.loginUser;
    const { data, errors } = await graphql(ME, {}, { token: accessToken });
    expect(errors).toBeUndefined();
    expect(data!.me).toMatchObject({ email: 'newcoach@fitgauge.test', role: 'COACH', coachedTeams: [], Team: [] });
    expect(data!.me.Invites).toEqual([
      expect.objectContaining({
        role: 'COACH',
        status: 'PENDING',
        inviteeEmail: 'newcoach@fitgauge.test',
        Team: expect.objectContaining({ name: 'Iron Wolves' }),
      }),
    ]);
  });

  it("lists a coach's and a gamer's teams", async () => {
    const coach = (await login('coach@fitgauge.test', DEMO_PASSWORD)).data!.loginUser;
    expect((await graphql(ME, {}, { token: coach.accessToken })).data!.me.coachedTeams).toEqual([{ name: 'Night Owls' }]);
    const gamer = (await login('gamer6@fitgauge.test', DEMO_PASSWORD)).data!.loginUser;
    expect((await graphql(ME, {}, { token: gamer.accessToken })).data!.me.Team).toEqual([{ name: 'Iron Wolves' }]);
  });

  it('answers "User not found. Please sign up" for a Cognito user without a profile', async () => {
    const email = uniqueEmail('no-profile');
    const client = cognitoClient();
    try {
      await client.send(new AdminCreateUserCommand({ UserPoolId: stackUrls().userPoolId, Username: email, MessageAction: 'SUPPRESS' }));
      await client.send(
        new AdminSetUserPasswordCommand({ UserPoolId: stackUrls().userPoolId, Username: email, Password: PASSWORD, Permanent: true }),
      );
    } finally {
      client.destroy();
    }
    const { accessToken } = await signIn(email, PASSWORD);
    expect(errorOf(await graphql(ME, {}, { token: accessToken }))).toBe('User not found. Please sign up');
  });
});

describe('logInUserWithDiscord through the local stand-in', () => {
  const redirectUri = () => `${stackUrls().baseUrl}/auth/login`;

  /** What the browser does: open the authorize page, pick an identity, follow the redirect back to the app. */
  async function discordCode(identityLabel: string): Promise<string> {
    const config = (await (await fetch(`${stackUrls().baseUrl}/config.json`)).json()) as { discordAuthorizeUrl: string; discordClientId: string };
    const authorize = `${config.discordAuthorizeUrl}?${new URLSearchParams({
      client_id: config.discordClientId,
      redirect_uri: redirectUri(),
      response_type: 'code',
      scope: 'identify email',
      state: 'st',
    })}`;
    const page = await (await fetch(authorize)).text();
    const link = new RegExp(`href="([^"]+)"[^>]*>\\s*<strong>${identityLabel}</strong>`).exec(page)?.[1];
    if (!link) throw new Error(`The authorize page has no identity ${identityLabel}`);
    const back = await fetch(new URL(link.replace(/&#38;/g, '&'), authorize), { redirect: 'manual' });
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri());
    expect(location.searchParams.get('state')).toBe('st');
    return location.searchParams.get('code')!;
  }

  it('makes a GAMER account on first sign-in and signs the same account in again; password sign-in is refused for it', async () => {
    const first = await publicCall(DISCORD, { code: await discordCode('Discord Demo Gamer'), redirect_uri: redirectUri() });
    expect(first.errors).toBeUndefined();
    const session = first.data!.logInUserWithDiscord;
    expect(session).toMatchObject({
      groups: ['GAMER'],
      user: { email: 'discord.gamer@fitgauge.test', fullName: 'Discord Demo Gamer', usedDiscord: true, discordId: '100000000000000001' },
    });
    expect((await graphql(ME, {}, { token: session.accessToken })).data!.me.id).toBe(session.id);

    const again = await publicCall(DISCORD, { code: await discordCode('Discord Demo Gamer'), redirect_uri: redirectUri() });
    expect(again.data!.logInUserWithDiscord.id).toBe(session.id);
    expect(errorOf(await login('discord.gamer@fitgauge.test', 'Anything1!'))).toBe(
      "You've signed up using Discord. Please use Discord to log back in.",
    );
  });

  it('refuses a Discord identity whose e-mail is a password account, an unverified e-mail and a spent code', async () => {
    expect(errorOf(await publicCall(DISCORD, { code: await discordCode('Ben on Discord'), redirect_uri: redirectUri() }))).toBe(
      'Error logging in user. No discord ID found. Please sign up using Discord.',
    );
    expect((await login('gamer2@fitgauge.test', DEMO_PASSWORD)).errors).toBeUndefined();
    expect(errorOf(await publicCall(DISCORD, { code: await discordCode('Unverified Player'), redirect_uri: redirectUri() }))).toBe(
      AUTH_ERRORS.discordEmailUnverified,
    );
    const code = await discordCode('Discord Demo Gamer');
    await publicCall(DISCORD, { code, redirect_uri: redirectUri() });
    expect(errorOf(await publicCall(DISCORD, { code, redirect_uri: redirectUri() }))).toBe(AUTH_ERRORS.discordFailed);
  });
});
