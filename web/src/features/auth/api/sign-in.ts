/**
 * The sign-in pages' mutations over the session operations (auth-api.ts). Each is sent whatever the browser thinks of
 * the connection (networkMode always): offline, it fails at once and the form says so, rather than waiting busy.
 */
import { useMutation } from '@tanstack/react-query';
import { logInUserWithDiscord, loginUser, signUpUser, type SignUpVariables } from './auth-api';

/** Signs in with e-mail and password; resolves to the new session's grant. */
export const useLogin = () =>
  useMutation({ networkMode: 'always', mutationFn: ({ email, password }: { email: string; password: string }) => loginUser(email, password) });

/** Creates the account; resolves to the new session's grant. */
export const useSignUp = () => useMutation({ networkMode: 'always', mutationFn: (variables: SignUpVariables) => signUpUser(variables) });

/** Trades the code Discord sent back for a session; resolves to its grant. */
export const useDiscordLogin = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: ({ code, redirectUri }: { code: string; redirectUri: string }) => logInUserWithDiscord(code, redirectUri),
  });
