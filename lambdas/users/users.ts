import { canManage } from '@core/policy';
import { isAdmin, primaryRole, type Role } from '@core/roles';
import { checkInZone } from '@core/user-zone';
import { normalizeSearch } from '@core/users/search';
import {
  type aggregateUserArgsSchema,
  type auditLogsArgsSchema,
  AUDIT_PAGE_SIZE,
  USER_PAGE_SIZE,
  type UpdateUserData,
  type usersArgsSchema,
} from '@core/users/validation';
import type { z } from 'zod';
import { type Caller, logger } from '../lib/appsync';
import type { Actor } from '../lib/audit-actor';
import { AppError, ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { type AuditEntry, listAuditEntries } from '../lib/stores/audit-store';
import { TransactionRefused } from '../lib/stores/transactions';
import type { ProfileChanges } from '../lib/stores/user-admin-store';
import { type UserRecord, userView } from '../lib/stores/user-store';
import type { UsersDeps } from './deps';

const USER_ADMIN_MESSAGES = {
  notFound: 'No user has this e-mail.',
  self: 'You cannot do this to your own account.',
  ownRole: 'You cannot change your own role.',
  changedMeanwhile: 'This user was changed meanwhile. Reload and try again.',
  notDeleted: 'The user could not be deleted. Try again: a deletion that stopped half-way is finished by the next.',
  runningTeams: (names: string[]) => `This user directs ${names.join(', ')}, whose subscription still runs. Cancel it first.`,
  notManaged: (actor: Role | null, target: Role | null) => `Your role (${actor ?? 'none'}) cannot manage a user whose role is ${target ?? 'none'}.`,
} as const;

/** The admin's own role, as the management map reads it (his most privileged group). */
const actorRole = (caller: Caller): Role | null => primaryRole(caller.groups);

/**
 * A user an admin acts on, with the role the management map reads: the most privileged of his Cognito groups (what
 * his tokens carry) and his profile's role, so that no mismatch between the two lets an admin act above his rank.
 */
interface Target {
  user: UserRecord;
  role: Role | null;
}

async function targetOf(user: UserRecord, deps: UsersDeps): Promise<Target> {
  const groups = await deps.pool.groupsOf(user.id);
  return { user, role: primaryRole(user.role ? [...groups, user.role] : groups) };
}

async function targetByEmail(email: string, deps: UsersDeps): Promise<Target> {
  const user = await deps.users.findByEmail(email);
  if (!user) throw new NotFoundError(USER_ADMIN_MESSAGES.notFound);
  return targetOf(user, deps);
}

/**
 * Refuses an action of `caller` on `target` (and, for a role change, on the role `to`) that the management map does not
 * allow (docs/accounts.md, "Profile edits and admin actions"): ADMIN manages GAMER, COACH and DIRECTOR, SUPERADMIN also
 * ADMIN; nobody acts on himself. A user without a role (an account whose sign-up never finished) is any admin's to
 * manage.
 */
function assertManages(caller: Caller, target: Target, to?: Role): void {
  if (target.user.id === caller.sub) throw new UnauthorizedError(USER_ADMIN_MESSAGES.self);
  const actor = actorRole(caller);
  const manages = (role: Role | null) => actor !== null && isAdmin(caller.groups) && (role === null || canManage(actor, role));
  if (!manages(target.role)) throw new UnauthorizedError(USER_ADMIN_MESSAGES.notManaged(actor, target.role));
  if (to && !manages(to)) throw new UnauthorizedError(USER_ADMIN_MESSAGES.notManaged(actor, to));
}

/** The audit entry of an admin action on a user: the changed fields before and after (a deletion: who he was). */
export function userAuditEntry(caller: Caller, action: string, target: UserRecord, changes: ProfileChanges | null): AuditEntry {
  const fields = changes ? (Object.keys(changes) as (keyof ProfileChanges)[]) : ['email', 'fullName', 'role'];
  return {
    actorId: caller.sub,
    actorEmail: caller.email ?? '',
    action,
    targetType: 'User',
    targetId: target.id,
    targetLabel: target.email,
    before: Object.fromEntries(fields.map((field) => [field, target[field as keyof UserRecord] ?? null])),
    after: changes ? { ...changes } : null,
  };
}

/** The caller with his e-mail for the audit log: access tokens carry none, so it comes from his profile then. */
async function withEmail(caller: Caller, deps: UsersDeps): Promise<Caller> {
  return caller.email ? caller : { ...caller, email: (await deps.users.get(caller.sub))?.email ?? null };
}

/** The profile write of an action, its refusal said in words: a concurrent change makes the caller reload. */
async function writeProfile(target: UserRecord, changes: ProfileChanges, audit: AuditEntry | null, deps: UsersDeps): Promise<UserRecord> {
  try {
    return await deps.admin.update(target, changes, audit, deps.now().toISOString());
  } catch (error) {
    if (error instanceof TransactionRefused && error.label === 'profile') throw new ConflictError(USER_ADMIN_MESSAGES.changedMeanwhile);
    throw error;
  }
}

/** Tries of an action whose profile write met a concurrent change; each try reads the profile again. */
const CONFLICT_TRIES = 3;

/**
 * Runs an action again, from its reads, when its profile write found the profile changed since it was read (two
 * admins on one user at once): the second try sees the first's change, and its checks and audit entry start from it.
 */
async function againOnConflict<T>(act: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await act();
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= CONFLICT_TRIES) throw error;
    }
  }
}

