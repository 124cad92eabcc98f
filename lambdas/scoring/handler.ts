import { createFieldHandler } from '../lib/fields';
import { scoringFields } from './fields';

export const handler = createFieldHandler(scoringFields);
