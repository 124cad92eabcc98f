/**
 * Where sign-in, sign-up and /home send a user (docs/product.md, "Public and session routes").
 * Pure functions of the user's groups and profile, shared by the pages and the guard.
 */
import { isAdmin, isCoach, isDirector } from '@core/roles';
import { paths, withQuery } from '@/config/paths';

/** Where a non-admin who opens an admin-only route is sent (docs/accounts.md, "In the web app"). */
export const ADMIN_ONLY_FALLBACK = paths.home.users;

/** The query parameter of /auth/login that carries the page to return to after sign-in. */
export const REDIRECT_PARAM = 'redirectTo';

/** The slice of `me` the routing needs. */
interface InviteHolder {
  Invites?: readonly { role: string; status: string }[] | null;
  /** The teams the user plays in. */
  Team?: readonly unknown[] | null;
}

/**
 * The page /home opens for the user: admin -> content, director (manager) -> director portal, coach -> coach portal,
 * anyone else (gamers) -> Today. The spec sends the last to /pricing, because its gamers used a separate mobile app;
 * here the installed web app is the gamer's app (docs/product.md, "Where FitGauge leaves the spec").
 */
export function defaultHomePath(groups: readonly string[]): string {
  if (isAdmin(groups)) return paths.home.videos;
  if (isDirector(groups)) return paths.home.managerPortal;
  if (isCoach(groups)) return paths.home.coachPortal;
  return paths.home.today;
}

/** Admin-only routes: the admin flag, which also covers directors for route access (docs/product.md, "Who uses it"). */
export const canOpenAdminRoutes = (groups: readonly string[]) => isAdmin(groups) || isDirector(groups);

/** Admins and directors go on without loading their profile; everyone else's pending invites decide. */
export const needsProfileAfterLogin = (groups: readonly string[]) => !(isAdmin(groups) || isDirector(groups));

export const hasPendingCoachInvite = (me: InviteHolder | null | undefined) =>
  (me?.Invites ?? []).some((invite) => invite.role === 'COACH' && invite.status === 'PENDING');

/**
 * After sign-in: the remembered page if there is one; otherwise the coach-portal invite tab for a pending
 * coach invite (only looked at for non-admins, whose profile is loaded), else /home.
 */
export function afterLoginPath(options: { groups: readonly string[]; me: InviteHolder | null; redirectTo: string | null }): string {
  if (options.redirectTo) return options.redirectTo;
  if (needsProfileAfterLogin(options.groups) && hasPendingCoachInvite(options.me)) return paths.home.coachInvites;
  return paths.home.root;
}

/** A gamer who came with a team: he plays in one, or signed up through a team's gamer invite (still to accept). */
const joinsATeam = (me: InviteHolder | null) =>
  (me?.Team ?? []).length > 0 || (me?.Invites ?? []).some((invite) => invite.role !== 'COACH' && invite.status === 'PENDING');

/**
 * After sign-up: the coach-portal invite tab for a pending coach invite; Today for a gamer who joins a team (the spec
 * says pricing: docs/product.md, "Where FitGauge leaves the spec"); else pricing, where a new account buys a dashboard.
 */
export function afterSignUpPath(me: InviteHolder | null): string {
  if (hasPendingCoachInvite(me)) return paths.home.coachInvites;
  return joinsATeam(me) ? paths.home.today : paths.pricing;
}

/**
 * A page to return to, from the query string: only a path inside this app (no other site, no
 * protocol-relative `//host` or `/\host` address, nothing outside /home but a coupon link), else null.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const url = new URL(value, 'http://app.invalid');
  if (url.origin !== 'http://app.invalid') return null;
  const inHome = url.pathname === paths.home.root || url.pathname.startsWith(`${paths.home.root}/`);
  // A coupon link sends a signed-out visitor to sign in first and back (/activate/coupon).
  if (!inHome && url.pathname !== paths.activateCoupon) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth/login, remembering `redirectTo` (path and query) when given. */
export function loginPath(redirectTo?: string | null): string {
  return withQuery(paths.auth.login, redirectTo ? { [REDIRECT_PARAM]: redirectTo } : {});
}
