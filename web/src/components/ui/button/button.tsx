import type { ComponentPropsWithRef } from 'react';
import { Loader } from '../loader';

interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary: the form's main action; link: looks like a link; menu and warning/destructive as in Amplify UI. */
  variation?: 'primary' | 'link' | 'menu' | 'warning' | 'destructive';
  size?: 'small' | 'large';
  isFullWidth?: boolean;
  isDisabled?: boolean;
  /** Busy: disabled, with a spinner and `loadingText` (or the label) instead of the label. */
  isLoading?: boolean;
  loadingText?: string;
}

/**
 * A button with Amplify UI's look (its button.css classes) and props, without Amplify UI's JavaScript, so the first
 * pages load less code.
 */
export function Button({
  variation,
  size,
  isFullWidth = false,
  isDisabled = false,
  isLoading = false,
  loadingText,
  className,
  type = 'button',
  disabled: disabledAttribute = false,
  children,
  ...button
}: ButtonProps) {
  const disabled = isDisabled || isLoading || disabledAttribute;
  const classes = [
    'amplify-button',
    'amplify-field-group__control',
    variation ? `amplify-button--${variation}` : '',
    size ? `amplify-button--${size}` : '',
    disabled ? 'amplify-button--disabled' : '',
    isLoading ? 'amplify-button--loading' : '',
    isFullWidth ? 'amplify-button--fullwidth' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled} {...button}>
      {isLoading ? (
        <span className="amplify-flex amplify-button__loader-wrapper">
          <Loader size={size} />
          {loadingText ?? children}
        </span>
      ) : (
        children
      )}
    </button>
  );
}
