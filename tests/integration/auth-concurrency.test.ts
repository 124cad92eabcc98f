/**
 * The account limits under real parallel requests against the local stack (issue 7 items 2, 3, 4, 9, 10):
 * sign-in tries, reset-code guesses, forgotPassword mail and timing, and sign-out. Every case uses fresh
 * accounts and its own caller address (a loopback source address of its own: a sent x-forwarded-for cannot choose
 * it), so it shares no allowance with other tests.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_ERRORS } from '@core/auth/validation';
import { db } from '../../lambdas/lib/db/client';
import { loginAttemptsItem } from '../../lambdas/auth/login-attempt-store';
import { SIGNED_OUT_MESSAGE } from '../../lambdas/lib/signed-out';
import { LOGIN_REFUSAL_MIN_MS, LOGIN_TRY_LIMIT } from '../../lambdas/auth/login-attempts';
import { FORGOT_PASSWORD_MIN_MS, RESET_MAILS_PER_EMAIL, RESET_REQUESTS_PER_CALLER } from '../../lambdas/auth/password-reset';
import { RESET_CODE_MAX_ATTEMPTS } from '../../lambdas/auth/reset-code';
import { graphqlFrom, newLoopbackAddress } from '../support/caller-address';
import { graphql, readOutbox, stackUrls, useStackEnvironment, waitForMail, type GraphQLResponse } from '../support/stack';
import { apiLimits } from '../../lambdas/api-limits';

jest.setTimeout(120_000);

const LOGIN = 'mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { id accessToken } }';
const SIGN_UP = `mutation($data: SignUpData!, $password: String!, $confirmPassword: String!) {
  signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword) { id accessToken idToken refreshToken } }`;
const FORGOT = 'mutation($email: String!) { forgotPassword(email: $email) }';
const VERIFY = 'mutation($code: String!, $email: String!) { forgotPasswordVerify(code: $code, email: $email) }';
const FINAL =
  'mutation($password: String!, $email: String!, $code: String!) { forgotPasswordFinal(password: $password, email: $email, code: $code) }';
const LOGOUT = 'mutation($refreshToken: String!) { logoutUser(refreshToken: $refreshToken) }';
const REFRESH = 'mutation($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { accessToken } }';
const ME = 'query { me { id } }';

const PASSWORD = 'Str0ng!pass';
const WRONG = 'Wrong!pass1';
const NEW_PASSWORD = 'N3w!password';

interface Session {
  id: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** A caller address of its own: the connection comes from another loopback address (tests/support/caller-address.ts). */
