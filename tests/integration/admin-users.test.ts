/**
 * User administration against the running local stack (docs/accounts.md, "Admin actions"): the list and its search,
 * edits, role changes, enable/disable, bulk delete, the management map, and the audit entry of each admin change.
 * Every case acts on fresh accounts, never on the demo ones.
 */
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { AUTH_ERRORS } from '@core/auth/validation';
import { accountWithRole, freshEmail, signUpAccount, type RoleAccount } from '../support/accounts';
import { cognitoClient, DEMO_PASSWORD, graphql, signIn, stackUrls, useStackEnvironment } from '../support/stack';
import { call, ok, refusal } from '../support/team-fixtures';
import { dynamoUserAdminStore } from '../../lambdas/lib/stores/user-admin-store';
import { TransactionRefused } from '../../lambdas/lib/stores/transactions';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { userAuditEntry } from '../../lambdas/users/users';

jest.setTimeout(120_000);

const USER = 'id email fullName username role enabled subscription';
const USERS = `query($where: UsersWhereInput, $take: Int, $skip: Int) { users(where: $where, take: $take, skip: $skip) { ${USER} } }`;
const COUNT = 'query($where: UsersWhereInput) { aggregateUser(where: $where) { count } }';
const UPDATE = `mutation($data: UpdateUserInput!, $where: UserWhereUniqueInput!) { updateUser(data: $data, where: $where) { ${USER} timeZone preferMetricUnits } }`;
const ROLE = `mutation($role: Role!, $email: String!) { updateUserRole(role: $role, email: $email) { ${USER} } }`;
const DISABLE = `mutation($email: String!) { disableUser(email: $email) { ${USER} } }`;
const ENABLE = `mutation($email: String!) { enableUser(email: $email) { ${USER} } }`;
const DELETE = 'mutation($email: [String!]!) { deleteUser(email: $email) { count errors { email message } } }';
const AUDIT = `query($actorId: ID, $targetId: ID, $take: Int, $cursor: String) {
  auditLogs(actorId: $actorId, targetId: $targetId, take: $take, cursor: $cursor) { items { id at actorId actorEmail action targetId targetLabel before after } nextCursor } }`;
const LOGIN = 'mutation($email: String!, $password: String!) { loginUser(email: $email, password: $password) { accessToken refreshToken groups } }';
const REFRESH = 'mutation($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { accessToken groups } }';

let admin: RoleAccount;
let superadmin: RoleAccount;

/** A fresh gamer with a name and username of his own (a search finds him by them). */
async function gamer(label: string, fullName = `Fresh ${label.replace(/\./g, ' ')}`) {
  const email = freshEmail(label);
  const { user } = await signUpAccount(email, fullName);
  return { id: user.id, email, token: (await signIn(email)).accessToken };
}

async function entriesAbout(targetId: string) {
  const data = await ok(admin, AUDIT, { targetId, take: 50 });
  return data.auditLogs.items as { action: string; actorId: string; actorEmail: string; before: string | null; after: string | null }[];
}

async function groupsOf(userId: string): Promise<string[]> {
  const client = cognitoClient();
  try {
    const { Groups } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: stackUrls().userPoolId, Username: userId }));
    return (Groups ?? []).map((group) => group.GroupName!).sort();
  } finally {
    client.destroy();
  }
}

const login = (email: string) => graphql(LOGIN, { email, password: DEMO_PASSWORD }, { publicToken: true });
const refresh = (refreshToken: string) => graphql(REFRESH, { refreshToken }, { publicToken: true });
/** Sign-outs count whole seconds (a token of the same second stays valid): a session older than a second is refused by one. */
const aSecondLater = () => new Promise((resolve) => setTimeout(resolve, 1100));

beforeAll(async () => {
  useStackEnvironment();
  [admin, superadmin] = await Promise.all([accountWithRole('ADMIN', 'users.admin'), accountWithRole('SUPERADMIN', 'users.superadmin')]);
});

