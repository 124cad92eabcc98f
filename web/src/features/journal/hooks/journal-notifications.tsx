import { useCallback, type ReactNode } from 'react';
import { TeamNotificationsProvider } from '@/lib/team-notifications';
import { useViewer } from '@/lib/viewer';
import { useTeamNotifications } from '../api/notifications';

/**
 * The signed-in user's unread journal notifications per team (`teamNotifications`), given to the sidebar's Journal
 * marker and the portals' red dots; read again whenever someone else comments in a team the user follows.
 */
export function JournalNotifications({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const unread = useTeamNotifications(viewer).data;
  const count = useCallback((teamId: string) => unread?.find((entry) => entry.teamId === teamId)?.unread ?? 0, [unread]);
  return <TeamNotificationsProvider value={count}>{children}</TeamNotificationsProvider>;
}
