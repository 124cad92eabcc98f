import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { logoutUser } from '../api/auth-api';
import { browserSession } from '../session/browser-session';

/** How long sign-out waits for the server to revoke the refresh token before ending the session anyway. */
const REVOKE_WAIT_MS = 5_000;

/**
 * Sign Out: revokes the refresh token on the server, clears the stored session, forgets the selected team
 * and everything else cached for the user, and opens the sign-in page.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    const store = browserSession();
    const refreshToken = store.getSnapshot()?.refreshToken;
    setSigningOut(true);
    if (refreshToken) {
      const revoked = logoutUser(refreshToken).catch(() => false); // signed out here even if the server is unreachable
      await Promise.race([revoked, new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS))]);
    }
    store.signOut();
    // The selected team lives in the cached server state: dropping the cache forgets it and all else of this user.
    queryClient.clear();
    setSigningOut(false);
    void navigate(paths.auth.login, { replace: true });
  }, [navigate, queryClient]);

  return { signOut, signingOut };
}
