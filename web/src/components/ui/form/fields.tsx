import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';

/**
 * Text, password and checkbox fields with Amplify UI's look (its field, input, fieldGroup, passwordField and
 * checkbox classes) and the props the app used from Amplify UI, without Amplify UI's JavaScript.
 */

interface FieldOwnProps {
  label: ReactNode;
  /** Help under the label, tied to the input. */
  descriptiveText?: ReactNode;
  hasError?: boolean;
  /** Shown under the input (and tied to it) while `hasError`. */
  errorMessage?: ReactNode;
}

type TextFieldProps = FieldOwnProps & Omit<ComponentPropsWithRef<'input'>, 'children'> & { outerEnd?: ReactNode; className?: string };

/** The label, help, input and error of a text field; `outerEnd` sits after the input (the password switch). */
export function TextField({ label, descriptiveText, hasError = false, errorMessage, outerEnd, className, id, 'aria-describedby': describedBy, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const showError = hasError && Boolean(errorMessage);
  const describedByIds = [descriptiveText ? descriptionId : '', showError ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className={['amplify-flex', 'amplify-field', 'amplify-textfield', className ?? ''].filter(Boolean).join(' ')}>
      <label className="amplify-label" htmlFor={inputId}>
        {label}
      </label>
      {descriptiveText ? (
        <p id={descriptionId} className="amplify-text amplify-field__description">
          {descriptiveText}
        </p>
      ) : null}
      <div className="amplify-flex amplify-field-group amplify-field-group--horizontal">
        <div className="amplify-field-group__field-wrapper amplify-field-group__field-wrapper--horizontal">
          <input
            id={inputId}
            type="text"
            aria-invalid={hasError}
            aria-describedby={describedByIds || undefined}
            className={`amplify-input amplify-field-group__control${hasError ? ' amplify-input--error' : ''}`}
            {...input}
          />
        </div>
        {outerEnd ? <div className="amplify-field-group__outer-end">{outerEnd}</div> : null}
      </div>
      {showError ? (
        <p id={errorId} className="amplify-text amplify-field__error-message">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}

const EYE =
  'M12 6C15.79 6 19.17 8.13 20.82 11.5C19.17 14.87 15.79 17 12 17C8.21 17 4.83 14.87 3.18 11.5C4.83 8.13 8.21 6 12 6ZM12 4C7 4 2.73 7.11 1 11.5C2.73 15.89 7 19 12 19C17 19 21.27 15.89 23 11.5C21.27 7.11 17 4 12 4ZM12 9C13.38 9 14.5 10.12 14.5 11.5C14.5 12.88 13.38 14 12 14C10.62 14 9.5 12.88 9.5 11.5C9.5 10.12 10.62 9 12 9ZM12 7C9.52 7 7.5 9.02 7.5 11.5C7.5 13.98 9.52 16 12 16C14.48 16 16.5 13.98 16.5 11.5C16.5 9.02 14.48 7 12 7Z';
const EYE_OFF =
  'M12 6C15.79 6 19.17 8.13 20.82 11.5C20.23 12.72 19.4 13.77 18.41 14.62L19.82 16.03C21.21 14.8 22.31 13.26 23 11.5C21.27 7.11 17 4 12 4C10.73 4 9.51 4.2 8.36 4.57L10.01 6.22C10.66 6.09 11.32 6 12 6ZM10.93 7.14L13 9.21C13.57 9.46 14.03 9.92 14.28 10.49L16.35 12.56C16.43 12.22 16.49 11.86 16.49 11.49C16.5 9.01 14.48 7 12 7C11.63 7 11.28 7.05 10.93 7.14ZM2.01 3.87L4.69 6.55C3.06 7.83 1.77 9.53 1 11.5C2.73 15.89 7 19 12 19C13.52 19 14.98 18.71 16.32 18.18L19.74 21.6L21.15 20.19L3.42 2.45L2.01 3.87ZM9.51 11.37L12.12 13.98C12.08 13.99 12.04 14 12 14C10.62 14 9.5 12.88 9.5 11.5C9.5 11.45 9.51 11.42 9.51 11.37ZM6.11 7.97L7.86 9.72C7.63 10.27 7.5 10.87 7.5 11.5C7.5 13.98 9.52 16 12 16C12.63 16 13.23 15.87 13.77 15.64L14.75 16.62C13.87 16.86 12.95 17 12 17C8.21 17 4.83 14.87 3.18 11.5C3.88 10.07 4.9 8.89 6.11 7.97Z';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'outerEnd'> & {
  /** The name of the show/hide switch, for screen readers. */
  showPasswordButtonLabel?: string;
};

/** A password field with a switch that shows the password (Amplify UI's PasswordField). */
export function PasswordField({ showPasswordButtonLabel = 'Show password', className, hasError, ...field }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const toggle = (
    <button
      type="button"
      role="switch"
      aria-checked={shown}
      aria-label={showPasswordButtonLabel}
      className={`amplify-button amplify-field-group__control amplify-field__show-password${hasError ? ' amplify-field__show-password--error' : ''}`}
      onClick={() => setShown((value) => !value)}
    >
      <span className="fg-visually-hidden" aria-live="polite">
        {shown ? 'Password is shown' : 'Password is hidden'}
      </span>
      <span className="amplify-icon fg-em-icon" aria-hidden="true">
        <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
          <path d={shown ? EYE_OFF : EYE} fill="currentColor" />
        </svg>
      </span>
    </button>
  );
  return (
    <TextField
      {...field}
      type={shown ? 'text' : 'password'}
      hasError={hasError}
      className={['amplify-passwordfield', className ?? ''].filter(Boolean).join(' ')}
      outerEnd={toggle}
    />
  );
}

type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & { label: ReactNode };

/** A checkbox with its label (Amplify UI's CheckboxField): the native input, visually hidden, drives the drawn box (ui-kit.css). */
export function CheckboxField({ label, className, ...input }: CheckboxFieldProps) {
  return (
    <div className={['amplify-flex', 'amplify-field', 'amplify-checkboxfield', className ?? ''].filter(Boolean).join(' ')}>
      <label className="amplify-flex amplify-checkbox">
        <span className="amplify-visually-hidden">
          <input type="checkbox" className="amplify-input amplify-field-group__control amplify-checkbox__input" {...input} />
        </span>
        <span className="amplify-text amplify-checkbox__label">{label}</span>
        <span className="amplify-flex amplify-checkbox__button" aria-hidden="true">
          <span className="amplify-icon amplify-checkbox__icon fg-em-icon">
            <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
              <path d="M9 16.17L4.83 12L3.41 13.41L9 19L21 7L19.59 5.59L9 16.17Z" fill="currentColor" />
            </svg>
          </span>
        </span>
      </label>
    </div>
  );
}
