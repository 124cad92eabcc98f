import { isDirector, primaryRole, roleLabel } from '@core/roles';
import { Outlet } from 'react-router-dom';
import { AppFrame } from '@/components/layouts/app-frame';
import { Icon } from '@/components/ui/icon';
import { RequireSession } from '@/features/auth/components/require-session';
import { SessionViewerProvider } from '@/features/auth/components/session-viewer';
import { DashboardPaymentPrompt } from '@/features/billing/components/dashboard-payment-prompt';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useQueuedCheckInSender } from '@/features/check-in/api/use-check-in-sender';
import { mayCheckIn } from '@/features/check-in/lib/may-check-in';
import { useSession } from '@/features/auth/hooks/use-session';
import { JournalNotifications } from '@/features/journal/hooks/journal-notifications';
import { TeamDashboards } from '@/features/team-portals/components/team-dashboards';
import { TeamSelectionScope } from '@/features/team-portals/components/team-selection-scope';
import { openCustomerPortal } from '@/lib/customer-portal';
import { useTeamSelection } from '@/lib/team-selection';
import { useViewer } from '@/lib/viewer';
import { navItemsFor } from '../../navigation';
import { TeamPageTitle } from '../../page-title';

/** Layout of the signed-in area (/home/*): only with a session; the navigation frame around the page. */
export function HomeRoot() {
  return (
    <RequireSession>
      <SessionViewerProvider>
        <JournalNotifications>
          <TeamSelectionScope>
            <HomeFrame />
          </TeamSelectionScope>
        </JournalNotifications>
      </SessionViewerProvider>
    </RequireSession>
  );
}

function HomeFrame() {
  const viewer = useViewer();
  const { clearSelectedTeam } = useTeamSelection();
  // Check-ins left on the device (made offline) go out once the frame is up, and whenever the connection returns.
  useQueuedCheckInSender(viewer && mayCheckIn(viewer.groups) ? viewer.userId : null);
  const profile = viewer ? { fullName: viewer.fullName, roleLabel: roleLabel(primaryRole(viewer.groups)), avatarUrl: viewer.avatarUrl } : null;
  const footer = (
    <>
      {viewer && isDirector(viewer.groups) ? <BillingButton /> : null}
      <SignOutButton beforeSignOut={clearSelectedTeam} />
    </>
  );
  return (
    <AppFrame profile={profile} navItems={viewer ? navItemsFor(viewer) : []} navExtra={<TeamDashboards />} footer={footer}>
      <TeamPageTitle />
      <Outlet />
      {viewer && isDirector(viewer.groups) ? <DashboardPaymentPrompt userId={viewer.userId} /> : null}
    </AppFrame>
  );
}

/** Billing (directors): the payment provider's customer portal in a new tab. */
function BillingButton() {
  const session = useSession();
  return (
    <button type="button" className="fg-nav-link" title="Billing" onClick={() => session && openCustomerPortal(session.accessToken)}>
      <Icon name="credit-card" />
      <span className="fg-nav-link__label">Billing</span>
    </button>
  );
}
