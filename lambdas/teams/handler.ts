import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { teamsFields } from './fields';

/** Teams, members, invites and join codes, seats and team selection (docs/data-model.md), declared in ./fields.ts. */
export const handler = createFieldHandler(teamsFields, { teams: dynamoTeamStore });
