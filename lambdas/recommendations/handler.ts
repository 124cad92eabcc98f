import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { recommendationFields } from './fields';

/** Video recommendations: the admins' table and its writes. */
export const handler = createFieldHandler(recommendationFields, { teams: dynamoTeamStore });
