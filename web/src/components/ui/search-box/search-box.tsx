import { SearchField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';

interface SearchBoxProps {
  /** Gets the trimmed term once typing has paused for debounceMs, and '' at once on clear. */
  onSearch: (term: string) => void;
  /** The pause after the last keystroke before searching (spec 001: 600 ms for users and coupons). */
  debounceMs: number;
  /** Names the box for screen readers; the visible placeholder is always Search. */
  label?: string;
  initialValue?: string;
}

/** The search box of spec 000 section 2: placeholder Search and a clear button. */
export function SearchBox({ onSearch, debounceMs, label = 'Search', initialValue = '' }: SearchBoxProps) {
  const [text, setText] = useState(initialValue);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(pending.current), []);

  const type = (value: string) => {
    setText(value);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => onSearch(value.trim()), debounceMs);
  };

  const clear = () => {
    setText('');
    clearTimeout(pending.current);
    onSearch('');
  };

  return (
    <SearchField
      className="fg-search-box"
      label={label}
      labelHidden
      placeholder="Search"
      value={text}
      onChange={(event) => type(event.target.value)}
      onClear={clear}
      clearButtonLabel="Clear search"
      hasSearchButton={false}
      hasSearchIcon
    />
  );
}
