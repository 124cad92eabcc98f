import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { avatarFields } from './fields';

export const handler = createFieldHandler(avatarFields, { teams: dynamoTeamStore });
