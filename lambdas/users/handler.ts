import { createFieldHandler } from '../lib/fields';
import { userFields } from './fields';

/** User administration (docs/accounts.md, "Admin actions") and the audit log; a user's own profile edit. */
export const handler = createFieldHandler(userFields);
