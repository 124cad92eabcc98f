import { createFieldHandler } from '../lib/fields';
import { reminderFields } from './fields';

/** Check-in reminders: the gamer's settings and devices, and the staff's Nudge (docs/reminders.md). */
export const handler = createFieldHandler(reminderFields);
