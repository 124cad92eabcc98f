import { createFieldHandler } from '../lib/fields';
import { videoFields } from './fields';

/** Video content: the admins' vault, questions, instructors and series, and the gamers' library (docs/videos.md). */
export const handler = createFieldHandler(videoFields);
