import { GAMERS_REMINDERS, groupsMayCall } from '@core/policy';
import { isCoachOrDirector } from '@core/roles';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { useToast } from '@/components/ui/toast/toast';
import { useSetReadinessAlertEmails } from '../api/profile';
import { useViewer } from '@/lib/viewer';
import { AccountProfileGate } from './account-profile-gate';
import { ReminderSettingsSection } from './reminder-settings';

const ALERT_EMAILS_ON = 'Readiness-alert e-mails turned on.';
const ALERT_EMAILS_OFF = 'Readiness-alert e-mails turned off.';

/**
 * /home/account/notifications: a gamer's check-in reminder (docs/reminders.md); for coaches and directors, who get them,
 * readiness-alert e-mails on or off (the in-app alerts stay; docs/journal.md). Each role sees only what applies to it.
 */
export function NotificationsTab() {
  const viewer = useViewer();
  if (!viewer) return null;
  const reminders = groupsMayCall(GAMERS_REMINDERS, viewer.groups);
  const alerts = isCoachOrDirector(viewer.groups);
  return (
    <>
      {reminders ? <ReminderSettingsSection /> : null}
      {alerts ? <ReadinessAlertEmails /> : null}
      {reminders || alerts ? null : <p className="fg-section-note">Your role gets no reminders or alerts to set here.</p>}
    </>
  );
}

/** The readiness-alert e-mails switch, for those who direct or coach a team. */
function ReadinessAlertEmails() {
  const toast = useToast();
  const change = useSetReadinessAlertEmails({
    onSuccess: (profile) => toast.success(profile.readinessAlertEmails === false ? ALERT_EMAILS_OFF : ALERT_EMAILS_ON),
    onError: (error) => toast.error(error.message),
  });
  return (
    <AccountProfileGate>
      {(profile) => (
        <section aria-labelledby="fg-account-notifications">
          <h2 id="fg-account-notifications">E-mails</h2>
          <CheckboxField
            label="E-mail me when a member of a team I direct or coach checks in Not Ready"
            checked={profile.readinessAlertEmails !== false}
            disabled={change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
          />
          <p className="fg-section-note">At most one e-mail per gamer and day. The alert in the team's journal stays either way.</p>
        </section>
      )}
    </AccountProfileGate>
  );
}
