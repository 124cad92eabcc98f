import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { accountFields } from './fields';

export const handler = createFieldHandler(accountFields, { teams: dynamoTeamStore });
