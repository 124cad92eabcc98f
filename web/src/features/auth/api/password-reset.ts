/**
 * The password reset (schema.graphql; docs/accounts.md): the code sent by e-mail, its check, then the new password; all
 * signed out (the public token).
 */
import { useMutation } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';

const forgotPasswordMutation = gqlOperation(/* GraphQL */ `
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email)
  }
`);

const forgotPasswordVerifyMutation = gqlOperation(/* GraphQL */ `
  mutation ForgotPasswordVerify($code: String!, $email: String!) {
    forgotPasswordVerify(code: $code, email: $email)
  }
`);

const forgotPasswordFinalMutation = gqlOperation(/* GraphQL */ `
  mutation ForgotPasswordFinal($password: String!, $email: String!, $code: String!) {
    forgotPasswordFinal(password: $password, email: $email, code: $code)
  }
`);

const publicCall = { authMode: 'public' } as const;

const forgotPassword = async (email: string) => (await callApi(forgotPasswordMutation, { email }, publicCall)).forgotPassword;

const forgotPasswordVerify = async (email: string, code: string) =>
  (await callApi(forgotPasswordVerifyMutation, { email, code }, publicCall)).forgotPasswordVerify;

const forgotPasswordFinal = async (email: string, code: string, password: string) =>
  (await callApi(forgotPasswordFinalMutation, { email, code, password }, publicCall)).forgotPasswordFinal;

// Each step is sent whatever the browser thinks of the connection (networkMode always): offline, it fails at once and
// the page says so, rather than waiting with its button busy.

/** Sends a reset code to the address (whether or not an account has it). */
export const useRequestPasswordCode = () => useMutation({ networkMode: 'always', mutationFn: (email: string) => forgotPassword(email) });

/** Checks the code from the e-mail. */
export const useVerifyPasswordCode = () =>
  useMutation({ networkMode: 'always', mutationFn: ({ email, code }: { email: string; code: string }) => forgotPasswordVerify(email, code) });

/** Sets the new password, with the verified code. */
export const useResetPassword = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: ({ email, code, password }: { email: string; code: string; password: string }) => forgotPasswordFinal(email, code, password),
  });
