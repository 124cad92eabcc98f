import { type ReminderChannel, reminderTimeLabel } from '@core/reminders';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { useViewer } from '@/lib/viewer';
import { useReminderSettings, useSaveReminderSettings } from '../api/reminders';
import { canReceivePush } from '../lib/push-device';
import { reminderSaved } from './reminder-settings';
import '../account.css';

/** Where this device remembers that the gamer said Not now (per user, so another account on it is still asked). */
const declinedKey = (userId: string) => `fg.reminder-offer.declined.${userId}`;

/**
 * "Remind me at this time?" after a check-in is sent (docs/reminders.md, "Offered at the check-in"): while the gamer's
 * reminders are off and he has not said Not now on this device, one tap turns them on at the hour it is now on his
 * clock, by Web Push where this browser can receive it, else (or when notifications are refused) by e-mail.
 */
export function ReminderOffer() {
  const viewer = useViewer();
  const settings = useReminderSettings();
  const [declined, setDeclined] = useState(() => viewer !== null && localStorage.getItem(declinedKey(viewer.userId)) !== null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveReminderSettings({ onSuccess: (saved) => setDone(reminderSaved(saved)) });
  const [hour] = useState(() => new Date().getHours());

  if (done) {
    return (
      <p className="fg-reminder-offer__done" role="status">
        {done}
      </p>
    );
  }
  if (!viewer || declined || !settings.data || settings.data.enabled) return null;
  const { pushPublicKey, timeZone } = settings.data;

  const turnOn = async () => {
    setProblem(null);
    const saveWith = (channels: ReminderChannel[]) => save.mutateAsync({ input: { enabled: true, hour, channels }, pushPublicKey });
    try {
      await saveWith(canReceivePush() ? ['PUSH'] : ['EMAIL']);
    } catch (pushRefused) {
      if (!canReceivePush()) return setProblem((pushRefused as Error).message);
      // Notifications refused or not ready on this device: the reminder still comes, by e-mail.
      await saveWith(['EMAIL']).catch((error: Error) => setProblem(error.message));
    }
  };
  const decline = () => {
    localStorage.setItem(declinedKey(viewer.userId), new Date().toISOString());
    setDeclined(true);
  };

  return (
    <section className="fg-reminder-offer" aria-labelledby="fg-reminder-offer-title">
      <h2 id="fg-reminder-offer-title">Remind me at this time?</h2>
      <p>
        A reminder at {reminderTimeLabel(hour)} ({timeZone}) on days you have not checked in yet. You can change it in Account, Notifications.
      </p>
      {problem ? <Alert variation="error">{problem}</Alert> : null}
      <div className="fg-reminder-offer__actions">
        <Button variation="primary" onClick={() => void turnOn()} isLoading={save.isPending} loadingText="Turning on…">
          Remind me at {reminderTimeLabel(hour)}
        </Button>
        <Button onClick={decline} isDisabled={save.isPending}>
          Not now
        </Button>
      </div>
    </section>
  );
}
