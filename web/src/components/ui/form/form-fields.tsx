import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, TextField } from './fields';

export interface FieldProps {
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

/** The error under a field, announced when it appears (role=alert). */
export function FieldError({ id, message }: { id: string; message?: string }) {
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
