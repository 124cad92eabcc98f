import { createFieldHandler } from '../lib/fields';
import { avatarFields } from './fields';

export const handler = createFieldHandler(avatarFields);
