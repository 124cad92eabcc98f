import { useId, useState } from 'react';
import { Flex, Text } from '@/components/ui/themed/primitives';
import { Button } from '@/components/ui/button/button';
import { useToast } from '@/components/ui/toast/toast';
import { useUpdateVideo } from '../api/videos';
import { DETAILS_UPDATED } from '../lib/details-form';
import { SCHEDULE_TEXT } from '../lib/messages';
import { availableFromOf, dayInputValue, scheduledDay } from '../lib/schedule';

interface SchedulePanelProps {
  videoId: string;
  availableFrom: string | null;
  onSaved: () => Promise<void> | void;
  onError: (error: unknown) => boolean;
}

/** The Schedule tab (docs/videos.md, "The pages' rules and texts"): a calendar (the browser's date picker), Today and Save. */
export function SchedulePanel({ videoId, availableFrom, onSaved, onError }: SchedulePanelProps) {
  const [day, setDay] = useState(scheduledDay(availableFrom));
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const updateVideo = useUpdateVideo();
  const inputId = useId();

  const save = async () => {
    setSaving(true);
    try {
      await updateVideo.mutateAsync({ id: videoId, data: { availableFrom: day ? availableFromOf(day) : null } });
      toast.success(DETAILS_UPDATED);
      await onSaved();
    } catch (error) {
      onError(error);
    }
    setSaving(false);
  };

  return (
    <section className="fg-video-schedule">
      <Text>{SCHEDULE_TEXT}</Text>
      <div className="amplify-flex amplify-field amplify-textfield">
        <label className="amplify-label" htmlFor={inputId}>
          Available from
        </label>
        <input
          id={inputId}
          type="date"
          className="amplify-input amplify-field-group__control"
          value={day}
          onChange={(event) => setDay(event.target.value)}
        />
      </div>
      <Flex gap="small">
        <Button onClick={() => setDay(dayInputValue(new Date()))}>Today</Button>
        <Button variation="primary" isLoading={saving} loadingText="Saving…" onClick={() => void save()}>
          Save
        </Button>
      </Flex>
    </section>
  );
}
