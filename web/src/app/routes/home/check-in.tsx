import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { CheckInPage } from '@/features/check-in/components/check-in-page';
import { mayCheckIn } from '@/features/check-in/lib/check-in-form';
import { useViewer } from '@/lib/viewer';

/** /home/check-in: the daily check-in, for gamers. */
export function CheckInRoute() {
  const viewer = useViewer();
  if (viewer && !mayCheckIn(viewer.groups)) {
    return (
      <EmptyState
        title="The daily check-in is for gamers"
        description="Coaches and directors follow their teams' scores in Analytics."
        actions={
          <Link className="amplify-button amplify-button--primary" to={paths.home.root}>
            Back to home
          </Link>
        }
      />
    );
  }
  return <CheckInPage />;
}
