import { PasswordField, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps {
  /** The visible label. */
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's error; announced to screen readers when it appears (role=alert) and tied to the input. */
  error?: string;
  /** Help shown under the label. */
  description?: string;
  autoComplete: string;
}

type TextInputProps = FieldProps & {
  type?: 'text' | 'email';
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
};

/** The error under a field; Amplify's own has no live role, so it is not used. */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="fg-field-error">
      {message}
    </p>
  ) : null;
}

export function FormTextField({ label, registration, error, description, type = 'text', ...input }: TextInputProps) {
  const errorId = useId();
  return (
    <div className="fg-form-field">
      <TextField
        label={label}
        type={type}
        descriptiveText={description}
        hasError={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...input}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FormPasswordField({ label, registration, error, description, autoComplete }: FieldProps) {
  const errorId = useId();
  return (
    <div className="fg-form-field">
      <PasswordField
        label={label}
        autoComplete={autoComplete}
        descriptiveText={description}
        hasError={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        showPasswordButtonLabel={`Show ${label.toLowerCase()}`}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Several lines of text (a description). */
export function FormTextAreaField({ label, registration, error, description, autoComplete, rows = 5 }: FieldProps & { rows?: number }) {
  const errorId = useId();
  return (
    <div className="fg-form-field">
      <TextAreaField
        label={label}
        autoComplete={autoComplete}
        descriptiveText={description}
        rows={rows}
        hasError={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
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
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const errorId = useId();
  return (
    <div className="fg-form-field">
      <SelectField
        label={label}
        autoComplete={autoComplete}
        descriptiveText={description}
        hasError={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
