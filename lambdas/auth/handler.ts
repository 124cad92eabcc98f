import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { authFields } from './fields';

/** Accounts and sessions (docs/accounts.md): the fields of ./fields.ts. */
export const handler = createFieldHandler(authFields, { teams: dynamoTeamStore });
