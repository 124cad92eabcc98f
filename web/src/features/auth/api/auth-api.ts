/**
 * The account operations (schema.graphql; docs/accounts.md). Everything but `me` works signed out
 * (the public token); `me` carries the session's tokens.
 */
import { callApi, gqlOperation } from '@/lib/api-client';
import type { TeamSummary } from '@/lib/viewer';
import type { AuthGrant, SessionUser } from '../session/session-store';

const AUTH_RESULT = /* GraphQL */ `
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
`;

const loginMutation = gqlOperation<{ loginUser: AuthGrant }, { email: string; password: string }>(/* GraphQL */ `
  mutation LoginUser($email: String!, $password: String!) {
    loginUser(email: $email, password: $password) { ${AUTH_RESULT} }
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

const signUpMutation = gqlOperation<{ signUpUser: AuthGrant }, SignUpVariables>(/* GraphQL */ `
  mutation SignUpUser($data: SignUpData!, $password: String!, $confirmPassword: String!, $role: Role, $inviteCode: String) {
    signUpUser(data: $data, password: $password, confirmPassword: $confirmPassword, role: $role, inviteCode: $inviteCode) { ${AUTH_RESULT} }
  }
`);

const discordMutation = gqlOperation<{ logInUserWithDiscord: AuthGrant }, { code: string; redirect_uri: string }>(/* GraphQL */ `
  mutation LogInUserWithDiscord($code: String!, $redirect_uri: String!) {
    logInUserWithDiscord(code: $code, redirect_uri: $redirect_uri) { ${AUTH_RESULT} }
  }
`);

const refreshMutation = gqlOperation<{ refreshToken: AuthGrant }, { refreshToken: string; accessToken: string; expiresIn: number }>(/* GraphQL */ `
  mutation RefreshToken($refreshToken: String!, $accessToken: String, $expiresIn: Int) {
    refreshToken(refreshToken: $refreshToken, accessToken: $accessToken, expiresIn: $expiresIn) { ${AUTH_RESULT} }
  }
`);

const logoutMutation = gqlOperation<{ logoutUser: boolean }, { refreshToken: string }>(/* GraphQL */ `
  mutation LogoutUser($refreshToken: String!) {
    logoutUser(refreshToken: $refreshToken)
  }
`);

const forgotPasswordMutation = gqlOperation<{ forgotPassword: boolean }, { email: string }>(/* GraphQL */ `
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email)
  }
`);

const forgotPasswordVerifyMutation = gqlOperation<{ forgotPasswordVerify: boolean }, { email: string; code: string }>(/* GraphQL */ `
  mutation ForgotPasswordVerify($code: String!, $email: String!) {
    forgotPasswordVerify(code: $code, email: $email)
  }
`);

const forgotPasswordFinalMutation = gqlOperation<{ forgotPasswordFinal: boolean }, { email: string; code: string; password: string }>(/* GraphQL */ `
  mutation ForgotPasswordFinal($password: String!, $email: String!, $code: String!) {
    forgotPasswordFinal(password: $password, email: $email, code: $code)
  }
`);

/** The signed-in user's profile as the frame and the after-login routing use it. */
export interface Me extends SessionUser {
  selectedTeamId: string | null;
  /** The account proved its e-mail (docs/teams.md): only then are invites matched by e-mail. */
  emailVerified: boolean | null;
  Invites: { id: string; teamId: string; role: string; status: string; Team: { id: string; name: string } | null }[] | null;
  /** Teams played in as a gamer. */
  Team: TeamSummary[] | null;
  coachedTeams: TeamSummary[] | null;
  ownedTeams: TeamSummary[] | null;
}

const TEAM_SUMMARY = /* GraphQL */ `
  id
  name
  avatar
  createdAt
`;

const meQuery = gqlOperation<{ me: Me | null }>(/* GraphQL */ `
  query Me {
    me {
      id
      email
      fullName
      avatar
      role
      selectedTeamId
      emailVerified
      Invites {
        id
        teamId
        role
        status
        Team {
          id
          name
        }
      }
      Team { ${TEAM_SUMMARY} }
      coachedTeams { ${TEAM_SUMMARY} }
      ownedTeams { ${TEAM_SUMMARY} }
    }
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

export const forgotPassword = async (email: string) => (await callApi(forgotPasswordMutation, { email }, publicCall)).forgotPassword;

export const forgotPasswordVerify = async (email: string, code: string) =>
  (await callApi(forgotPasswordVerifyMutation, { email, code }, publicCall)).forgotPasswordVerify;

export const forgotPasswordFinal = async (email: string, code: string, password: string) =>
  (await callApi(forgotPasswordFinalMutation, { email, code, password }, publicCall)).forgotPasswordFinal;

export const fetchMe = async () => (await callApi(meQuery)).me;
