import { PageLoader } from '@/components/ui/page-loader';
import { UsersPage } from '@/features/admin-users/components/users-page';
import { useViewer } from '@/lib/viewer';

/** /home/users/* (admins): the list, a user's side panel and the action routes; the viewer's role says whom he may manage. */
export function UsersRoute() {
  const viewer = useViewer();
  if (!viewer) return <PageLoader label="Loading users…" />;
  return <UsersPage groups={viewer.groups} />;
}
