import { GAMERS_REMINDERS } from '@core/policy';
import { nudgeTeamArgsSchema, pushSubscriptionArgsSchemas, updateReminderSettingsArgsSchema } from '@core/reminders';
import { config } from '../lib/config';
import { field, type FieldDeclarations } from '../lib/fields';
import { productionDeps as deps } from './deps';
import { nudgeTeam } from './nudge';
import { reminderSettings, removePushSubscription, savePushSubscription, updateReminderSettings } from './settings';

/** A device's endpoint must be a browser's push service (or, in local mode, the push stand-in). */
const pushSubscriptionArgs = pushSubscriptionArgsSchemas(() => config.localPushServiceOrigin);

/**
 * Check-in reminders (docs/reminders.md): a gamer's own settings and devices; the Nudge is the team's director's and
 * coaches' (one per gamer and day, enforced in the store).
 */
export const reminderFields = {
  'Query.reminderSettings': field({ policy: GAMERS_REMINDERS, resolve: async ({ caller }) => reminderSettings(caller, deps) }),
  'Mutation.updateReminderSettings': field({
    policy: GAMERS_REMINDERS,
    args: updateReminderSettingsArgsSchema,
    resolve: async ({ caller, args }) => updateReminderSettings(caller, args.input, deps),
  }),
  'Mutation.savePushSubscription': field({
    policy: GAMERS_REMINDERS,
    args: pushSubscriptionArgs.save,
    resolve: async ({ caller, args }) => savePushSubscription(caller, args.input, deps),
  }),
  'Mutation.removePushSubscription': field({
    policy: GAMERS_REMINDERS,
    args: pushSubscriptionArgs.remove,
    resolve: async ({ caller, args }) => removePushSubscription(caller, args.endpoint, deps),
  }),
  'Mutation.nudgeTeam': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'team', argument: 'teamId', relations: ['owner', 'coach'] },
      refusal: "Only the team's director and its coaches can nudge its members.",
    },
    args: nudgeTeamArgsSchema,
    resolve: async ({ team, args }) => nudgeTeam(team, deps, args.userId ?? null),
  }),
} satisfies FieldDeclarations;
