import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page opens at its top (docs/ui-kit.md, "Layout"): the window is the page's scroller, and the browser keeps
 * its position across client-side navigations. Back and forward (POP) are left to the browser, which restores where
 * the user was; a change of the query alone (a tab, a filter) keeps the position too.
 */
export function useScrollResetOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    // Only a new path resets: the navigation type is read as it is when the path changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
