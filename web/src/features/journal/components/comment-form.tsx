import { commentContentSchema, MAX_COMMENT_LENGTH, textLength } from '@core/journal';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button/button';
import { TextAreaField } from '@/components/ui/form/fields';

interface CommentFormProps {
  /** The field's label, e.g. "Comment on Sleep quality" or "Reply". */
  label: string;
  submitLabel: string;
  initialContent?: string;
  /** Saves the content; a rejection's message (the server's) is shown under the field. */
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
}

/**
 * Writing or editing a comment: the spec's 1000-character limit (markup not counted) with a live counter, checked
 * with the server's own rule before sending; the server's message when it refuses anyway.
 */
export function CommentForm({ label, submitLabel, initialContent = '', onSubmit, onCancel }: CommentFormProps) {
  const [content, setContent] = useState(initialContent);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const counterId = useId();
  const length = textLength(content);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = commentContentSchema.safeParse(content);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The comment is not valid.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(content);
      setContent('');
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fg-comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={label}
        rows={2}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          setError(null);
        }}
        hasError={error !== null}
        errorMessage={error ?? undefined}
        aria-describedby={counterId}
      />
      <div className="fg-comment-form__footer">
        <span
          id={counterId}
          className={length > MAX_COMMENT_LENGTH ? 'fg-comment-form__count fg-comment-form__count--over' : 'fg-comment-form__count'}
        >
          {length}/{MAX_COMMENT_LENGTH} characters
        </span>
        <div className="fg-comment-form__actions">
          {onCancel ? (
            <Button size="small" onClick={onCancel} isDisabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button size="small" type="submit" variation="primary" isLoading={busy} loadingText={submitLabel}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
