import { SelectField as KitSelectField } from '@/components/ui/form/select-field';

/** The kit's select in the admin filters' layout. */
export const SelectField: typeof KitSelectField = (props) => <KitSelectField className="fg-admin-filter" {...props} />;

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
