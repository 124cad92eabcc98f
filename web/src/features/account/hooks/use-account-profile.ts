import { useQuery } from '@tanstack/react-query';
import { getAccountProfile } from '../api/account-api';

export const ACCOUNT_PROFILE_KEY = ['account', 'profile'] as const;

/** The signed-in user's own settings, shared by the account page's tabs. */
export const useAccountProfile = () => useQuery({ queryKey: ACCOUNT_PROFILE_KEY, queryFn: getAccountProfile });
