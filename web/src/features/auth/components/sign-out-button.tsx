import { Icon } from '@/components/ui/icon';
import { useSignOut } from '../hooks/use-sign-out';

/**
 * The sidebar footer's Sign Out, looking like the navigation items (an icon when collapsed). `beforeSignOut` runs
 * first (the frame clears the selected team there: docs/product.md, "Navigation sidebar").
 */
export function SignOutButton({ beforeSignOut }: { beforeSignOut?: () => void }) {
  const { signOut, signingOut } = useSignOut();
  return (
    <button
      type="button"
      className="fg-nav-link fg-sign-out"
      title="Sign Out" // the collapsed sidebar shows only the icon
      onClick={() => {
        beforeSignOut?.();
        void signOut();
      }}
      disabled={signingOut}
      aria-busy={signingOut || undefined}
    >
      <Icon name="log-out" />
      <span className="fg-nav-link__label">Sign Out</span>
    </button>
  );
}
