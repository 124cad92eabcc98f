import { createFieldHandler } from '../lib/fields';
import { systemFields } from './fields';

// Health is the same for every caller, so a signed-out token learns nothing here: no sign-out check.
export const handler = createFieldHandler(systemFields, { signOuts: null });
