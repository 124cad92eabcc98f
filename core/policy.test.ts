import { canManage, isAllowed, mayCall, MANAGES, POLICY, type PolicyField } from './policy';
import { ROLES } from './roles';

const user = (...groups: string[]) => ({ signedIn: true as const, groups });
const signedOut = { signedIn: false as const };

describe('policy map', () => {
  it('lets a user in several groups call what any one of their roles may (a coach who also plays checks in)', () => {
    expect(mayCall('Mutation.submitAnswers', user('COACH', 'GAMER'))).toBe(true);
    expect(mayCall('Mutation.submitAnswers', user('SELF'))).toBe(true);
    expect(mayCall('Mutation.submitAnswers', user('COACH'))).toBe(false);
    expect(mayCall('Mutation.submitAnswers', user('ADMIN'))).toBe(false);
  });

  it('keeps sign-in and sign-up for the public token and signed-in fields closed to it', () => {
    expect(mayCall('Mutation.loginUser', signedOut)).toBe(true);
    expect(mayCall('Mutation.loginUser', user('GAMER'))).toBe(false);
    expect(mayCall('Query.me', signedOut)).toBe(false);
    expect(mayCall('Mutation.logoutUser', signedOut)).toBe(true);
    expect(mayCall('Mutation.logoutUser', user())).toBe(true);
  });

  it('asks for one of the field’s relations to its subject', () => {
    expect(isAllowed('Query.myTeamScoreStats', user('GAMER'), ['member'])).toBe(false);
    expect(isAllowed('Query.myTeamScoreStats', user('COACH'), ['coach'])).toBe(true);
    expect(isAllowed('Mutation.setSelectedTeam', user('GAMER'), ['member'])).toBe(true);
    expect(isAllowed('Query.myScore', user('DIRECTOR'), [])).toBe(false);
    expect(isAllowed('Query.myScore', user('ADMIN'), ['admin'])).toBe(true);
    expect(isAllowed('Subscription.onSelectedTeamChanged', user('SUPERADMIN'), ['admin'])).toBe(false);
  });

  it('names the argument that carries the subject of every user, team or comment field', () => {
    const subjects = (Object.keys(POLICY) as PolicyField[]).flatMap((field) => {
      const { subject } = POLICY[field] as (typeof POLICY)[PolicyField];
      return subject.kind === 'none' || subject.kind === 'caller' ? [] : [`${subject.kind}:${subject.argument}`];
    });
    // teamsByOwner names its user ownerId, as the spec does; getRepliedComment names its comment answerTo; user (the
    // spec's "user by where") names it id, updateUser where.id. The authorization matrix passes the subject under these names.
    expect(new Set(subjects)).toEqual(new Set(['user:userId', 'user:ownerId', 'user:id', 'user:where.id', 'team:teamId', 'comment:answerTo']));
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
