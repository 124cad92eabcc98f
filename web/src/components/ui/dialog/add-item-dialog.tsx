import { Button } from '../button/button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../form/form-fields';
import { Dialog } from './dialog';

const DEFAULT_MAX_LENGTH = 100;

/** The field's rule: required (docs/ui-kit.md: `A {Field} is required.`) and at most maxLength characters. */
function addItemSchema(fieldLabel: string, maxLength = DEFAULT_MAX_LENGTH) {
  return z.string().trim().min(1, `A ${fieldLabel} is required.`).max(maxLength, `${fieldLabel} should be less than ${maxLength} characters.`);
}

interface AddItemDialogProps {
  open: boolean;
  title: string;
  /** The one field's label, also used in its messages (`A Title is required.`). */
  fieldLabel: string;
  maxLength?: number;
  /** The field's value when the dialog opens (renaming an item); empty by default. */
  initialValue?: string;
  /** The submit button's text; Create by default. */
  submitLabel?: string;
  /** Gets the trimmed value. A rejected promise keeps the dialog open and shows the error's message. */
  onCreate: (value: string) => void | Promise<void>;
  onCancel: () => void;
}

/** A dialog with one text field, Create and Cancel (docs/ui-kit.md, single-field add dialog); also renames an item. */
export function AddItemDialog({ open, title, onCancel, ...form }: AddItemDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel} bodyDescribes={false}>
      {/* Mounted only while open, so every opening starts with an empty field. */}
      <AddItemForm {...form} onCancel={onCancel} />
    </Dialog>
  );
}

function AddItemForm({
  fieldLabel,
  maxLength,
  initialValue = '',
  submitLabel = 'Create',
  onCreate,
  onCancel,
}: Omit<AddItemDialogProps, 'open' | 'title'>) {
  const schema = useMemo(() => z.object({ value: addItemSchema(fieldLabel, maxLength) }), [fieldLabel, maxLength]);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues: { value: initialValue } });
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();

  const create = handleSubmit(async ({ value }) => {
    setFailure(null);
    try {
      await onCreate(value);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form className="fg-dialog__form" noValidate onSubmit={(event) => void create(event)} aria-describedby={failure ? failureId : undefined}>
      <FormTextField label={fieldLabel} registration={register('value')} error={formState.errors.value?.message} autoComplete="off" />
      {failure ? (
        <p id={failureId} role="alert" className="fg-field-error">
          {failure}
        </p>
      ) : null}
      <div className="fg-dialog__actions">
        <Button onClick={onCancel} isDisabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variation="primary" isLoading={formState.isSubmitting} loadingText={submitLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
