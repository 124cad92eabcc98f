import { primaryRole, roleLabel } from '@core/roles';
import { Outlet } from 'react-router-dom';
import { AppFrame } from '@/components/layouts/app-frame';
import { navItemsFor } from '../../navigation';
import { useViewer } from '../../viewer';

/** Layout of the signed-in area (/home/*): the navigation frame around the page. */
export function HomeRoot() {
  const viewer = useViewer();
  const profile = viewer
    ? { fullName: viewer.fullName, roleLabel: roleLabel(primaryRole(viewer.groups)), avatarUrl: viewer.avatarUrl }
    : null;
  return (
    <AppFrame profile={profile} navItems={viewer ? navItemsFor(viewer) : []}>
      <Outlet />
    </AppFrame>
  );
}
