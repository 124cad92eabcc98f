import { type ReactNode, useEffect, useRef, useState } from 'react';

interface WhenVisibleProps {
  children: ReactNode;
  /** The height kept for the content until it is drawn, so the page does not jump. */
  minHeight: string;
  /** How near the screen the box must come to be drawn (IntersectionObserver's rootMargin). */
  rootMargin?: string;
}

/**
 * Draws its content once the box comes near the screen, and keeps it: a page of many charts draws those in view at
 * load and the others while the user scrolls, so the first load does not block the main thread with all of them
 * (docs/performance.md). Without IntersectionObserver it draws at once.
 */
export function WhenVisible({ children, minHeight, rootMargin = '200px' }: WhenVisibleProps) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (visible || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  if (visible) return children;
  return <div ref={box} className="fg-when-visible" style={{ minHeight }} />;
}
