import { useId } from 'react';

interface SelectFieldProps<T extends string> {
  label: string;
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** A first option of value '' (nothing chosen yet), with this text. */
  emptyLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** For a select already named by what surrounds it (a fieldset's legend): the label is only for screen readers. */
  labelHidden?: boolean;
  /** The wrapper's classes; Amplify UI's select field by default. */
  className?: string;
}

/** The chevron Amplify UI's select fields draw over the select's end (its select__icon class); decorative. */
export function SelectChevron() {
  return (
    <div className="amplify-flex amplify-select__icon" aria-hidden="true">
      <svg className="fg-em-icon" width="24" height="24" viewBox="0 0 24 24" focusable="false">
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

/** A labelled, controlled select with Amplify UI's look (the kit's FormSelectField is for react-hook-form forms). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  emptyLabel,
  invalid = false,
  disabled = false,
  labelHidden = false,
  className = 'amplify-flex amplify-field amplify-selectfield',
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className={className}>
      <label className={labelHidden ? 'amplify-label amplify-visually-hidden' : 'amplify-label'} htmlFor={id}>
        {label}
      </label>
      <div className="amplify-select__wrapper">
        <select
          id={id}
          className="amplify-select amplify-field-group__control"
          value={value}
          aria-invalid={invalid}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
    </div>
  );
}