const newCallerAddress = newLoopbackAddress;
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@fitgauge.test`;
const errorOf = (response: GraphQLResponse<unknown>) => response.errors?.[0]?.message;
const countOf = (messages: (string | undefined)[], message: string) => messages.filter((m) => m === message).length;
const times = <T>(count: number, make: (index: number) => T) => Array.from({ length: count }, (_, index) => make(index));
const wrongCode = (code: string, offset: number) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/** A public-token call from `callerAddress`. */
const publicCall = <T = Record<string, any>>(query: string, variables: Record<string, unknown>, callerAddress: string) =>
  graphqlFrom<T>(callerAddress, query, variables);

async function freshAccount(label: string): Promise<{ email: string; session: Session }> {
  const email = uniqueEmail(label);
  const response = await publicCall(
    SIGN_UP,
    { data: { fullName: 'Test Person', email }, password: PASSWORD, confirmPassword: PASSWORD },
    newCallerAddress(),
  );
  expect(response.errors).toBeUndefined();
  return { email, session: response.data!.signUpUser };
}

async function storedTries(userId: string): Promise<{ failures: number; expiresAt: number } | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: stackUrls().tableName, Key: loginAttemptsItem.key({ userId }), ConsistentRead: true }),
  );
  return Item as { failures: number; expiresAt: number } | undefined;
}

async function mailedCode(email: string, since: Date): Promise<string> {
  const mail = await waitForMail(email, since);
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

beforeAll(() => useStackEnvironment());

describe('sign-in tries under concurrency', () => {
  it(`checks only ${LOGIN_TRY_LIMIT} of 100 parallel wrong passwords against Cognito, then refuses even the right one`, async () => {
    const { email, session } = await freshAccount('burst');
    const from = newCallerAddress();
    const answers = (await Promise.all(times(100, () => publicCall(LOGIN, { email, password: WRONG }, from)))).map(errorOf);

    // Each password Cognito checked answers with the tries left (the last one with the try limit); the rest
    // were refused before Cognito with the try limit.
    for (let left = LOGIN_TRY_LIMIT - 1; left > 0; left--) {
      expect(countOf(answers, `Wrong password. You still have ${left} tries left.`)).toBe(1);
    }
    expect(countOf(answers, AUTH_ERRORS.tryLimit)).toBe(100 - (LOGIN_TRY_LIMIT - 1));
    expect((await storedTries(session.id))?.failures).toBe(LOGIN_TRY_LIMIT);

    expect(errorOf(await publicCall(LOGIN, { email, password: PASSWORD }, from))).toBe(AUTH_ERRORS.tryLimit);
  });

  it('never signs in the right password among 99 wrong ones once the limit is reached, nor counts past the limit', async () => {
    const { email, session } = await freshAccount('burst-right');
    const from = newCallerAddress();
    const passwords = [...times(99, () => WRONG), PASSWORD];
    const responses = await Promise.all(passwords.map((password) => publicCall(LOGIN, { email, password }, from)));

    // The right password signs in only while a try is left (it then clears the count); otherwise it is
    // refused as locked. Either way it is never taken for a wrong one.
    const right = responses.at(-1)!;
    expect([undefined, AUTH_ERRORS.tryLimit]).toContain(errorOf(right));
    expect(responses.filter((response) => response.data?.loginUser).length).toBeLessThanOrEqual(1);
    // No count left is a count of 0: the right password cleared it after the last wrong one.
    expect((await storedTries(session.id))?.failures ?? 0).toBeLessThanOrEqual(LOGIN_TRY_LIMIT);
  });

  it('does not extend a lock with tries made while locked', async () => {
    const { email, session } = await freshAccount('lock-kept');
    const from = newCallerAddress();
    await Promise.all(times(LOGIN_TRY_LIMIT, () => publicCall(LOGIN, { email, password: WRONG }, from)));
    const locked = (await storedTries(session.id))!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await Promise.all(times(20, () => publicCall(LOGIN, { email, password: WRONG }, from)));
    expect(await storedTries(session.id)).toEqual(expect.objectContaining({ failures: LOGIN_TRY_LIMIT, expiresAt: locked.expiresAt }));
  });

  it('lets the owner lift a lock from 20 parallel wrong passwords with a reset code, which also proves the mailbox', async () => {
    const { email, session } = await freshAccount('lock-lifted');
    const from = newCallerAddress();
    await Promise.all(times(20, () => publicCall(LOGIN, { email, password: WRONG }, from)));
    expect(errorOf(await publicCall(LOGIN, { email, password: PASSWORD }, from))).toBe(AUTH_ERRORS.tryLimit);
    const me = 'query { me { emailVerified } }';
    expect((await graphql(me, {}, { token: session.accessToken })).data).toEqual({ me: { emailVerified: false } });

    const since = new Date();
    expect((await publicCall(FORGOT, { email }, newCallerAddress())).data).toEqual({ forgotPassword: true });
    const code = await mailedCode(email, since);
    const reset = await publicCall(FINAL, { email, code, password: NEW_PASSWORD }, from);
    expect(reset.errors).toBeUndefined();
    expect(reset.data).toEqual({ forgotPasswordFinal: true });

    const signedIn = await publicCall(LOGIN, { email, password: NEW_PASSWORD }, from);
    expect(signedIn.errors).toBeUndefined();
    expect(await storedTries(session.id)).toBeUndefined();
    expect((await graphql(me, {}, { token: signedIn.data!.loginUser.accessToken })).data).toEqual({ me: { emailVerified: true } });
  });

  it('answers an unknown e-mail no sooner than a wrong password', async () => {
    const { email } = await freshAccount('login-timing');
    const timed = async (address: string, password: string) => {
      const started = performance.now();
      await publicCall(LOGIN, { email: address, password }, newCallerAddress());
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await timed(email, WRONG));
      unknown.push(await timed(uniqueEmail('nobody'), WRONG));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    expect(Math.min(...wrong, ...unknown)).toBeGreaterThanOrEqual(LOGIN_REFUSAL_MIN_MS);
    expect(Math.abs(median(wrong) - median(unknown))).toBeLessThan(LOGIN_REFUSAL_MIN_MS / 4);
  });
});

describe('reset-code guesses under concurrency', () => {
  it(`checks only ${RESET_CODE_MAX_ATTEMPTS} of 300 parallel guesses, and then the right code cannot change the password`, async () => {
    const { email } = await freshAccount('reset-burst');
    const from = newCallerAddress();
    const since = new Date();
    expect((await publicCall(FORGOT, { email }, from)).data).toEqual({ forgotPassword: true });
    const code = await mailedCode(email, since);

    const wrongGuesses = (
      await Promise.all(times(300, (i) => publicCall(FINAL, { password: NEW_PASSWORD, email, code: wrongCode(code, i + 1) }, from)))
    ).map(errorOf);
    expect(countOf(wrongGuesses, AUTH_ERRORS.invalidCode)).toBe(RESET_CODE_MAX_ATTEMPTS);
    expect(countOf(wrongGuesses, AUTH_ERRORS.codeAttemptsUsed)).toBe(300 - RESET_CODE_MAX_ATTEMPTS);

    const guesses = [...times(299, (i) => wrongCode(code, i + 1)), code];
    const withRightCode = await Promise.all(guesses.map((guess) => publicCall(FINAL, { password: NEW_PASSWORD, email, code: guess }, from)));
    expect(countOf(withRightCode.map(errorOf), AUTH_ERRORS.codeAttemptsUsed)).toBe(300);

    expect((await publicCall(LOGIN, { email, password: PASSWORD }, from)).errors).toBeUndefined();
    expect(errorOf(await publicCall(LOGIN, { email, password: NEW_PASSWORD }, from))).toMatch(/^Wrong password/);
  });
});

describe('forgotPassword limits and timing', () => {
  it(`mails one address at most ${RESET_MAILS_PER_EMAIL.limit} codes from aliased and parallel calls, and the last mailed code works`, async () => {
    const { email } = await freshAccount('reset-flood');
    const since = new Date();
    // As many aliases as one request may carry (apiLimits.resolverCount), plus parallel requests.
    const aliased = `mutation($email: String!) { ${times(apiLimits.resolverCount, (i) => `a${i}: forgotPassword(email: $email)`).join(' ')} }`;
    // Each request from its own address: the limit per address holds whatever the callers.
    const responses = await Promise.all([
      publicCall(aliased, { email }, newCallerAddress()),
      ...times(50, () => publicCall(FORGOT, { email }, newCallerAddress())),
    ]);
    expect(responses.every((response) => response.errors === undefined)).toBe(true);

    const mails = (await readOutbox(email)).filter((mail) => new Date(mail.sentAt) >= since);
    expect(mails).toHaveLength(RESET_MAILS_PER_EMAIL.limit);
    // Refused requests left the pending code alone: one of the mailed codes is live. Which one depends on the order the
    // parallel requests wrote their codes in, which the mails' times do not tell, so each is tried (two wrong guesses
    // stay within the code's attempts).
    const mailedCodes = mails.map((mail) => /\b(\d{6})\b/.exec(mail.text)![1]);
    const verified = [];
    for (const code of mailedCodes)
      verified.push((await publicCall(VERIFY, { email, code }, newCallerAddress())).data?.forgotPasswordVerify === true);
    expect(verified.filter(Boolean)).toHaveLength(1);
  });

  it(`takes ${RESET_REQUESTS_PER_CALLER.limit} requests from one caller address per window, whatever the e-mails`, async () => {
    const { email } = await freshAccount('reset-caller');
    const from = newCallerAddress();
    await Promise.all(times(RESET_REQUESTS_PER_CALLER.limit, () => publicCall(FORGOT, { email: uniqueEmail('nobody') }, from)));

    const since = new Date();
    expect((await publicCall(FORGOT, { email }, from)).data).toEqual({ forgotPassword: true });
    // A sent x-forwarded-for does not make the same connection another caller.
    const forged = await graphqlFrom(from, FORGOT, { email }, { headers: { 'x-forwarded-for': '198.51.100.77, 198.51.100.78' } });
    expect(forged.data).toEqual({ forgotPassword: true });
    await expect(waitForMail(email, since, 1000)).rejects.toThrow('No mail');
    expect((await publicCall(FORGOT, { email }, newCallerAddress())).data).toEqual({ forgotPassword: true });
    await expect(waitForMail(email, since)).resolves.toMatchObject({ subject: 'Your FitGauge password reset code' });
  });

  it('takes as long for an unknown e-mail as for an account', async () => {
    const { email } = await freshAccount('reset-timing');
    const timed = async (address: string) => {
      const started = performance.now();
      await publicCall(FORGOT, { email: address }, newCallerAddress());
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timed(email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(FORGOT_PASSWORD_MIN_MS / 2);
  });
});

describe('sign-out', () => {
  /** Tokens carry whole seconds: wait until the sign-in's second has passed, as any real session has. */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('refuses the access and id tokens of a session after logoutUser, and its refresh token; a new sign-in works', async () => {
    const { email, session } = await freshAccount('sign-out');
    await nextSecond();
    expect((await graphql(ME, {}, { token: session.accessToken })).data).toEqual({ me: { id: session.id } });

    expect((await graphql(LOGOUT, { refreshToken: session.refreshToken }, { token: session.accessToken })).data).toEqual({ logoutUser: true });
    for (const token of [session.accessToken, session.idToken]) {
      const refused = await graphql(ME, {}, { token });
      expect(refused).toMatchObject({ status: 401, errors: [{ errorType: 'UnauthorizedException', message: SIGNED_OUT_MESSAGE }] });
    }
    expect(errorOf(await publicCall(REFRESH, { refreshToken: session.refreshToken }, newCallerAddress()))).toBe(AUTH_ERRORS.sessionExpired);

    const again = (await publicCall(LOGIN, { email, password: PASSWORD }, newCallerAddress())).data!.loginUser;
    expect((await graphql(ME, {}, { token: again.accessToken })).data).toEqual({ me: { id: session.id } });
  });

  it('ends the tokens too when the sign-out comes with the public token only (an expired session)', async () => {
    const { session } = await freshAccount('sign-out-public');
    await nextSecond();
    expect((await publicCall(LOGOUT, { refreshToken: session.refreshToken }, newCallerAddress())).data).toEqual({ logoutUser: true });
    expect(await graphql(ME, {}, { token: session.accessToken })).toMatchObject({ status: 401, errors: [{ message: SIGNED_OUT_MESSAGE }] });
  });
});

describe('sign-up under concurrency', () => {
  it('makes one account of 20 parallel sign-ups with one e-mail and tells the others the e-mail is taken', async () => {
    const email = uniqueEmail('race');
    const passwords = times(20, (index) => `Str0ng!pass${index}`);
    const results = await Promise.all(
      passwords.map((password) =>
        publicCall(SIGN_UP, { data: { fullName: 'Racer', email }, password, confirmPassword: password }, newCallerAddress()),
      ),
    );
    const made = results.flatMap((result, index) => (result.data?.signUpUser ? [{ index, id: result.data.signUpUser.id as string }] : []));
    expect(made).toHaveLength(1);
    expect(results.filter((result) => !result.data?.signUpUser).map((result) => result.errors?.[0])).toEqual(
      Array(19).fill(expect.objectContaining({ errorType: 'Conflict', message: AUTH_ERRORS.emailExists })),
    );
    // The one account is whole: it signs in with the winner's password, and a loser's password is wrong.
    const signIn = (password: string) => publicCall(LOGIN, { email, password }, newCallerAddress());
    expect((await signIn(passwords[made[0]!.index]!)).data?.loginUser?.id).toBe(made[0]!.id);
    expect((await signIn(passwords[(made[0]!.index + 1) % passwords.length]!)).errors?.[0]?.message).toBe(
      AUTH_ERRORS.wrongPassword(LOGIN_TRY_LIMIT - 1),
    );
  });
});
