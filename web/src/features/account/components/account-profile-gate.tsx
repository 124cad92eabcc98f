import type { ReactNode } from 'react';
import { LoadError } from '@/components/errors/load-error';
import { Loader } from '@/components/ui/loader';
import { type AccountProfile, useAccountProfile } from '../api/profile';

/** A tab's content once the profile is loaded; a loader before, the error with a retry when it failed. */
export function AccountProfileGate({ children }: { children: (profile: AccountProfile) => ReactNode }) {
  const profile = useAccountProfile();
  if (profile.isPending) return <Loader size="large" />;
  if (profile.error || !profile.data) {
    return (
      <LoadError
        heading="Your account could not be loaded"
        error={profile.error ?? new Error('User not found.')}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <>{children(profile.data)}</>;
}
