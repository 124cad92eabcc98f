import {
  ANYONE,
  BACKEND_ONLY,
  canManage,
  GAMER_READ,
  GAMERS_OWN_DATA,
  isAllowed,
  mayCall,
  MANAGES,
  OWN_DATA,
  PUBLIC_ONLY,
  TEAM_STATISTICS,
} from './policy';
import { ROLES } from './roles';

const user = (...groups: string[]) => ({ signedIn: true as const, groups });
const signedOut = { signedIn: false as const };

describe('policy rows', () => {
  it('let a user in several groups call what any one of their roles may (a coach who also plays checks in)', () => {
    expect(mayCall(GAMERS_OWN_DATA, user('COACH', 'GAMER'))).toBe(true);
    expect(mayCall(GAMERS_OWN_DATA, user('SELF'))).toBe(true);
    expect(mayCall(GAMERS_OWN_DATA, user('COACH'))).toBe(false);
    expect(mayCall(GAMERS_OWN_DATA, user('ADMIN'))).toBe(false);
  });

  it('keep public-only fields for the public token and signed-in fields closed to it', () => {
    expect(mayCall(PUBLIC_ONLY, signedOut)).toBe(true);
    expect(mayCall(PUBLIC_ONLY, user('GAMER'))).toBe(false);
    expect(mayCall(OWN_DATA, signedOut)).toBe(false);
    expect(mayCall(ANYONE, signedOut)).toBe(true);
    expect(mayCall(ANYONE, user())).toBe(true);
    expect(mayCall(BACKEND_ONLY, { signedIn: false, iam: true })).toBe(true);
    expect(mayCall(BACKEND_ONLY, user('SUPERADMIN'))).toBe(false);
  });

  it('ask for one of the row’s relations to its subject', () => {
    expect(isAllowed(TEAM_STATISTICS, user('GAMER'), ['member'])).toBe(false);
    expect(isAllowed(TEAM_STATISTICS, user('COACH'), ['coach'])).toBe(true);
    expect(isAllowed(GAMER_READ, user('DIRECTOR'), [])).toBe(false);
    expect(isAllowed(GAMER_READ, user('ADMIN'), ['admin'])).toBe(true);
    expect(isAllowed(OWN_DATA, user('GAMER'), [])).toBe(true);
  });
});

describe('management map (docs/product.md, Who uses it)', () => {
  it('is the spec’s table, letter for letter', () => {
    expect(MANAGES).toEqual({
      SELF: ['SELF'],
      GAMER: ['GAMER'],
      COACH: ['GAMER'],
      DIRECTOR: ['GAMER', 'COACH'],
      ADMIN: ['GAMER', 'COACH', 'DIRECTOR'],
      SUPERADMIN: ['GAMER', 'COACH', 'DIRECTOR', 'ADMIN'],
    });
  });

  it('never lets a role manage a role above it, and nobody manages SUPERADMIN', () => {
    for (const manager of ROLES) {
      expect(canManage(manager, 'SUPERADMIN')).toBe(false);
    }
    expect(canManage('ADMIN', 'ADMIN')).toBe(false);
    expect(canManage('COACH', 'DIRECTOR')).toBe(false);
    expect(canManage('DIRECTOR', 'COACH')).toBe(true);
  });
});
