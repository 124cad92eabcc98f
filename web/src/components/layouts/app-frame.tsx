import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { NavLink, useLocation } from 'react-router-dom';
import { useStoredFlag } from '@/hooks/use-stored-flag';
import { Avatar } from '../ui/avatar';
import { Brand } from '../ui/brand';
import { Icon, type IconName } from '../ui/icon';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link';

export interface NavItem {
  /** Link target: a path, optionally with a query (`/home/my-team/journal?teamId=t1`). */
  to: string;
  label: string;
  icon: IconName;
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  /** Shows a notification marker (e.g. unread team notifications on Journal). */
  marker?: boolean;
  /** Runs when the item is chosen (e.g. Add a video clears an earlier upload). */
  onSelect?: () => void;
}

/** Who is signed in, as the sidebar header shows it. */
interface FrameProfile {
  fullName: string;
  roleLabel: string;
  avatarUrl?: string | null;
}

interface AppFrameProps {
  /** null while nobody is signed in (or the user is still loading): the header shows the brand only. */
  profile: FrameProfile | null;
  navItems: readonly NavItem[];
  /**
   * Rendered under the navigation list (team dashboards and their actions). Links and buttons given the
   * `fg-nav-link` class, with their text in `fg-nav-link__label`, look like the items and shrink to icons
   * when the sidebar is collapsed; the same goes for the footer.
   */
  navExtra?: ReactNode;
  /** The sidebar's footer (Billing, Sign Out). */
  footer?: ReactNode;
  children: ReactNode;
}

const SIDEBAR_ID = 'fg-sidebar';
const COLLAPSED_KEY = 'fg.sidebar.collapsed';
/** Where the phone layout ends; the same breakpoint as in styles/global.css. */
const WIDE_LAYOUT_QUERY = '(min-width: 48.0625em)';

/**
 * The signed-in frame: a collapsible navigation sidebar (an overlay drawer on narrow screens)
 * beside the page's <main>.
 */
export function AppFrame({ profile, navItems, navExtra, footer, children }: AppFrameProps) {
  const location = useLocation();
  const [collapsed, setCollapsed] = useStoredFlag(COLLAPSED_KEY, false);
  // The drawer stays open only on the page it was opened on, so following a link closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === location.key;
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const closeDrawer = useCallback(() => {
    // Commit first: the menu button is inert while the drawer is open, and cannot take focus before.
    flushSync(() => setDrawerOpenAt(null));
    menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    // Widening the window past the phone layout ends the drawer (and the page's inert state) too.
    const wide = window.matchMedia(WIDE_LAYOUT_QUERY);
    const onWide = () => wide.matches && setDrawerOpenAt(null);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWide);
    };
  }, [drawerOpen, closeDrawer]);

  return (
    <div className="fg-frame" data-collapsed={collapsed || undefined} data-drawer-open={drawerOpen || undefined}>
      <SkipLink />
      <header className="fg-topbar" inert={drawerOpen}>
        <button
          ref={menuButton}
          type="button"
          className="fg-icon-button"
          aria-label="Navigation menu"
          aria-controls={SIDEBAR_ID}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpenAt(location.key)}
        >
          <Icon name="menu" />
        </button>
        <Brand />
      </header>

      {drawerOpen ? <div className="fg-frame__overlay" aria-hidden="true" onClick={closeDrawer} /> : null}

      <aside
        id={SIDEBAR_ID}
        className="fg-sidebar"
        // On a phone the open drawer is a modal dialog over the page.
        {...(drawerOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Navigation menu' } : { 'aria-label': 'Sidebar' })}
      >
        <div className="fg-sidebar__top">
          <Brand />
          <button
            type="button"
            className="fg-icon-button fg-sidebar__collapse"
            aria-label="Navigation sidebar"
            title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-controls={SIDEBAR_ID}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
          >
            <Icon name={collapsed ? 'chevrons-right' : 'chevrons-left'} />
          </button>
          <button
            ref={closeButton}
            type="button"
            className="fg-icon-button fg-sidebar__close"
            aria-label="Close navigation menu"
            onClick={closeDrawer}
          >
            <Icon name="close" />
          </button>
        </div>

        {profile ? (
          <div className="fg-sidebar__profile">
            <Avatar name={profile.fullName} src={profile.avatarUrl} size="large" className="fg-sidebar__avatar" />
            <div className="fg-sidebar__identity">
              <span className="fg-sidebar__name">{profile.fullName}</span>
              <span className="fg-sidebar__role">{profile.roleLabel}</span>
            </div>
          </div>
        ) : null}

        <nav className="fg-sidebar__nav" aria-label="Main">
          {navItems.length > 0 ? (
            <ul className="fg-nav-list">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className="fg-nav-link" title={collapsed ? item.label : undefined} onClick={item.onSelect}>
                    <Icon name={item.icon} />
                    <span className="fg-nav-link__label">{item.label}</span>
                    {item.marker ? <span className="fg-nav-link__marker" role="img" aria-label="new notifications" /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : null}
          {navExtra}
        </nav>

        {footer ? <div className="fg-sidebar__footer">{footer}</div> : null}
      </aside>

      <main id={MAIN_CONTENT_ID} className="fg-frame__main" tabIndex={-1} inert={drawerOpen}>
        {children}
      </main>
    </div>
  );
}
