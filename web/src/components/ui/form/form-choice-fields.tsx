import { useId } from 'react';
import { FieldError, type FieldProps } from './form-fields';
import { SelectChevron } from './select-field';

/**
 * A text area and a select for react-hook-form, with Amplify UI's look (its textArea, select and field classes) and
 * none of its JavaScript. Apart from form-fields.tsx, whose text fields the sign-in page (in the first scripts) uses.
 */

function FieldLabel({ id, label, description }: { id: string; label: string; description?: string }) {
  return (
    <>
      <label className="amplify-label" htmlFor={id}>
        {label}
      </label>
      {description ? (
        <p id={`${id}-description`} className="amplify-text amplify-field__description">
          {description}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, description: string | undefined, errorId: string, error: string | undefined) =>
  [description ? `${id}-description` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

/** Several lines of text (a description). */
export function FormTextAreaField({ label, registration, error, description, autoComplete, rows = 5 }: FieldProps & { rows?: number }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="fg-form-field">
      <div className="amplify-flex amplify-field amplify-textareafield">
        <FieldLabel id={id} label={label} description={description} />
        <textarea
          id={id}
          rows={rows}
          autoComplete={autoComplete}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, description, errorId, error)}
          className={`amplify-textarea amplify-field-group__control${error ? ' amplify-textarea--error' : ''}`}
          {...registration}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** One choice of a list; an option with value '' stands for none. */
export function FormSelectField({
  label,
  registration,
  error,
  description,
  autoComplete,
  options,
  disabled = false,
}: FieldProps & { options: readonly { value: string; label: string }[]; disabled?: boolean }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="fg-form-field">
      <div className="amplify-flex amplify-field amplify-selectfield">
        <FieldLabel id={id} label={label} description={description} />
        <div className="amplify-select__wrapper">
          <select
            id={id}
            autoComplete={autoComplete}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy(id, description, errorId, error)}
            disabled={disabled}
            className={`amplify-select amplify-field-group__control${error ? ' amplify-select--error' : ''}`}
            {...registration}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <SelectChevron />
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
