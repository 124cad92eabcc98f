import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { loadMe, type Me } from '../api/me';
import { afterLoginPath, afterSignUpPath, needsProfileAfterLogin } from '../routing';
import { browserSession } from '../session/browser-session';
import type { AuthGrant } from '../session/session-store';

type SignInKind = { kind: 'login'; redirectTo: string | null } | { kind: 'signup' };

/**
 * Saves a new session and opens the page the spec's "After login" rules pick. A profile that the
 * server cannot find ("User not found. Please sign up") ends the new session and is thrown for the form
 * to show; any other trouble loading it just skips the invite check.
 */
export function useFinishSignIn(): (grant: AuthGrant, after: SignInKind) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (grant, after) => {
      queryClient.clear(); // nothing cached for an earlier user
      const session = browserSession().signIn(grant);
      const needsMe = after.kind === 'signup' || (!after.redirectTo && needsProfileAfterLogin(session.groups));
      let me: Me | null = null;
      if (needsMe) {
        try {
          me = await loadMe(queryClient, session.user.id);
        } catch (error) {
          if (error instanceof ApiError && error.errorType === 'NotFound') {
            browserSession().signOut({ reason: 'refused', message: error.message });
            throw error;
          }
        }
      }
      const target = after.kind === 'signup' ? afterSignUpPath(me) : afterLoginPath({ groups: session.groups, me, redirectTo: after.redirectTo });
      await navigate(target, { replace: true });
    },
    [navigate, queryClient],
  );
}
