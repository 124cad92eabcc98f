import { useId, useState } from 'react';

/** The rows-per-page choices, offered only when a page holds more than 5 rows (docs/ui-kit.md, data table). */
const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
const SMALLEST_PAGE_SIZE_WITH_CHOICE = 6;

interface TablePagerProps {
  /** The table's label, to name this navigation. */
  label: string;
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  onPageIndex: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** First, previous, next and last page, the page number, a go-to-page box and the rows per page. */
export function TablePager({ label, pageIndex, pageSize, pageCount, onPageIndex, onPageSize }: TablePagerProps) {
  // An empty table still reads "Page 1 of 1" (docs/ui-kit.md, data table: never below 1 of 1).
  const lastPage = Math.max(pageCount, 1);
  const page = pageIndex + 1;
  const goToId = useId();
  const sizeId = useId();
  // What the user is typing in the go-to box; null shows the current page.
  const [typedPage, setTypedPage] = useState<string | null>(null);

  const goTo = (text: string) => {
    setTypedPage(text);
    const wanted = Number(text);
    if (Number.isInteger(wanted) && wanted >= 1) onPageIndex(Math.min(wanted, lastPage) - 1);
  };

  return (
    <nav className="fg-table__pager" aria-label={`${label} pages`}>
      <div className="fg-table__pager-buttons">
        <PagerButton label="First page" mark="«" disabled={page <= 1} onClick={() => onPageIndex(0)} />
        <PagerButton label="Previous page" mark="‹" disabled={page <= 1} onClick={() => onPageIndex(pageIndex - 1)} />
        <span className="fg-table__page" aria-live="polite">
          Page {page} of {lastPage}
        </span>
        <PagerButton label="Next page" mark="›" disabled={page >= lastPage} onClick={() => onPageIndex(pageIndex + 1)} />
        <PagerButton label="Last page" mark="»" disabled={page >= lastPage} onClick={() => onPageIndex(lastPage - 1)} />
      </div>
      <div className="fg-table__pager-fields">
        <label htmlFor={goToId}>Go to page</label>
        <input
          id={goToId}
          className="fg-table__go-to"
          type="number"
          inputMode="numeric"
          min={1}
          max={lastPage}
          value={typedPage ?? String(page)}
          onChange={(event) => goTo(event.target.value)}
          onBlur={() => setTypedPage(null)}
        />
        {pageSize >= SMALLEST_PAGE_SIZE_WITH_CHOICE ? (
          <>
            <label htmlFor={sizeId}>Rows per page</label>
            <select id={sizeId} className="fg-table__page-size" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </>
        ) : null}
      </div>
    </nav>
  );
}

function PagerButton({ label, mark, disabled, onClick }: { label: string; mark: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className="fg-table__pager-button" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <span aria-hidden="true">{mark}</span>
    </button>
  );
}
