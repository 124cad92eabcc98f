import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { systemFields } from './fields';

// Health is the same for every caller, so a signed-out token learns nothing here: no sign-out check.
export const handler = createFieldHandler(systemFields, { teams: dynamoTeamStore, signOuts: null });
