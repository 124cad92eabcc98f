import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** Links or buttons that lead on. */
  actions?: ReactNode;
  /** Small print under the actions. */
  footer?: ReactNode;
}

/** A centred message for pages that have nothing (or nothing yet) to show. */
export function EmptyState({ title, description, actions, footer }: EmptyStateProps) {
  return (
    <div className="amplify-flex fg-empty-state">
      <h1 className="amplify-heading amplify-heading--1">{title}</h1>
      {description ? <p className="amplify-text amplify-text--secondary">{description}</p> : null}
      {actions ? <div className="amplify-flex fg-empty-state__actions">{actions}</div> : null}
      {footer}
    </div>
  );
}
