import { ADMINS_ONLY } from '@core/policy';
import {
  aggregateUserArgsSchema,
  auditLogsArgsSchema,
  deleteUsersArgsSchema,
  updateUserArgsSchema,
  updateUserRoleArgsSchema,
  userEmailArgsSchema,
  usersArgsSchema,
} from '@core/users/validation';
import { field, type FieldDeclarations } from '../lib/fields';
import { productionDeps as deps } from './deps';
import { aggregateUser, auditLogs, deleteUser, disableUser, enableUser, updateUser, updateUserRole, users } from './users';

/**
 * User administration (docs/accounts.md, "Admin actions") and the audit log; a user's own profile edit. The target of an
 * admin action, named by e-mail, must be one the admin manages (checked in ./users.ts against MANAGES).
 */
export const userFields = {
  'Query.users': field({ policy: ADMINS_ONLY, args: usersArgsSchema, resolve: async ({ args }) => users(args, deps) }),
  'Query.aggregateUser': field({ policy: ADMINS_ONLY, args: aggregateUserArgsSchema, resolve: async ({ args }) => aggregateUser(args, deps) }),
  'Query.auditLogs': field({ policy: ADMINS_ONLY, args: auditLogsArgsSchema, resolve: async ({ args }) => auditLogs(args) }),
  'Mutation.updateUser': field({
    // The user himself (his own fields, not his role) or an admin within the management map (checked in the resolver).
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'user', argument: 'where.id', relations: ['self', 'admin'] },
      refusal: 'You can only edit your own profile.',
    },
    args: updateUserArgsSchema,
    resolve: async ({ caller, fieldName, userId, args }) => updateUser({ caller, action: fieldName }, userId, args.data, deps),
  }),
  'Mutation.updateUserRole': field({
    policy: ADMINS_ONLY,
    args: updateUserRoleArgsSchema,
    resolve: async ({ caller, fieldName, args }) => updateUserRole({ caller, action: fieldName }, args, deps),
  }),
  'Mutation.disableUser': field({
    policy: ADMINS_ONLY,
    args: userEmailArgsSchema,
    resolve: async ({ caller, fieldName, args }) => disableUser({ caller, action: fieldName }, args.email, deps),
  }),
  'Mutation.enableUser': field({
    policy: ADMINS_ONLY,
    args: userEmailArgsSchema,
    resolve: async ({ caller, fieldName, args }) => enableUser({ caller, action: fieldName }, args.email, deps),
  }),
  'Mutation.deleteUser': field({
    policy: ADMINS_ONLY,
    args: deleteUsersArgsSchema,
    resolve: async ({ caller, fieldName, args }) => deleteUser({ caller, action: fieldName }, args.email, deps),
  }),
} satisfies FieldDeclarations;
