import { createFieldHandler } from '../lib/fields';
import { dynamoTeamStore } from '../lib/stores/team-store';
import { videoFields } from './fields';

/** Video content: the admins' vault, questions, instructors and series, and the gamers' library (docs/videos.md). */
export const handler = createFieldHandler(videoFields, { teams: dynamoTeamStore });
