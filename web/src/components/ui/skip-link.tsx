import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** First stop for keyboard users: jumps past the navigation to the page's <main>. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault(); // move focus without adding #main-content to the address
    main.focus();
  };
  return (
    <a className="fg-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}
