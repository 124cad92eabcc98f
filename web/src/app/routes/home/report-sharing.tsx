import { GAMERS_SHARE, groupsMayCall } from '@core/policy';
import { SharingPage } from '@/features/report-sharing/components/sharing-page';
import { useViewer } from '@/lib/viewer';
import { NotForRole } from './not-for-role';

/** /home/account/sharing: a gamer's report shares (the account page links here). */
export function ReportSharingRoute() {
  const viewer = useViewer();
  if (viewer && !groupsMayCall(GAMERS_SHARE, viewer.groups)) {
    return <NotForRole title="Report sharing is for gamers" description="Gamers share their own score reports with a parent or a private coach." />;
  }
  return <SharingPage />;
}
