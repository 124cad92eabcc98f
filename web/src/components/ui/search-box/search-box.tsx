import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const SEARCH_ICON =
  'M15.5 14H14.71L14.43 13.73C15.41 12.59 16 11.11 16 9.5C16 5.91 13.09 3 9.5 3C5.91 3 3 5.91 3 9.5C3 13.09 5.91 16 9.5 16C11.11 16 12.59 15.41 13.73 14.43L14 14.71V15.5L19 20.49L20.49 19L15.5 14ZM9.5 14C7.01 14 5 11.99 5 9.5C5 7.01 7.01 5 9.5 5C11.99 5 14 7.01 14 9.5C14 11.99 11.99 14 9.5 14Z';
const CLEAR_ICON = 'M19 6.41L17.59 5L12 10.59L6.41 5L5 6.41L10.59 12L5 17.59L6.41 19L12 13.41L17.59 19L19 17.59L13.41 12L19 6.41Z';

function FieldIcon({ path }: { path: string }) {
  return (
    <span className="amplify-icon fg-em-icon" aria-hidden="true">
      <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
        <path d={path} fill="currentColor" />
      </svg>
    </span>
  );
}

interface SearchBoxProps {
  /** Gets the trimmed term once typing has paused for debounceMs, and '' at once on clear. */
  onSearch: (term: string) => void;
  /** The pause after the last keystroke before searching (600 ms for users and coupon reports: docs/product.md, docs/billing.md). */
  debounceMs: number;
  /** Names the box for screen readers; the visible placeholder is always Search. */
  label?: string;
  initialValue?: string;
}

/**
 * The search box of docs/ui-kit.md: placeholder Search and a clear button (shown while there is text; Escape
 * clears too). Amplify UI's SearchField look (its classes), without its JavaScript.
 */
export function SearchBox({ onSearch, debounceMs, label = 'Search', initialValue = '' }: SearchBoxProps) {
  const [text, setText] = useState(initialValue);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

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
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    } else if (event.key === 'Enter') {
      event.preventDefault(); // searching follows typing; Enter submits no surrounding form
    }
  };

  return (
    <div className="amplify-flex amplify-field amplify-textfield amplify-searchfield fg-search-box">
      <label className="amplify-label amplify-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <div className="amplify-flex amplify-field-group amplify-field-group--has-inner-start amplify-field-group--has-inner-end amplify-field-group--horizontal">
        <div className="amplify-field-group__field-wrapper amplify-field-group__field-wrapper--horizontal">
          <div className="amplify-field-group__inner-start">
            <div className="amplify-field-group__icon">
              <FieldIcon path={SEARCH_ICON} />
            </div>
          </div>
          <input
            ref={input}
            id={id}
            type="text"
            name="q"
            autoComplete="off"
            placeholder="Search"
            className="amplify-input amplify-field-group__control"
            value={text}
            onChange={(event) => type(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <div className="amplify-field-group__inner-end">
            {text ? (
              <button
                type="button"
                aria-label="Clear search"
                className="amplify-button amplify-field-group__control amplify-button--link amplify-field-group__icon amplify-field-group__icon-button"
                onClick={clear}
              >
                <FieldIcon path={CLEAR_ICON} />
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
