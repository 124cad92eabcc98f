import { createFieldHandler } from '../lib/fields';
import { accountFields } from './fields';

export const handler = createFieldHandler(accountFields);
