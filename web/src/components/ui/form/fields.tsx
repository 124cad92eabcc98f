import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';

/**
 * Text and password fields with Amplify UI's look (its field, input, fieldGroup and passwordField classes) and the
 * props the app used from Amplify UI, without Amplify UI's JavaScript. The checkbox is in checkbox-field.tsx (the
 * sign-in page, in the first scripts, has none).
 */

interface FieldOwnProps {
  label: ReactNode;
  /** Help under the label, tied to the input. */
  descriptiveText?: ReactNode;
  hasError?: boolean;
  /** Shown under the input (and tied to it) while `hasError`. */
  errorMessage?: ReactNode;
}

/**
 * The ids that tie a field's control to its help and its error (after the caller's own `aria-describedby`), and
 * whether the error shows: only while `hasError` and with a message.
 */
function useFieldIds(
  id: string | undefined,
  { descriptiveText, hasError = false, errorMessage }: Omit<FieldOwnProps, 'label'>,
  describedBy?: string,
) {
  const generatedId = useId();
  const control = id ?? generatedId;
  const description = `${control}-description`;
  const error = `${control}-error`;
  const showError = hasError && Boolean(errorMessage);
  const describedByIds = [descriptiveText ? description : '', showError ? error : '', describedBy ?? ''].filter(Boolean).join(' ');
  return { control, description, error, showError, describedBy: describedByIds || undefined };
}

function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="amplify-text amplify-field__error-message">
      {children}
    </p>
  );
}

type TextFieldProps = FieldOwnProps & Omit<ComponentPropsWithRef<'input'>, 'children'> & { outerEnd?: ReactNode; className?: string };

/** The label, help, input and error of a text field; `outerEnd` sits after the input (the password switch). */
export function TextField({
  label,
  descriptiveText,
  hasError = false,
  errorMessage,
  outerEnd,
  className,
  id,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(id, { descriptiveText, hasError, errorMessage }, describedBy);
  return (
    <div className={['amplify-flex', 'amplify-field', 'amplify-textfield', className ?? ''].filter(Boolean).join(' ')}>
      <label className="amplify-label" htmlFor={ids.control}>
        {label}
      </label>
      {descriptiveText ? (
        <p id={ids.description} className="amplify-text amplify-field__description">
          {descriptiveText}
        </p>
      ) : null}
      <div className="amplify-flex amplify-field-group amplify-field-group--horizontal">
        <div className="amplify-field-group__field-wrapper amplify-field-group__field-wrapper--horizontal">
          <input
            id={ids.control}
            type="text"
            aria-invalid={hasError}
            aria-describedby={ids.describedBy}
            className={`amplify-input amplify-field-group__control${hasError ? ' amplify-input--error' : ''}`}
            {...input}
          />
        </div>
        {outerEnd ? <div className="amplify-field-group__outer-end">{outerEnd}</div> : null}
      </div>
      {ids.showError ? <ErrorMessage id={ids.error}>{errorMessage}</ErrorMessage> : null}
    </div>
  );
}

type TextAreaFieldProps = Omit<FieldOwnProps, 'descriptiveText'> & { className?: string } & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

/** A labelled, controlled text area with Amplify UI's look (its textareafield classes), and its error tied to it. */
export function TextAreaField({
  label,
  hasError = false,
  errorMessage,
  className,
  id,
  'aria-describedby': describedBy,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, { hasError, errorMessage }, describedBy);
  return (
    <div className={['amplify-flex', 'amplify-field', 'amplify-textareafield', className ?? ''].filter(Boolean).join(' ')}>
      <label className="amplify-label" htmlFor={ids.control}>
        {label}
      </label>
      <textarea
        id={ids.control}
        aria-invalid={hasError}
        aria-describedby={ids.describedBy}
        className={`amplify-textarea amplify-field-group__control${hasError ? ' amplify-textarea--error' : ''}`}
        {...textarea}
      />
      {ids.showError ? <ErrorMessage id={ids.error}>{errorMessage}</ErrorMessage> : null}
    </div>
  );
}

/** Line icons (24px grid, stroked with currentColor), as the kit's others. */
const EYE = 'M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8zm11 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
const EYE_OFF =
  'M17.9 17.9A10 10 0 0 1 12 20c-7 0-11-8-11-8a18.5 18.5 0 0 1 5.1-5.9M9.9 4.2A9 9 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.2 3.2m-6.7-1.1a3 3 0 1 1-4.2-4.2M1 1l22 22';

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
          <path d={shown ? EYE_OFF : EYE} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
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
