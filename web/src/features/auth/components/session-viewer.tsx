import { useMemo, type ReactNode } from 'react';
import { ViewerProvider, type Viewer } from '@/lib/viewer';
import { useMe } from '../api/me';
import { useSession } from '../hooks/use-session';

/**
 * Tells the frame who is signed in: name, avatar and groups from the session at once, then the profile
 * (`me`) once loaded, with the user's teams and the team chosen on the server.
 */
export function SessionViewerProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const me = useMe().data;
  const viewer = useMemo<Viewer | null>(() => {
    if (!session) return null;
    return {
      userId: session.user.id,
      fullName: me?.fullName ?? session.user.fullName ?? session.user.email,
      avatarUrl: me?.avatar ?? session.user.avatar,
      groups: session.groups,
      teams: me ? { owned: me.ownedTeams ?? [], coached: me.coachedTeams ?? [], member: me.Team ?? [] } : null,
      selectedTeamId: me?.selectedTeamId ?? null,
      selectedTeamRestoring: !me,
      emailVerified: me ? me.emailVerified === true : null,
      // The team feature's selection replaces these inside the frame (restored choice, journal notifications).
      hasTeamNotifications: false,
    };
  }, [session, me]);
  return <ViewerProvider value={viewer}>{children}</ViewerProvider>;
}