/**
 * A role change (first, and only when the role differs: docs/accounts.md, "Profile edits and admin actions"). Cognito
 * first, then the profile with its audit entry in one transaction: when the transaction fails the groups are moved
 * back, and when moving back fails too the profile still names the old role, so calling again (the role still differs)
 * moves the groups and writes the profile. Then every token issued before is refused, so the user's next call refreshes
 * and carries the new group.
 */
async function changeRole(caller: Caller, action: string, { user, role: from }: Target, role: Role, otherChanges: ProfileChanges, deps: UsersDeps) {
  await deps.pool.moveRole(user.id, from, role);
  const changes = { role, ...otherChanges };
  let after: UserRecord;
  try {
    after = await writeProfile(user, changes, userAuditEntry(caller, action, user, changes), deps);
  } catch (error) {
    if (from) await deps.pool.moveRole(user.id, role, from).catch(() => undefined);
    throw error;
  }
  await deps.signOuts.signOut(user.id, deps.now());
  return after;
}

/** The profile fields of an edit as the profile stores them (a zone change takes effect as a check-in's would). */
function profileChanges(target: UserRecord, data: UpdateUserData, now: Date): ProfileChanges {
  const changes: ProfileChanges = {};
  if (data.fullName !== undefined) changes.fullName = data.fullName;
  if (data.username !== undefined) changes.username = data.username || null;
  if (data.preferMetricUnits !== undefined) changes.preferMetricUnits = data.preferMetricUnits;
  if (data.timeZone !== undefined) Object.assign(changes, checkInZone(target, data.timeZone, now).next ?? {});
  return changes;
}

/**
 * `updateUser(data, where)`: the user himself edits his own profile fields (not his role); an admin edits any field of
 * a user within the management map, the role first and only when it differs, with one audit entry. `userId` is
 * `where.id`, which the field's row admits only for the user himself or an admin.
 */
export async function updateUser({ caller: signedIn, action }: Actor, userId: string, data: UpdateUserData, deps: UsersDeps) {
  const caller = await withEmail(signedIn, deps);
  const self = userId === caller.sub;
  return againOnConflict(async () => {
    const user = await deps.users.get(userId);
    if (!user) throw new NotFoundError('User not found.');
    const target = await targetOf(user, deps);
    const newRole = data.role !== undefined && data.role !== target.role ? data.role : null;
    if (self && newRole) throw new UnauthorizedError(USER_ADMIN_MESSAGES.ownRole);
    if (!self) assertManages(caller, target, newRole ?? undefined);
    const changes = profileChanges(user, data, deps.now());
    const after = newRole
      ? await changeRole(caller, action, target, newRole, changes, deps)
      : await writeProfile(user, changes, self ? null : userAuditEntry(caller, action, user, changes), deps);
    return userView(after);
  });
}

/** `updateUserRole(role, email)`: only when the role differs (otherwise nothing changes and nothing is recorded). */
export async function updateUserRole({ caller: signedIn, action }: Actor, { email, role }: { email: string; role: Role }, deps: UsersDeps) {
  const caller = await withEmail(signedIn, deps);
  return againOnConflict(async () => {
    const target = await targetByEmail(email, deps);
    assertManages(caller, target, role);
    return userView(role === target.role ? target.user : await changeRole(caller, action, target, role, {}, deps));
  });
}

