import { deleteAccountArgsSchema } from '@core/account';
import { proveEmailArgsSchema } from '@core/email-proof';
import { OWN_DATA } from '@core/policy';
import { field, type FieldDeclarations } from '../lib/fields';
import { deleteAccount, myDataExport } from './account';
import { productionDeps as deps } from './deps';
import { proveEmail, sendEmailProof } from './email-proof';

/** A user's own account: the data export, deleting the account and proving its mailbox (docs/accounts.md, "The account page"). */
export const accountFields = {
  'Query.myDataExport': field({ policy: OWN_DATA, resolve: async ({ caller }) => myDataExport(caller, deps) }),
  'Mutation.deleteAccount': field({
    policy: OWN_DATA,
    args: deleteAccountArgsSchema,
    resolve: async ({ caller, args }) => deleteAccount(caller, args.email, deps),
  }),
  // Proving the caller's own mailbox (docs/accounts.md, "Proving your mailbox").
  'Mutation.sendEmailProof': field({ policy: OWN_DATA, resolve: async ({ caller }) => sendEmailProof(caller, deps) }),
  'Mutation.proveEmail': field({
    policy: OWN_DATA,
    args: proveEmailArgsSchema,
    resolve: async ({ caller, args }) => proveEmail(caller, args.code, deps),
  }),
} satisfies FieldDeclarations;
