import { OWN_DATA, PUBLIC_ONLY } from '@core/policy';
import {
  discordLoginArgsSchema,
  forgotPasswordEmailSchema,
  loginSchema,
  logoutArgsSchema,
  refreshArgsSchema,
  resetCodeArgsSchema,
  resetPasswordArgsSchema,
} from '@core/auth/validation';
import { callerAddressOf } from '../lib/caller-address';
import { field, type FieldDeclarations } from '../lib/fields';
import { countSuccess } from '../lib/observability';
import { productionDeps as deps } from './deps';
import { logInUserWithDiscord } from './discord-login';
import { loginUser } from './login';
import { me } from './me';
import { forgotPassword, forgotPasswordFinal, forgotPasswordVerify } from './password-reset';
import { logoutUser, refreshSession } from './refresh';
import { signUpUser } from './sign-up';

/** Accounts and sessions (docs/accounts.md). Everything but `me` works signed out (@aws_lambda, the public token). */
export const authFields = {
  'Mutation.loginUser': field({
    policy: PUBLIC_ONLY,
    args: loginSchema,
    // Wrong credentials, a locked account and malformed input alike.
    countsRefusalAs: 'SignInRefused',
    resolve: async ({ args }) => loginUser(args, deps),
  }),
  // The form's fields sit in `data`, and an invite code is checked only when one is given: signUpUser parses its arguments.
  'Mutation.signUpUser': field({
    policy: PUBLIC_ONLY,
    resolve: async ({ args }) => countSuccess('SignUp', () => signUpUser(args, deps)),
  }),
  'Mutation.forgotPassword': field({
    policy: PUBLIC_ONLY,
    args: forgotPasswordEmailSchema,
    resolve: async ({ args, event }) => forgotPassword(args, callerAddressOf(event), deps),
  }),
  'Mutation.forgotPasswordVerify': field({
    policy: PUBLIC_ONLY,
    args: resetCodeArgsSchema,
    resolve: async ({ args }) => forgotPasswordVerify(args, deps),
  }),
  'Mutation.forgotPasswordFinal': field({
    policy: PUBLIC_ONLY,
    args: resetPasswordArgsSchema,
    resolve: async ({ args }) => countSuccess('PasswordReset', () => forgotPasswordFinal(args, deps)),
  }),
  'Mutation.refreshToken': field({ policy: PUBLIC_ONLY, args: refreshArgsSchema, resolve: async ({ args }) => refreshSession(args, deps) }),
  'Mutation.logInUserWithDiscord': field({
    policy: PUBLIC_ONLY,
    args: discordLoginArgsSchema,
    // Wrong credentials, a locked account and malformed input alike.
    countsRefusalAs: 'SignInRefused',
    resolve: async ({ args }) => logInUserWithDiscord(args, deps),
  }),
  'Mutation.logoutUser': field({
    // The refresh token is the credential, so an expired session can still be ended.
    policy: { public: true, users: 'all', subject: { kind: 'none' } },
    args: logoutArgsSchema,
    resolve: async ({ args, callerOrNull }) => logoutUser(args, callerOrNull, deps),
  }),
  'Query.me': field({ policy: OWN_DATA, resolve: async ({ caller }) => me(caller, deps) }),
} satisfies FieldDeclarations;
