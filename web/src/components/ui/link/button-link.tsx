import { Link, type LinkProps } from 'react-router-dom';

interface ButtonLinkProps extends Omit<LinkProps, 'className'> {
  /** primary: the page's main way on; default: an outlined button. */
  variation?: 'primary' | 'default';
  isFullWidth?: boolean;
}

/** A link that leads to another page but looks like one of Amplify's buttons (Sign Up, Go to check-in). */
export function ButtonLink({ variation = 'default', isFullWidth = false, ...link }: ButtonLinkProps) {
  const className = [
    'amplify-button',
    'fg-button-link',
    variation === 'primary' ? 'amplify-button--primary' : '',
    isFullWidth ? 'amplify-button--fullwidth' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return <Link className={className} {...link} />;
}
