import { useCallback, useState } from 'react';

/**
 * An element's width in CSS pixels, kept up to date as it changes (ResizeObserver), for drawings sized in pixels
 * (charts, whose text must not scale with them). A ref callback to attach, and the width: `fallback` until measured,
 * and where the browser cannot measure (jsdom has no ResizeObserver and lays nothing out).
 */
export function useElementWidth<T extends Element>(fallback: number): [(element: T | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(fallback);
  const attach = useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measured = (value: number) => value > 0 && setWidth(Math.round(value));
    // Measured at once (before the first paint), so the drawing does not jump from the fallback width.
    measured(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => entries.forEach((entry) => measured(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [attach, width];
}
