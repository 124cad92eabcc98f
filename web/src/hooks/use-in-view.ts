import { useCallback, useRef, useState } from 'react';

/**
 * Whether an element has been on screen, for work that can wait until someone looks (charts below the fold). A ref
 * callback to attach, and the answer, which stays true once it is. Without IntersectionObserver: true at once.
 */
export function useInView<T extends Element>(): [(element: T | null) => void, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const attach = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      setSeen(true);
      observer.current?.disconnect();
    });
    observer.current.observe(element);
  }, []);
  return [attach, seen];
}