describe('the user list', () => {
  it('finds a user case-insensitively by the start of his e-mail, username or any word of his full name, and counts the same', async () => {
    const unique = `zq${Date.now().toString(36)}`;
    const person = await gamer(`${unique}.mail`, `Quentin ${unique}Surname`);
    await ok(admin, UPDATE, { where: { id: person.id }, data: { username: `${unique}_nick` } });
    for (const search of [unique.toUpperCase(), `${unique}.MAIL`, `${unique}_Nick`, `${unique}surname`, `quentin ${unique}`]) {
      const { users } = await ok(admin, USERS, { where: { search } });
      expect({ search, found: users.map((user: { id: string }) => user.id) }).toEqual({ search, found: [person.id] });
    }
    expect((await ok(admin, COUNT, { where: { search: unique } })).aggregateUser.count).toBe(1);
    expect((await ok(admin, USERS, { where: { search: `${unique}zzz` } })).users).toEqual([]);
  });

  it('filters by status and role, pages with take and skip, and labels the subscription', async () => {
    const unique = `zs${Date.now().toString(36)}`;
    const [first, second, third] = await Promise.all([gamer(`${unique}.a`), gamer(`${unique}.b`), gamer(`${unique}.c`)]);
    await ok(admin, DISABLE, { email: second.email });
    const search = { search: unique };
    const inactive = await ok(admin, USERS, { where: { ...search, enabled: false } });
    expect(inactive.users.map((user: { email: string }) => user.email)).toEqual([second.email]);
    const active = await ok(admin, USERS, { where: { ...search, enabled: true }, take: 10 });
    expect(active.users.map((user: { email: string }) => user.email).sort()).toEqual([first.email, third.email].sort());
    expect((await ok(admin, USERS, { where: { ...search, roles: ['COACH'] } })).users).toEqual([]);
    expect((await ok(admin, USERS, { where: { ...search, roles: ['GAMER'], subscriptions: ['FG_FREE'] } })).users).toHaveLength(3);
    const pages = await Promise.all([0, 1, 2].map((skip) => ok(admin, USERS, { where: search, take: 1, skip })));
    expect(new Set(pages.map((page) => page.users[0].id)).size).toBe(3);
    expect(pages[0]!.users[0].subscription).toBe('Free');
    expect((await ok(admin, COUNT, { where: { ...search, enabled: false } })).aggregateUser.count).toBe(1);
  });

  it('lists everyone newest first without a filter, as the page first asks, and refuses an empty filter', async () => {
    const newest = await gamer('users.newest');
    const data = await ok(admin, `${USERS.replace('query(', 'query AdminUsers(')}`, { take: 10 });
    expect(data.users[0].id).toBe(newest.id);
    expect((await ok(admin, 'query { aggregateUser { count more } }')).aggregateUser.count).toBeGreaterThan(1);
    expect(await refusal(admin, USERS, { where: {} })).toEqual({
      errorType: 'ValidationError',
      message: 'where must filter by something (leave it out to list everyone).',
    });
  });

  it('is for admins only', async () => {
    const someone = await gamer('users.gamer');
    expect(await refusal(someone, USERS, {})).toEqual({ errorType: 'Unauthorized', message: 'Only admins can do this.' });
    expect(await refusal(someone, COUNT, {})).toEqual({ errorType: 'Unauthorized', message: 'Only admins can do this.' });
    expect(await refusal(someone, AUDIT, {})).toEqual({ errorType: 'Unauthorized', message: 'Only admins can do this.' });
  });
});

describe('updateUser', () => {
  it('lets a user edit his own fields, not his role, and writes no audit entry for it', async () => {
    const person = await gamer('users.self');
    const { updateUser } = await ok(person, UPDATE, {
      where: { id: person.id },
      data: { fullName: 'New Name', username: 'newnick', preferMetricUnits: true, timeZone: 'Europe/Berlin' },
    });
    expect(updateUser).toMatchObject({
      fullName: 'New Name',
      username: 'newnick',
      preferMetricUnits: true,
      timeZone: 'Europe/Berlin',
      role: 'GAMER',
    });
    expect(await refusal(person, UPDATE, { where: { id: person.id }, data: { role: 'DIRECTOR' } })).toEqual({
      errorType: 'Unauthorized',
      message: 'You cannot change your own role.',
    });
    const other = await gamer('users.other');
    expect((await refusal(person, UPDATE, { where: { id: other.id }, data: { fullName: 'Hacked' } })).errorType).toBe('Unauthorized');
    expect(await entriesAbout(person.id)).toEqual([]);
  });

  it('refuses a full name of 1 or 21 characters with the form texts, and changes nothing', async () => {
    const person = await gamer('users.short', 'Kept Name');
    expect(await refusal(admin, UPDATE, { where: { id: person.id }, data: { fullName: 'A' } })).toEqual({
      errorType: 'ValidationError',
      message: 'Too Short!',
    });
    expect(await refusal(admin, UPDATE, { where: { id: person.id }, data: { fullName: 'A'.repeat(21) } })).toEqual({
      errorType: 'ValidationError',
      message: 'Too Long!',
    });
    expect((await ok(admin, USERS, { where: { search: person.email } })).users[0].fullName).toBe('Kept Name');
    expect(await entriesAbout(person.id)).toEqual([]);
  });

  it("an admin's edit with a role change moves the Cognito group first, writes one entry, and the user's next refresh carries it", async () => {
    const person = await gamer('users.promote');
    const session = (await login(person.email)).data!.loginUser;
    await aSecondLater();
    const { updateUser } = await ok(admin, UPDATE, { where: { id: person.id }, data: { fullName: 'Now Coach', role: 'COACH' } });
    expect(updateUser).toMatchObject({ fullName: 'Now Coach', role: 'COACH' });
    expect(await groupsOf(person.id)).toEqual(['COACH']);
    // His old token is refused (as after a sign-out), and his refresh gives the new group.
    expect((await call({ token: session.accessToken }, 'query { me { id } }')).errors?.[0]?.message).toMatch(/jwt expired/);
    expect((await refresh(session.refreshToken)).data?.refreshToken.groups).toEqual(['COACH']);
    const entries = await entriesAbout(person.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'updateUser', actorId: admin.id, actorEmail: admin.email });
    expect(JSON.parse(entries[0]!.before!)).toEqual({ role: 'GAMER', fullName: 'Fresh users promote' });
    expect(JSON.parse(entries[0]!.after!)).toEqual({ role: 'COACH', fullName: 'Now Coach' });
  });
});