/**
 * `disableUser(email)`: the profile's flag (which sign-in and refresh check first) with its audit entry, then every
 * token the user holds refused, then Cognito's flag. A failure after the transaction leaves the user already refused;
 * calling again finds the profile disabled (no second entry) and finishes the sign-out and Cognito.
 */
export async function disableUser(actor: Actor, email: string, deps: UsersDeps) {
  const { user, after } = await writeEnabledFlag(actor, email, false, deps);
  await deps.signOuts.signOut(user.id, deps.now());
  await deps.pool.setEnabled(user.id, false);
  return userView(after);
}

/**
 * `enableUser(email)`: the profile's flag with its audit entry, then Cognito's. Until Cognito's follows, sign-in is
 * still refused (both are checked); calling again finds the profile enabled and finishes Cognito.
 */
export async function enableUser(actor: Actor, email: string, deps: UsersDeps) {
  const { user, after } = await writeEnabledFlag(actor, email, true, deps);
  await deps.pool.setEnabled(user.id, true);
  return userView(after);
}

/** The profile's `enabled` flag of a user the admin manages, with its audit entry; nothing written when it already is. */
async function writeEnabledFlag({ caller: signedIn, action }: Actor, email: string, enabled: boolean, deps: UsersDeps) {
  const caller = await withEmail(signedIn, deps);
  return againOnConflict(async () => {
    const target = await targetByEmail(email, deps);
    assertManages(caller, target);
    const { user } = target;
    if (Boolean(user.enabled) === enabled) return { user, after: user };
    return {
      user,
      after: await writeProfile(user, { enabled }, userAuditEntry(caller, action, user, { enabled }), deps),
    };
  });
}

/**
 * One user of a bulk delete: within the management map, not directing a team whose subscription still runs; his data
 * goes (deleteUserData, resumable), then his search words and the audit entry, in one transaction that holds only
 * once his profile is gone, so a deletion that failed leaves no entry.
 */
async function deleteOne({ caller, action }: Actor, email: string, deps: UsersDeps): Promise<void> {
  const target = await targetByEmail(email, deps);
  assertManages(caller, target);
  const { user } = target;
  const running = await deps.teamsBlockingDeletion(user.id, deps.now());
  if (running.length) throw new ConflictError(USER_ADMIN_MESSAGES.runningTeams(running.map((team) => team.name)));
  await deps.deleteUserData(user.id, deps.now());
  await deps.admin.recordDeletion(user, userAuditEntry(caller, action, user, null), deps.now().toISOString());
}

/** `deleteUser(email)`: each e-mail on its own; the answer counts the deleted users and says why each other failed. */
export async function deleteUser({ caller: signedIn, action }: Actor, email: string[], deps: UsersDeps) {
  const caller = await withEmail(signedIn, deps);
  const errors: { email: string; message: string }[] = [];
  let count = 0;
  for (const address of new Set(email)) {
    try {
      await deleteOne({ caller, action }, address, deps);
      count += 1;
    } catch (error) {
      if (!(error instanceof AppError)) logger.error('deleteUser failed for one user', { error });
      errors.push({ email: address, message: error instanceof AppError ? error.message : USER_ADMIN_MESSAGES.notDeleted });
    }
  }
  return { count, errors };
}

/** `users(where, take, skip)`: the admin list, 10 a page by default (docs/data-model.md, "User search"). */
export async function users({ where, take, skip }: z.infer<typeof usersArgsSchema>, deps: UsersDeps) {
  const { value } = await deps.admin.list({ ...where, search: normalizeSearch(where?.search) }, { skip: skip ?? 0, take: take ?? USER_PAGE_SIZE });
  return value.map(userView);
}

/** `aggregateUser(where)`: how many users the list's filter keeps, up to MAX_COUNTED_USERS (then `more`). */
export async function aggregateUser({ where }: z.infer<typeof aggregateUserArgsSchema>, deps: UsersDeps) {
  return (await deps.admin.count({ ...where, search: normalizeSearch(where?.search) })).value;
}

/** `auditLogs`: entries newest first, by actor and/or target, a page at a time. */
export async function auditLogs({ actorId, targetId, take, cursor }: z.infer<typeof auditLogsArgsSchema>) {
  const page = await listAuditEntries({ actorId, targetId }, { limit: take ?? AUDIT_PAGE_SIZE, cursor });
  return {
    items: page.items.map((entry) => ({
      ...entry,
      before: entry.before && JSON.stringify(entry.before),
      after: entry.after && JSON.stringify(entry.after),
    })),
    nextCursor: page.cursor,
  };
}
