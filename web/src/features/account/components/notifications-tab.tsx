import { GAMERS_REMINDERS, groupsMayCall } from '@core/policy';
import { isCoachOrDirector } from '@core/roles';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { useToast } from '@/components/ui/toast/toast';
import { type AccountProfile, useSetNotificationSettings } from '../api/profile';
import { useViewer } from '@/lib/viewer';
import { AccountProfileGate } from './account-profile-gate';
import { ReminderSettingsSection } from './reminder-settings';

const ALERT_EMAILS_ON = 'Readiness-alert e-mails turned on.';
const ALERT_EMAILS_OFF = 'Readiness-alert e-mails turned off.';
const NUDGES_ON = 'Nudges turned on.';
const NUDGES_OFF = 'Nudges turned off.';

/** Both choices as they are, with one changed (the mutation takes the alert e-mails' every time). */
const settingsOf = (profile: AccountProfile) => ({ readinessAlertEmails: profile.readinessAlertEmails !== false, nudges: profile.nudges !== false });

/**
 * /home/account/notifications: a gamer's check-in reminder and nudges from his teams' staff (docs/reminders.md; the
 * nudge e-mail's "Reminder settings" link opens this tab); for coaches and directors, who get them, readiness-alert
 * e-mails on or off (the in-app alerts stay; docs/journal.md). Each role sees only what applies to it.
 */
export function NotificationsTab() {
  const viewer = useViewer();
  if (!viewer) return null;
  const gamer = groupsMayCall(GAMERS_REMINDERS, viewer.groups);
  const alerts = isCoachOrDirector(viewer.groups);
  return (
    <>
      {gamer ? <ReminderSettingsSection /> : null}
      {gamer || alerts ? <NotificationSwitches gamer={gamer} alerts={alerts} /> : null}
      {gamer || alerts ? null : <p className="fg-section-note">Your role gets no reminders or alerts to set here.</p>}
    </>
  );
}

/** The nudges switch (gamers) and the readiness-alert e-mails switch (those who direct or coach a team). */
function NotificationSwitches({ gamer, alerts }: { gamer: boolean; alerts: boolean }) {
  const toast = useToast();
  const change = useSetNotificationSettings({
    onSuccess: (profile, changed) =>
      toast.success(
        changed.nudges === undefined
          ? profile.readinessAlertEmails === false
            ? ALERT_EMAILS_OFF
            : ALERT_EMAILS_ON
          : profile.nudges === false
            ? NUDGES_OFF
            : NUDGES_ON,
      ),
    onError: (error) => toast.error(error.message),
  });
  return (
    <AccountProfileGate>
      {(profile) => (
        <>
          {gamer ? (
            <section aria-labelledby="fg-account-nudges">
              <h2 id="fg-account-nudges">Nudges</h2>
              <CheckboxField
                label="Let my team's staff nudge me when I have not checked in"
                checked={profile.nudges !== false}
                disabled={change.isPending}
                onChange={(event) => change.mutate({ ...settingsOf(profile), nudges: event.target.checked })}
              />
              <p className="fg-section-note">A nudge comes at most once a day, on your reminder channels, even when your reminders are off.</p>
            </section>
          ) : null}
          {alerts ? (
            <section aria-labelledby="fg-account-notifications">
              <h2 id="fg-account-notifications">E-mails</h2>
              <CheckboxField
                label="E-mail me when a member of a team I direct or coach checks in Not Ready"
                checked={profile.readinessAlertEmails !== false}
                disabled={change.isPending}
                onChange={(event) => change.mutate({ readinessAlertEmails: event.target.checked })}
              />
              <p className="fg-section-note">At most one e-mail per gamer and day. The alert in the team's journal stays either way.</p>
            </section>
          ) : null}
        </>
      )}
    </AccountProfileGate>
  );
}
