import type { ReactNode } from 'react';
import { Brand } from '../ui/brand';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link';

interface PublicLayoutProps {
  children: ReactNode;
  /** Small print at the bottom of the page (e.g. the API status). */
  footer?: ReactNode;
}

/** Pages outside the signed-in frame (sign-in, sign-up, not found): the brand and one centred card. */
export function PublicLayout({ children, footer }: PublicLayoutProps) {
  return (
    <div className="fg-public">
      <SkipLink />
      <header className="fg-public__header">
        <Brand />
      </header>
      <main id={MAIN_CONTENT_ID} className="fg-public__main" tabIndex={-1}>
        <div className="fg-public__card">{children}</div>
      </main>
      {footer ? <footer className="fg-public__footer">{footer}</footer> : null}
    </div>
  );
}
