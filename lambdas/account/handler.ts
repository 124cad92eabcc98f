import { requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { deleteAccount, myDataExport } from './account';
import { productionDeps as deps } from './deps';
import { proveEmail, sendEmailProof } from './email-proof';

/** A user's own account: the data export and deleting the account (docs/accounts.md, "The account page"). */
export const handler = createAuthorizedHandler({
  'Query.myDataExport': async (event) => myDataExport(requireCaller(event), deps),
  'Mutation.deleteAccount': async (event) => deleteAccount(requireCaller(event), event.arguments, deps),
  'Mutation.sendEmailProof': async (event) => sendEmailProof(requireCaller(event), deps),
  'Mutation.proveEmail': async (event) => proveEmail(requireCaller(event), event.arguments, deps),
});
