import { useMutation } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';

const deleteAccountMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteAccount($email: String!) {
    deleteAccount(email: $email)
  }
`);

/**
 * Deletes the signed-in user's account, confirmed by its e-mail; the server's refusal is the error. Like a plain call,
 * it fails at once without a connection (networkMode 'always') rather than waiting for one.
 */
export const useDeleteAccount = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: async (email: string): Promise<boolean> => (await callApi(deleteAccountMutation, { email })).deleteAccount,
  });
