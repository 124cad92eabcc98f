import { useId } from 'react';

/**
 * A labelled, controlled select with Amplify UI's look (the kit's FormSelectField is for react-hook-form forms);
 * `emptyLabel` adds a first option of value '' (none chosen yet).
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  emptyLabel,
  invalid = false,
  labelHidden = false,
}: {
  label: string;
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  emptyLabel?: string;
  invalid?: boolean;
  /** For a select already named by what surrounds it (a fieldset's legend): the label is only for screen readers. */
  labelHidden?: boolean;
}) {
  const id = useId();
  return (
    <div className="fg-admin-filter">
      <label className={labelHidden ? 'amplify-label amplify-visually-hidden' : 'amplify-label'} htmlFor={id}>
        {label}
      </label>
      <div className="amplify-select__wrapper">
        <select id={id} className="amplify-select amplify-field-group__control" value={value} aria-invalid={invalid} onChange={(event) => onChange(event.target.value as T)}>
          {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** An error said in red under a form, announced when it appears. */
export function ErrorLine({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="fg-admin-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The same words as value and label (the spec shows `monthly`, `active`, `iOS` as they are). */
export const asOptions = <T extends string>(values: readonly T[]) => values.map((value) => ({ value, label: value }));
