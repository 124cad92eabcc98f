import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { reportSharingFields } from './fields';

/** Report sharing: the gamer's shares and the recipient's answer from the recap e-mail (docs/recap.md). */
export const handler = createFieldHandler(reportSharingFields, { teams: dynamoTeamStore });
