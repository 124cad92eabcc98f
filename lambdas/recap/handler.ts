import { createFieldHandler } from '../lib/fields';
import { reportSharingFields } from './fields';

/** Report sharing: the gamer's shares and the recipient's answer from the recap e-mail (docs/recap.md). */
export const handler = createFieldHandler(reportSharingFields);
