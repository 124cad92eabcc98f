import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { scoringFields } from './fields';

export const handler = createFieldHandler(scoringFields, { teams: dynamoTeamStore });
