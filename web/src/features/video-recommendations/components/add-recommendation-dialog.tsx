import { createRecommendationSchema, MODAL_TITLE_MAX } from '@core/recommendations';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { Dialog } from '@/components/ui/dialog/dialog';
import { TextField } from '@/components/ui/form/fields';
import { useToast } from '@/components/ui/toast/toast';
import { useCreateRecommendation } from '../api/recommendations';
import { changeLink, EMPTY_LINK_FORM } from '../lib/link-form';
import { LinkFields } from './link-fields';

/** The add modal (docs/recommendations-and-challenges.md, "Recommendations"): title at most 16 with its n/16 counter, the selects, Save once a video is chosen. */
export function AddRecommendationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [form, setForm] = useState(EMPTY_LINK_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const counterId = useId();
  const close = () => {
    setForm(EMPTY_LINK_FORM);
    setProblem(null);
    onClose();
  };
  // Then the table is asked again.
  const save = useCreateRecommendation({
    onSuccess: () => {
      toast.success('The recommendation was added.');
      close();
    },
    onError: (error) => setProblem(error.message),
  });
  const submit = () => {
    const parsed = createRecommendationSchema.safeParse(form);
    if (!parsed.success) setProblem(parsed.error.issues[0]?.message ?? 'The recommendation is not valid.');
    else save.mutate(parsed.data);
  };
  return (
    <Dialog
      open={open}
      title="Add Recommendation"
      onClose={close}
      actions={
        <>
          <Button onClick={close} isDisabled={save.isPending}>
            Cancel
          </Button>
          <Button variation="primary" onClick={submit} isDisabled={form.videoId === ''} isLoading={save.isPending} loadingText="Saving…">
            Save
          </Button>
        </>
      }
    >
      <div className="fg-recommendation-form">
        <div className="fg-form-field">
          <TextField
            label="Title"
            value={form.title}
            maxLength={MODAL_TITLE_MAX}
            aria-describedby={counterId}
            onChange={(event) => setForm(changeLink(form, 'title', event.target.value))}
          />
          <span id={counterId} className="fg-recommendation-form__count">
            {form.title.length}/{MODAL_TITLE_MAX}
          </span>
        </div>
        <LinkFields form={form} onChange={setForm} />
        {problem ? (
          <Alert variation="error" role="alert">
            {problem}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
