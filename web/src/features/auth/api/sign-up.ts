/**
 * Creating an account, as a mutation sent whatever the browser thinks of the connection (networkMode always): offline,
 * it fails at once and the form says so, rather than waiting busy.
 */
import { useMutation } from '@tanstack/react-query';
import { signUpUser, type SignUpVariables } from './auth-api';

/** Creates the account; resolves to the new session's grant. */
export const useSignUp = () => useMutation({ networkMode: 'always', mutationFn: (variables: SignUpVariables) => signUpUser(variables) });
