import type { ComponentPropsWithRef, ReactNode } from 'react';

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
              <path d="M20 6 9 17l-5-5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </span>
      </label>
    </div>
  );
}
