import { ReminderOffer } from '@/features/account/components/reminder-offer';
import { CheckInPage } from '@/features/check-in/components/check-in-page';
import { mayCheckIn } from '@/features/check-in/lib/may-check-in';
import { useViewer } from '@/lib/viewer';
import { NotForRole } from './not-for-role';

/** /home/check-in: the daily check-in, for gamers; once sent, reminders are offered (docs/reminders.md). */
export function CheckInRoute() {
  const viewer = useViewer();
  if (viewer && !mayCheckIn(viewer.groups)) {
    return <NotForRole title="The daily check-in is for gamers" description="Coaches and directors follow their teams' scores in Analytics." />;
  }
  return <CheckInPage afterSend={<ReminderOffer />} />;
}
