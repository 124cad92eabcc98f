import { callerResolvers, requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { createComment, deleteComment, getJournalComments, getRepliedComment, subscribeToJournal, updateComment } from './comments';
import { productionDeps as deps } from './deps';
import { clearTeamNotifications, readinessAlerts, teamNotifications, updateNotificationSettings } from './notifications';
import { teamJournal } from './team-journal';

const withCaller = callerResolvers(deps);

/** The journal: comments on gamers' answers, unread notifications, readiness alerts (docs/journal.md). */
export const handler = createAuthorizedHandler({
  'Query.getJournalComments': withCaller(getJournalComments),
  'Query.getRepliedComment': withCaller(getRepliedComment),
  'Query.teamJournal': withCaller(teamJournal),
  'Query.teamNotifications': async (event) => teamNotifications(requireCaller(event), deps),
  'Query.readinessAlerts': withCaller(readinessAlerts),
  'Mutation.createComment': withCaller(createComment),
  'Mutation.updateComment': withCaller(updateComment),
  'Mutation.deleteComment': withCaller(deleteComment),
  'Mutation.clearTeamNotifications': withCaller(clearTeamNotifications),
  'Mutation.updateNotificationSettings': withCaller(updateNotificationSettings),
  'Subscription.onJournalComment': withCaller(subscribeToJournal),
});
