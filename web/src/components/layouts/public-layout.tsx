import type { ReactNode } from 'react';
import { Brand } from '../ui/brand';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link';

interface PublicLayoutProps {
  children: ReactNode;
  /** Small print at the bottom of the page (e.g. the API status). */
  footer?: ReactNode;
  /** 'page': wide content from the top, without the card (e.g. the score simulator). */
  variant?: 'card' | 'page';
}

/** Pages outside the signed-in frame (sign-in, sign-up, not found): the brand and one centred card. */
export function PublicLayout({ children, footer, variant = 'card' }: PublicLayoutProps) {
  return (
    <div className="fg-public">
      <SkipLink />
      <header className="fg-public__header">
        <Brand />
      </header>
      <main id={MAIN_CONTENT_ID} className="fg-public__main" data-variant={variant} tabIndex={-1}>
        {variant === 'card' ? <div className="fg-public__card">{children}</div> : children}
      </main>
      {footer ? <footer className="fg-public__footer">{footer}</footer> : null}
    </div>
  );
}
