import { createFieldHandler } from '../lib/fields';
import { weeklyChallengeFields } from './fields';

export const handler = createFieldHandler(weeklyChallengeFields);
