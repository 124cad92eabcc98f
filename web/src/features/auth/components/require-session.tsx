import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';
import { ADMIN_ONLY_FALLBACK, canOpenAdminRoutes, defaultHomePath, loginPath } from '../routing';
import { browserSession } from '../session/browser-session';

/**
 * The guard of /home: signed-out visitors go to /auth/login, which returns them to this path and query
 * after sign-in. After the user's own Sign Out nothing is remembered.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session) return children;
  const signedOutHere = browserSession().lastEnd()?.reason === 'signed-out';
  return <Navigate to={loginPath(signedOutHere ? null : `${pathname}${search}`)} replace />;
}

/** /home itself: the page the user's role starts on (docs/product.md, "Public and session routes"). */
export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={session ? defaultHomePath(session.groups) : paths.auth.login} replace />;
}

/**
 * Layout route around the admin-only pages. A non-admin is sent to /home/users/ as the spec says; that
 * page is admin-only too, so there they are told they have no access instead of being sent round again.
 */
export function AdminRoutes() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session && canOpenAdminRoutes(session.groups)) return <Outlet />;
  if (pathname !== ADMIN_ONLY_FALLBACK) return <Navigate to={ADMIN_ONLY_FALLBACK} replace />;
  return (
    <EmptyState
      title="No access"
      description="This part of FitGauge is for administrators."
      actions={
        <ButtonLink variation="primary" to={paths.home.root}>
          Go to my home page
        </ButtonLink>
      }
    />
  );
}
