import { callerResolvers } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { productionDeps as deps } from './deps';
import { aggregateUser, auditLogs, deleteUser, disableUser, enableUser, updateUser, updateUserRole, users } from './users';

const withCaller = callerResolvers(deps);

/** User administration (docs/accounts.md, "Admin actions") and the audit log; a user's own profile edit. */
export const handler = createAuthorizedHandler({
  'Query.users': withCaller(users),
  'Query.aggregateUser': withCaller(aggregateUser),
  'Query.auditLogs': withCaller(auditLogs),
  'Mutation.updateUser': withCaller(updateUser),
  'Mutation.updateUserRole': withCaller(updateUserRole),
  'Mutation.disableUser': withCaller(disableUser),
  'Mutation.enableUser': withCaller(enableUser),
  'Mutation.deleteUser': withCaller(deleteUser),
});