describe('concurrent admins', () => {
  it('three edits of one user sent at once all get through, each with its own entry', async () => {
    const person = await gamer('users.parallel');
    const edits = [admin, superadmin, admin].map((who, index) =>
      call(who, UPDATE, { where: { id: person.id }, data: { fullName: `Parallel ${index}` } }),
    );
    const answers = await Promise.all(edits);
    expect(answers.map((answer) => answer.errors)).toEqual([undefined, undefined, undefined]);
    const entries = await entriesAbout(person.id);
    expect(entries.map((entry) => JSON.parse(entry.after!).fullName).sort()).toEqual(['Parallel 0', 'Parallel 1', 'Parallel 2']);
    // Each entry's before is what the previous write left: the writes were applied one after the other.
    const befores = entries.map((entry) => JSON.parse(entry.before!).fullName);
    expect(new Set(befores).size).toBe(3);
  });
});

describe('the management map', () => {
  it('refuses an ADMIN on a SUPERADMIN and on another ADMIN, and anyone on himself, with no entry', async () => {
    const otherAdmin = await accountWithRole('ADMIN', 'users.admin2');
    for (const [caller, target, mutation, variables] of [
      [admin, superadmin, DISABLE, { email: superadmin.email }],
      [admin, otherAdmin, ROLE, { email: otherAdmin.email, role: 'GAMER' }],
      [admin, superadmin, UPDATE, { where: { id: superadmin.id }, data: { fullName: 'Renamed' } }],
      [admin, superadmin, DELETE, { email: [superadmin.email] }],
      [admin, admin, DISABLE, { email: admin.email }],
      [superadmin, superadmin, ROLE, { email: superadmin.email, role: 'GAMER' }],
    ] as const) {
      const { data, errors } = await call(caller, mutation, variables);
      const message = errors?.[0]?.message ?? data?.deleteUser?.errors?.[0]?.message;
      expect(message).toMatch(
        target === caller
          ? 'You cannot do this to your own account.'
          : /^Your role \((ADMIN|SUPERADMIN)\) cannot manage a user whose role is (SUPERADMIN|ADMIN)\.$/,
      );
      expect(await entriesAbout(target.id)).toEqual([]);
    }
  });

  it('lets an ADMIN promote a gamer to DIRECTOR but not to ADMIN; a SUPERADMIN may', async () => {
    const person = await gamer('users.ranks');
    expect((await refusal(admin, ROLE, { email: person.email, role: 'ADMIN' })).message).toBe(
      'Your role (ADMIN) cannot manage a user whose role is ADMIN.',
    );
    expect((await ok(admin, ROLE, { email: person.email, role: 'DIRECTOR' })).updateUserRole.role).toBe('DIRECTOR');
    expect((await ok(superadmin, ROLE, { email: person.email, role: 'ADMIN' })).updateUserRole.role).toBe('ADMIN');
    expect(await groupsOf(person.id)).toEqual(['ADMIN']);
    expect((await entriesAbout(person.id)).map((entry) => entry.action)).toEqual(['updateUserRole', 'updateUserRole']);
  });

  it('is refused to gamers, coaches and directors for every admin action', async () => {
    const person = await gamer('users.target');
    const director = await accountWithRole('DIRECTOR', 'users.director');
    for (const [mutation, variables] of [
      [ROLE, { email: person.email, role: 'COACH' }],
      [DISABLE, { email: person.email }],
      [ENABLE, { email: person.email }],
      [DELETE, { email: [person.email] }],
    ] as const) {
      expect(await refusal(director, mutation, variables)).toEqual({ errorType: 'Unauthorized', message: 'Only admins can do this.' });
    }
    expect(await entriesAbout(person.id)).toEqual([]);
  });
});

