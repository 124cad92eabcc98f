import { createFieldHandler } from '../lib/fields';
import { journalFields } from './fields';

export const handler = createFieldHandler(journalFields);
