import { createFieldHandler } from '../lib/fields';
import { authFields } from './fields';

/** Accounts and sessions (docs/accounts.md): the fields of ./fields.ts. */
export const handler = createFieldHandler(authFields);
