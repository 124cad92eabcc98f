/**
 * The session operations (schema.graphql; docs/accounts.md): sign-in, sign-up, Discord, renewal and sign-out, all signed
 * out (the public token). The password reset is in password-reset.ts, the profile (`me`) in me.ts; the hooks the pages
 * call are in sign-in.ts.
 */
import { callApi, gqlOperation } from '@/lib/api-client';

const loginMutation = gqlOperation(/* GraphQL */ `
  mutation LoginUser($email: String!, $password: String!) {
    loginUser(email: $email, password: $password) {
      accessToken
      idToken
      refreshToken
      expiresIn
      groups
      user {
        id
        email
        fullName
        avatar
        role
      }
    }
  }
`);

export interface SignUpVariables {
  data: { fullName: string; email: string };
  password: string;
  confirmPassword: string;
  /** GAMER unless an invite link says COACH; COACH needs the invite's code. */
  role?: 'GAMER' | 'COACH';
  /** The code of an invite mailed to data.email: it proves the address, so the invite shows after sign-up. */
  inviteCode?: string;
}

const signUpMutation = gqlOperation(/* GraphQL */ `
  mutation SignUpUser($data: SignUpData!, $password: String!, $confirmPassword: String!, $role: Role, $inviteCode: String) {
    signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword, role: $role, inviteCode: $inviteCode) {
      accessToken
      idToken
      refreshToken
      expiresIn
      groups
      user {
        id
        email
        fullName
        avatar
        role
      }
    }
  }
`);

const discordMutation = gqlOperation(/* GraphQL */ `
  mutation LogInUserWithDiscord($code: String!, $redirect_uri: String!) {
    logInUserWithDiscord(code: $code, redirect_uri: $redirect_uri) {
      accessToken
      idToken
      refreshToken
      expiresIn
      groups
      user {
        id
        email
        fullName
        avatar
        role
      }
    }
  }
`);

const refreshMutation = gqlOperation(/* GraphQL */ `
  mutation RefreshToken($refreshToken: String!, $accessToken: String, $expiresIn: Int) {
    refreshToken(refreshToken: $refreshToken, accessToken: $accessToken, expiresIn: $expiresIn) {
      accessToken
      idToken
      refreshToken
      expiresIn
      groups
      user {
        id
        email
        fullName
        avatar
        role
      }
    }
  }
`);

const logoutMutation = gqlOperation(/* GraphQL */ `
  mutation LogoutUser($refreshToken: String!) {
    logoutUser(refreshToken: $refreshToken)
  }
`);

const publicCall = { authMode: 'public' } as const;

export const loginUser = async (email: string, password: string) => (await callApi(loginMutation, { email, password }, publicCall)).loginUser;

export const signUpUser = async (variables: SignUpVariables) => (await callApi(signUpMutation, variables, publicCall)).signUpUser;

export const logInUserWithDiscord = async (code: string, redirectUri: string) =>
  (await callApi(discordMutation, { code, redirect_uri: redirectUri }, publicCall)).logInUserWithDiscord;

export const refreshSessionTokens = async (session: { refreshToken: string; accessToken: string; expiresAt: number }) =>
  (
    await callApi(
      refreshMutation,
      {
        refreshToken: session.refreshToken,
        accessToken: session.accessToken,
        expiresIn: Math.max(0, Math.round((session.expiresAt - Date.now()) / 1000)),
      },
      publicCall,
    )
  ).refreshToken;

/** Revokes the refresh token (sign-out). Public, so an expired session can still be ended. */
export const logoutUser = async (refreshToken: string) => (await callApi(logoutMutation, { refreshToken }, publicCall)).logoutUser;
