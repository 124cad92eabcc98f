import { afterLoginPath, afterSignUpPath, canOpenAdminRoutes, defaultHomePath, hasPendingCoachInvite, loginPath, safeRedirect } from './routing';

const coachInvite = { Invites: [{ role: 'COACH', status: 'PENDING' }] };

describe('defaultHomePath (default redirect under /home)', () => {
  it.each([
    [['SUPERADMIN'], '/home/videos/'],
    [['ADMIN'], '/home/videos/'],
    [['DIRECTOR'], '/home/manager-portal'],
    [['COACH'], '/home/coach-portal'],
    [['GAMER'], '/home/today'],
    [['SELF'], '/home/today'],
    [[], '/home/today'],
  ])('%j -> %s', (groups, path) => {
    expect(defaultHomePath(groups)).toBe(path);
  });

  it('admin wins over director, director over coach', () => {
    expect(defaultHomePath(['DIRECTOR', 'ADMIN'])).toBe('/home/videos/');
    expect(defaultHomePath(['COACH', 'DIRECTOR'])).toBe('/home/manager-portal');
  });
});

describe('afterLoginPath', () => {
  it('sends admins and directors to /home without looking at invites', () => {
    expect(afterLoginPath({ groups: ['ADMIN'], me: coachInvite, redirectTo: null })).toBe('/home');
    expect(afterLoginPath({ groups: ['DIRECTOR'], me: null, redirectTo: null })).toBe('/home');
  });

  it('sends anyone else with a pending coach invite to the invite tab, otherwise to /home', () => {
    expect(afterLoginPath({ groups: ['COACH'], me: coachInvite, redirectTo: null })).toBe('/home/coach-portal?tab=team-invite');
    expect(afterLoginPath({ groups: ['GAMER'], me: { Invites: [] }, redirectTo: null })).toBe('/home');
    expect(afterLoginPath({ groups: ['GAMER'], me: null, redirectTo: null })).toBe('/home');
  });

  it('returns to the remembered page first', () => {
    expect(afterLoginPath({ groups: ['COACH'], me: coachInvite, redirectTo: '/home/my-team?x=1' })).toBe('/home/my-team?x=1');
  });
});

describe('afterSignUpPath', () => {
  it('goes to the invite tab for a pending coach invite', () => {
    expect(afterSignUpPath(coachInvite)).toBe('/home/coach-portal?tab=team-invite');
  });

  it("goes to Today for a gamer who joins a team: a team's pending gamer invite, or a team he plays in", () => {
    expect(afterSignUpPath({ Invites: [{ role: 'GAMER', status: 'PENDING' }] })).toBe('/home/today');
    expect(afterSignUpPath({ Invites: [], Team: [{ id: 't1' }] })).toBe('/home/today');
  });

  it('goes to pricing for an account without a team, where a new account buys a dashboard', () => {
    expect(afterSignUpPath({ Invites: [{ role: 'GAMER', status: 'REJECTED' }], Team: [] })).toBe('/pricing');
    expect(afterSignUpPath(null)).toBe('/pricing');
  });
});

it('only pending COACH invites count', () => {
  expect(hasPendingCoachInvite({ Invites: [{ role: 'COACH', status: 'ACCEPTED' }] })).toBe(false);
  expect(hasPendingCoachInvite({ Invites: null })).toBe(false);
});

it('admin-only routes are open to admins and directors', () => {
  expect(['SUPERADMIN', 'ADMIN', 'DIRECTOR'].every((role) => canOpenAdminRoutes([role]))).toBe(true);
  expect(['COACH', 'GAMER', 'SELF'].some((role) => canOpenAdminRoutes([role]))).toBe(false);
});

describe('safeRedirect', () => {
  it('keeps a path and query under /home', () => {
    expect(safeRedirect('/home/my-team/journal?teamId=t1')).toBe('/home/my-team/journal?teamId=t1');
    expect(safeRedirect('/home')).toBe('/home');
  });

  it('keeps a coupon link, so signing in comes back to apply it', () => {
    expect(safeRedirect('/activate/coupon?code=WELCOME20')).toBe('/activate/coupon?code=WELCOME20');
  });

  it.each([
    'https://evil.example/home',
    '//evil.example/home',
    '/\\evil.example',
    '/auth/login',
    '/homework',
    '/pricing',
    '/activate/coupons',
    'home',
    '',
    null,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });
});

it('loginPath carries the page to return to', () => {
  expect(loginPath('/home/users/?q=a b')).toBe('/auth/login?redirectTo=%2Fhome%2Fusers%2F%3Fq%3Da+b');
  expect(loginPath(null)).toBe('/auth/login');
});
