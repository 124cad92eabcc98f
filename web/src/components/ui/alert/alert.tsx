import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type Variation = 'info' | 'error' | 'warning' | 'success';

/** Amplify UI's alert icons (Material icons), filled with currentColor. */
const ICON_PATHS: Record<Variation, string> = {
  info: 'M11 7H13V9H11V7ZM11 11H13V17H11V11ZM12 2C6.48 2 2 6.48 2 12C2 17.52 6.48 22 12 22C17.52 22 22 17.52 22 12C22 6.48 17.52 2 12 2ZM12 20C7.59 20 4 16.41 4 12C4 7.59 7.59 4 12 4C16.41 4 20 7.59 20 12C20 16.41 16.41 20 12 20Z',
  error: 'M12 2C6.48 2 2 6.48 2 12C2 17.52 6.48 22 12 22C17.52 22 22 17.52 22 12C22 6.48 17.52 2 12 2ZM13 17H11V15H13V17ZM13 13H11V7H13V13Z',
  warning: 'M1 21H23L12 2L1 21ZM13 18H11V16H13V18ZM13 14H11V10H13V14Z',
  success:
    'M12 2C6.48 2 2 6.48 2 12C2 17.52 6.48 22 12 22C17.52 22 22 17.52 22 12C22 6.48 17.52 2 12 2ZM12 20C7.59 20 4 16.41 4 12C4 7.59 7.59 4 12 4C16.41 4 20 7.59 20 12C20 16.41 16.41 20 12 20ZM16.59 7.58L10 14.17L7.41 11.59L6 13L10 17L18 9L16.59 7.58Z',
};

interface AlertProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  variation?: Variation;
  heading?: ReactNode;
  /** The variation's icon before the text (on by default, as in Amplify UI). */
  hasIcon?: boolean;
  children?: ReactNode;
}

/** A message box (role=alert) with Amplify UI's look (its alert.css classes), without Amplify UI's JavaScript. */
export function Alert({ variation, heading, hasIcon = true, className, children, ...box }: AlertProps) {
  const classes = ['amplify-flex', 'amplify-alert', className ?? '', variation ? `amplify-alert--${variation}` : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} role="alert" {...box}>
      {hasIcon ? (
        <span className="amplify-alert__icon">
          <span className="amplify-icon fg-em-icon" aria-hidden="true">
            <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
              <path d={ICON_PATHS[variation ?? 'info']} fill="currentColor" />
            </svg>
          </span>
        </span>
      ) : null}
      <div className="fg-alert__content">
        {heading ? <div className="amplify-alert__heading">{heading}</div> : null}
        <div className="amplify-alert__body">{children}</div>
      </div>
    </div>
  );
}
