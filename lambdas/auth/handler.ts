import { callerOf, requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { countRefusal, countSuccess } from '../lib/observability';
import { callerAddressOf } from '../lib/caller-address';
import { productionDeps as deps } from './deps';
import { logInUserWithDiscord } from './discord-login';
import { loginUser } from './login';
import { me } from './me';
import { forgotPassword, forgotPasswordFinal, forgotPasswordVerify } from './password-reset';
import { logoutUser, refreshSession } from './refresh';
import { signUpUser } from './sign-up';

/** Accounts and sessions (docs/accounts.md). Everything but `me` works signed out (@aws_lambda, the public token). */
export const handler = createAuthorizedHandler({
  'Mutation.loginUser': async (event) => countRefusal('SignInRefused', () => loginUser(event.arguments, deps)),
  'Mutation.signUpUser': async (event) => countSuccess('SignUp', () => signUpUser(event.arguments, deps)),
  'Mutation.forgotPassword': async (event) => forgotPassword(event.arguments, callerAddressOf(event), deps),
  'Mutation.forgotPasswordVerify': async (event) => forgotPasswordVerify(event.arguments, deps),
  'Mutation.forgotPasswordFinal': async (event) => countSuccess('PasswordReset', () => forgotPasswordFinal(event.arguments, deps)),
  'Mutation.refreshToken': async (event) => refreshSession(event.arguments, deps),
  'Mutation.logInUserWithDiscord': async (event) => countRefusal('SignInRefused', () => logInUserWithDiscord(event.arguments, deps)),
  'Mutation.logoutUser': async (event) => logoutUser(event.arguments, callerOf(event), deps),
  'Query.me': async (event) => me(requireCaller(event), deps),
});
