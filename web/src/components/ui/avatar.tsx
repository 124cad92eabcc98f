/** The initials shown when there is no picture: the first letters of the first two words. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase());
  return letters.join('') || '?';
}

interface AvatarProps {
  /** Whose picture it is: gives the initials when there is no picture. */
  name: string;
  src?: string | null;
  size?: 'small' | 'large';
  className?: string;
}

/**
 * A round picture, or the initials without one, with Amplify UI's look (its avatar.css classes) and none of its
 * JavaScript, so the signed-in frame draws without Amplify UI. Decorative: the name is always written beside it.
 */
export function Avatar({ name, src, size, className }: AvatarProps) {
  const classes = ['amplify-avatar', size ? `amplify-avatar--${size}` : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true">
      {src ? <img className="amplify-avatar__image" src={src} alt="" /> : initialsOf(name)}
    </span>
  );
}
