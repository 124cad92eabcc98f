import {
  clearNotificationsArgsSchema,
  createCommentArgsSchema,
  deleteCommentArgsSchema,
  journalCommentsArgsSchema,
  journalSubscriptionArgsSchema,
  notificationSettingsArgsSchema,
  ownCommentsArgsSchema,
  repliedCommentArgsSchema,
  teamDayArgsSchema,
  unreadDaysArgsSchema,
  updateCommentArgsSchema,
} from '@core/journal';
import { JOURNAL_READ, OWN_DATA, OWN_JOURNAL, TEAM_STAFF, TEAM_STATISTICS } from '@core/policy';
import { field, type FieldDeclarations } from '../lib/fields';
import {
  createComment,
  deleteComment,
  getJournalComments,
  getRepliedComment,
  myJournalComments,
  subscribeToJournal,
  updateComment,
} from './comments';
import { productionDeps as deps } from './deps';
import {
  clearTeamNotifications,
  journalUnreadDays,
  readinessAlerts,
  readJournalDay,
  teamNotifications,
  updateNotificationSettings,
} from './notifications';
import { teamJournal } from './team-journal';

/** The journal: comments on gamers' answers, unread notifications, readiness alerts (docs/journal.md). */
export const journalFields = {
  'Query.getJournalComments': field({
    policy: { ...JOURNAL_READ, subject: { kind: 'team', argument: 'teamId', relations: JOURNAL_READ.relations } },
    args: journalCommentsArgsSchema,
    resolve: async (call) => getJournalComments(call, call.team, call.args, deps),
  }),
  // The comment's team is known only once the comment is read: getRepliedComment checks the row itself.
  'Query.getRepliedComment': field({
    policy: { ...JOURNAL_READ, subject: { kind: 'comment', argument: 'answerTo', relations: JOURNAL_READ.relations } },
    args: repliedCommentArgsSchema,
    resolve: async (call) => getRepliedComment(call, call.args.answerTo, deps),
  }),
  // Every gamer's answers of a day: the team's staff, like its statistics.
  'Query.teamJournal': field({
    policy: TEAM_STATISTICS,
    args: teamDayArgsSchema,
    resolve: async ({ team, args }) => teamJournal(team, args.date, deps),
  }),
  // A gamer's view of the journal: the comments on his own days only, so its subject is the caller (docs/journal.md).
  'Query.myJournalComments': field({
    policy: OWN_DATA,
    args: ownCommentsArgsSchema,
    resolve: async ({ caller, args }) => myJournalComments(caller.sub, args, deps),
  }),
  'Query.teamNotifications': field({ policy: OWN_DATA, resolve: async ({ caller }) => teamNotifications(caller.sub, deps) }),
  // The caller's own unread days in a team whose journal he reads.
  'Query.journalUnreadDays': field({
    policy: OWN_JOURNAL,
    args: unreadDaysArgsSchema,
    resolve: async ({ caller, team }) => journalUnreadDays(caller.sub, team.id, deps),
  }),
  'Query.readinessAlerts': field({
    policy: TEAM_STAFF,
    args: teamDayArgsSchema,
    resolve: async ({ team, args }) => readinessAlerts(team, args.date, deps),
  }),
  // The director and coaches comment on members' answers; a gamer (member) only replies on his own (checked in the resolver).
  'Mutation.createComment': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner'] },
      refusal: "Only the team's director and coaches comment on its members' answers; a gamer replies on his own.",
    },
    args: createCommentArgsSchema,
    resolve: async ({ caller, team, args }) => createComment(caller, team, args, deps),
  }),
  // Only the author changes or deletes a comment: the store's write is conditional on the author.
  'Mutation.updateComment': field({
    policy: OWN_DATA,
    args: updateCommentArgsSchema,
    resolve: async ({ caller, args }) => updateComment(caller.sub, args, deps),
  }),
  'Mutation.deleteComment': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'user', argument: 'userId', relations: ['self'] },
      refusal: 'You can only delete your own comments.',
    },
    args: deleteCommentArgsSchema,
    resolve: async ({ caller, args }) => deleteComment(caller.sub, args.id, deps),
  }),
  'Mutation.clearTeamNotifications': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'user', argument: 'userId', relations: ['self'] },
      refusal: 'You can only clear your own notifications.',
    },
    args: clearNotificationsArgsSchema,
    resolve: async ({ userId, args }) => clearTeamNotifications(userId, args.teamId, deps),
  }),
  'Mutation.readJournalDay': field({
    policy: OWN_JOURNAL,
    args: teamDayArgsSchema,
    resolve: async ({ caller, team, args }) => readJournalDay(caller.sub, team.id, args.date, deps),
  }),
  'Mutation.updateNotificationSettings': field({
    policy: OWN_DATA,
    args: notificationSettingsArgsSchema,
    resolve: async ({ caller, args }) => updateNotificationSettings(caller.sub, args, deps),
  }),
  'Subscription.onJournalComment': field({
    policy: { ...JOURNAL_READ, subject: { kind: 'team', argument: 'teamId', relations: JOURNAL_READ.relations } },
    args: journalSubscriptionArgsSchema,
    resolve: async (call) => subscribeToJournal(call, call.team, call.args, deps),
  }),
} satisfies FieldDeclarations;
