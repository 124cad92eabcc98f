import { useEffect, useRef, type ChangeEvent } from 'react';

interface SelectCheckboxProps {
  label: string;
  checked: boolean;
  /** Some but not all rows are selected (the select-all box only). */
  indeterminate?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A row's (or the page's) selection box; `indeterminate` exists only as a DOM property, so it is set by ref. */
export function SelectCheckbox({ label, checked, indeterminate = false, onChange }: SelectCheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current!.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  return <input ref={input} type="checkbox" className="fg-table__checkbox" aria-label={label} checked={checked} onChange={onChange} />;
}
