import { primaryRole, roleLabel } from '@core/roles';
import { Outlet } from 'react-router-dom';
import { AppFrame } from '@/components/layouts/app-frame';
import { RequireSession } from '@/features/auth/components/require-session';
import { SessionViewerProvider } from '@/features/auth/components/session-viewer';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useViewer } from '@/lib/viewer';
import { navItemsFor } from '../../navigation';

/** Layout of the signed-in area (/home/*): only with a session; the navigation frame around the page. */
export function HomeRoot() {
  return (
    <RequireSession>
      <SessionViewerProvider>
        <HomeFrame />
      </SessionViewerProvider>
    </RequireSession>
  );
}

function HomeFrame() {
  const viewer = useViewer();
  const profile = viewer
    ? { fullName: viewer.fullName, roleLabel: roleLabel(primaryRole(viewer.groups)), avatarUrl: viewer.avatarUrl }
    : null;
  return (
    <AppFrame profile={profile} navItems={viewer ? navItemsFor(viewer) : []} footer={<SignOutButton />}>
      <Outlet />
    </AppFrame>
  );
}