describe('disable and enable', () => {
  it("refuse the user's sign-in and refresh and end his sessions, then let him in again, one entry each", async () => {
    const person = await gamer('users.disable');
    const session = (await login(person.email)).data!.loginUser;
    await aSecondLater();
    expect((await ok(admin, DISABLE, { email: person.email })).disableUser.enabled).toBe(false);
    expect((await login(person.email)).errors?.[0]?.message).toBe(AUTH_ERRORS.disabled);
    expect((await refresh(session.refreshToken)).errors).toBeDefined();
    expect((await call({ token: session.accessToken }, 'query { me { id } }')).errors?.[0]?.message).toMatch(/jwt expired/);

    expect((await ok(admin, ENABLE, { email: person.email })).enableUser.enabled).toBe(true);
    const again = await login(person.email);
    expect(again.errors).toBeUndefined();
    expect((await call({ token: again.data!.loginUser.accessToken }, 'query { me { id } }')).data?.me.id).toBe(person.id);
    expect((await entriesAbout(person.id)).map((entry) => entry.action)).toEqual(['enableUser', 'disableUser']);
  });
});

describe('bulk delete', () => {
  it('deletes three users where one is refused and reports exactly that one, with an entry per deleted user', async () => {
    const [first, second] = await Promise.all([gamer('users.delete1'), gamer('users.delete2')]);
    const { deleteUser } = await ok(admin, DELETE, { email: [first.email, superadmin.email, second.email] });
    expect(deleteUser).toEqual({
      count: 2,
      errors: [{ email: superadmin.email, message: 'Your role (ADMIN) cannot manage a user whose role is SUPERADMIN.' }],
    });
    expect((await login(first.email)).errors?.[0]?.message).toBe(AUTH_ERRORS.emailNotFound);
    expect((await ok(admin, USERS, { where: { search: second.email } })).users).toEqual([]);
    for (const deleted of [first, second]) expect((await entriesAbout(deleted.id)).map((entry) => entry.action)).toEqual(['deleteUser']);
    expect(await entriesAbout(superadmin.id)).toEqual([]);
  });

  it('says which e-mail has no user', async () => {
    const nobody = freshEmail('users.nobody');
    expect((await ok(admin, DELETE, { email: [nobody] })).deleteUser).toEqual({
      count: 0,
      errors: [{ email: nobody, message: 'No user has this e-mail.' }],
    });
  });
});

describe('the audit log', () => {
  it('keeps no entry of a change its transaction refused (the profile changed since it was read)', async () => {
    const person = await gamer('users.stale');
    const stale = (await dynamoUserStore.get(person.id))!;
    await ok(admin, UPDATE, { where: { id: person.id }, data: { fullName: 'First Change' } });
    const caller = { sub: admin.id, email: admin.email, groups: ['ADMIN'], role: 'ADMIN' as const };
    const late = dynamoUserAdminStore.update(
      stale,
      { fullName: 'Lost Change' },
      userAuditEntry(caller, 'updateUser', stale, { fullName: 'Lost Change' }),
      new Date().toISOString(),
    );
    await expect(late).rejects.toEqual(new TransactionRefused('profile'));
    expect((await entriesAbout(person.id)).map((entry) => JSON.parse(entry.after!))).toEqual([{ fullName: 'First Change' }]);
    expect((await dynamoUserStore.get(person.id))!.fullName).toBe('First Change');
  });

  it("lists an actor's entries newest first, a page at a time", async () => {
    const actor = await accountWithRole('ADMIN', 'users.auditor');
    const person = await gamer('users.audited');
    await ok(actor, DISABLE, { email: person.email });
    await ok(actor, ENABLE, { email: person.email });
    await ok(actor, ROLE, { email: person.email, role: 'COACH' });
    const first = (await ok(actor, AUDIT, { actorId: actor.id, take: 2 })).auditLogs;
    expect(first.items.map((entry: { action: string }) => entry.action)).toEqual(['updateUserRole', 'enableUser']);
    const second = (await ok(actor, AUDIT, { actorId: actor.id, take: 2, cursor: first.nextCursor })).auditLogs;
    expect(second.items.map((entry: { action: string }) => entry.action)).toEqual(['disableUser']);
    const both = (await ok(actor, AUDIT, { actorId: admin.id, targetId: person.id })).auditLogs;
    expect(both.items).toEqual([]);
  });
});
