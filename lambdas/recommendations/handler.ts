import { createFieldHandler } from '../lib/fields';
import { recommendationFields } from './fields';

/** Video recommendations: the admins' table and its writes. */
export const handler = createFieldHandler(recommendationFields);
