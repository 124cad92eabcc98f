import type { ComponentPropsWithoutRef, ReactNode } from 'react';

type Variation = 'info' | 'error' | 'warning' | 'success';

/** Line icons (24px grid, stroked with currentColor), as the kit's others. */
const ICON_PATHS: Record<Variation, string> = {
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01',
  error: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 8v4M12 16h.01',
  warning: 'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
  success: 'M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4 12 14l-3-3',
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
              <path
                d={ICON_PATHS[variation ?? 'info']}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
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
