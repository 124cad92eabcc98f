import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { journalFields } from './fields';

export const handler = createFieldHandler(journalFields, { teams: dynamoTeamStore });
