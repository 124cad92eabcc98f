import { Link } from 'react-router-dom';
import { groupsMayCall } from '@core/policy';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { SharingPage } from '@/features/report-sharing/components/sharing-page';
import { useViewer } from '@/lib/viewer';

/** /home/account/sharing: a gamer's report shares (the account page links here). */
export function ReportSharingRoute() {
  const viewer = useViewer();
  if (viewer && !groupsMayCall('Mutation.updateShareFGScore', viewer.groups)) {
    return (
      <EmptyState
        title="Report sharing is for gamers"
        description="Gamers share their own score reports with a parent or a private coach."
        actions={
          <Link className="amplify-button amplify-button--primary" to={paths.home.root}>
            Back to home
          </Link>
        }
      />
    );
  }
  return <SharingPage />;
}
