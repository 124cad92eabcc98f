import { TITLE_MAX, updateRecommendationSchema } from '@core/recommendations';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { TextAreaField, TextField } from '@/components/ui/form/fields';
import { useToast } from '@/components/ui/toast/toast';
import { type Recommendation, useDeleteRecommendation, useUpdateRecommendation } from '../api/recommendations';
import { changeLink, type LinkForm } from '../lib/link-form';
import { LinkFields } from './link-fields';

/** The message after a successful update (docs/recommendations-and-challenges.md, "Recommendations"). */
const UPDATED = 'Details were updated successfully!';

const formOf = (recommendation: Recommendation): LinkForm => ({
  title: recommendation.title,
  pillarSlug: recommendation.pillarSlug,
  questionSlug: recommendation.questionSlug,
  answer: recommendation.answer,
  category: recommendation.Video?.category ?? '',
  videoId: recommendation.videoId,
});

/** The side panel of one recommendation: its Details tab edits every field (the rules of docs/recommendations-and-challenges.md) or deletes it after confirming. */
export function RecommendationPanel({ recommendation, onClose }: { recommendation: Recommendation; onClose: () => void }) {
  const toast = useToast();
  const [form, setForm] = useState(() => formOf(recommendation));
  const [description, setDescription] = useState(recommendation.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => heading.current?.focus(), []);

  // Each then has the table asked again.
  const save = useUpdateRecommendation(recommendation.id, {
    onSuccess: () => toast.success(UPDATED),
    onError: (error) => setProblem(error.message),
  });
  const remove = useDeleteRecommendation(recommendation.id, {
    onSuccess: () => {
      setConfirming(false);
      toast.success('The recommendation was deleted.');
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      setProblem(error.message);
    },
  });

  const submit = () => {
    const parsed = updateRecommendationSchema.safeParse({ ...form, description: description.trim() === '' ? null : description });
    if (!parsed.success) setProblem(parsed.error.issues[0]?.message ?? 'The recommendation is not valid.');
    else save.mutate(parsed.data);
  };

  return (
    <aside className="fg-side-panel" aria-labelledby={headingId} onKeyDown={(event) => event.key === 'Escape' && !confirming && onClose()}>
      <header className="fg-side-panel__header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {recommendation.title}
        </h2>
        <Button size="small" onClick={onClose} aria-label="Close the details">
          ✕
        </Button>
      </header>
      <div role="tablist" aria-label="Recommendation" className="fg-side-panel__tabs">
        <button
          type="button"
          role="tab"
          aria-selected="true"
          id={`${headingId}-tab`}
          aria-controls={`${headingId}-details`}
          className="fg-side-panel__tab"
        >
          Details
        </button>
      </div>
      <div role="tabpanel" id={`${headingId}-details`} aria-labelledby={`${headingId}-tab`} className="fg-recommendation-form">
        <TextField
          label="Title"
          value={form.title}
          maxLength={TITLE_MAX}
          onChange={(event) => {
            setForm(changeLink(form, 'title', event.target.value));
            setProblem(null);
          }}
        />
        <div className="fg-form-field">
          <TextAreaField
            label="Description"
            rows={4}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              setProblem(null);
            }}
          />
        </div>
        <LinkFields
          form={form}
          onChange={(next) => {
            setForm(next);
            setProblem(null);
          }}
        />
        {problem ? (
          <Alert variation="error" role="alert">
            {problem}
          </Alert>
        ) : null}
        <div className="fg-side-panel__actions">
          <Button onClick={() => setConfirming(true)} isDisabled={save.isPending}>
            Delete
          </Button>
          <Button variation="primary" onClick={submit} isLoading={save.isPending} loadingText="Saving…" isDisabled={form.videoId === ''}>
            Save
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete recommendation"
        busy={remove.isPending}
        onAccept={() => remove.mutate()}
        onDecline={() => setConfirming(false)}
      >
        <p>You are about to delete {recommendation.title}. Are you sure you want to proceed?</p>
      </ConfirmDialog>
    </aside>
  );
}
