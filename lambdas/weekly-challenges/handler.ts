import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { weeklyChallengeFields } from './fields';

export const handler = createFieldHandler(weeklyChallengeFields, { teams: dynamoTeamStore });
