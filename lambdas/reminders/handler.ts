import { requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { productionDeps as deps } from './deps';
import { nudgeTeam } from './nudge';
import { reminderSettings, removePushSubscription, savePushSubscription, updateReminderSettings } from './settings';

/** Check-in reminders: the gamer's settings and devices, and the staff's Nudge (docs/reminders.md). */
export const handler = createAuthorizedHandler({
  'Query.reminderSettings': async (event) => reminderSettings(requireCaller(event), deps),
  'Mutation.updateReminderSettings': async (event) => updateReminderSettings(requireCaller(event), event.arguments, deps),
  'Mutation.savePushSubscription': async (event) => savePushSubscription(requireCaller(event), event.arguments, deps),
  'Mutation.removePushSubscription': async (event) => removePushSubscription(requireCaller(event), event.arguments, deps),
  'Mutation.nudgeTeam': async (event) => nudgeTeam(requireCaller(event), event.arguments, deps),
});
