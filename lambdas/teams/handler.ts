import { createFieldHandler } from '../lib/fields';
import { teamsFields } from './fields';

/** Teams, members, invites and join codes, seats and team selection (docs/data-model.md), declared in ./fields.ts. */
export const handler = createFieldHandler(teamsFields);
