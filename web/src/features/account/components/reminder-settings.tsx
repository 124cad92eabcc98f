import { type FormEvent, useState } from 'react';
import { REMINDER_CHANNEL_LABELS, REMINDER_MESSAGES, type ReminderChannel, reminderTimeLabel } from '@core/reminders';
import { LoadError } from '@/components/errors/load-error';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { SelectField } from '@/components/ui/form/select-field';
import { Loader } from '@/components/ui/loader';
import { useToast } from '@/components/ui/toast/toast';
import { type ReminderSettings, useReminderSettings, useSaveReminderSettings } from '../api/reminders';
import { canReceivePush } from '../lib/push-device';

const REMINDERS_OFF = 'Check-in reminders turned off.';
export const reminderSaved = (settings: Pick<ReminderSettings, 'hour' | 'timeZone'>) =>
  `You will be reminded at ${reminderTimeLabel(settings.hour)} (${settings.timeZone}) on days you have not checked in.`;

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: reminderTimeLabel(hour) }));

/** The gamer's daily check-in reminder: on or off, the hour of his clock, Web Push and/or e-mail (docs/reminders.md). */
export function ReminderSettingsSection() {
  const settings = useReminderSettings();
  return (
    <section aria-labelledby="fg-account-reminders" className="fg-account__reminders">
      <h2 id="fg-account-reminders">Check-in reminder</h2>
      {settings.isPending ? (
        <Loader size="large" />
      ) : settings.error ? (
        <LoadError heading="Your reminder settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ReminderForm settings={settings.data} />
      )}
    </section>
  );
}

function ReminderForm({ settings }: { settings: ReminderSettings }) {
  const toast = useToast();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [hour, setHour] = useState(settings.hour);
  const [channels, setChannels] = useState<ReminderChannel[]>(settings.channels);
  const pushPossible = canReceivePush();
  const save = useSaveReminderSettings({
    onSuccess: (saved) => toast.success(saved.enabled ? reminderSaved(saved) : REMINDERS_OFF),
    onError: (error) => toast.error(error.message),
  });
  const problem = enabled && channels.length === 0 ? REMINDER_MESSAGES.channels : null;
  const toggle = (channel: ReminderChannel, on: boolean) =>
    setChannels((current) => (on ? [...current, channel] : current.filter((kept) => kept !== channel)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) save.mutate({ input: { enabled, hour, channels }, pushPublicKey: settings.pushPublicKey });
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>Once a day at your hour, only if you have not checked in yet.</p>
      <CheckboxField label="Remind me to check in" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
      <SelectField label="Reminder time" value={String(hour)} options={HOURS} disabled={!enabled} onChange={(value) => setHour(Number(value))} />
      <p>In your time zone: {settings.timeZone} (your check-ins keep it up to date).</p>
      <fieldset disabled={!enabled}>
        <legend>Remind me by</legend>
        <CheckboxField
          label={`${REMINDER_CHANNEL_LABELS.PUSH} on this device`}
          checked={channels.includes('PUSH')}
          disabled={!pushPossible}
          onChange={(event) => toggle('PUSH', event.target.checked)}
        />
        <CheckboxField
          label={REMINDER_CHANNEL_LABELS.EMAIL}
          checked={channels.includes('EMAIL')}
          onChange={(event) => toggle('EMAIL', event.target.checked)}
        />
      </fieldset>
      {pushPossible ? null : <p>This browser cannot receive Web Push. On an iPhone, add FitGauge to the home screen first.</p>}
      {problem ? <Alert variation="error">{problem}</Alert> : null}
      <Button type="submit" variation="primary" isLoading={save.isPending} loadingText="Saving…" isDisabled={problem !== null}>
        Save reminder
      </Button>
    </form>
  );
}
