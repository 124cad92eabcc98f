import { teamIdArgsSchema } from '@core/teams';
import { selectedTeamArgsSchema, selectedTeamSubscriptionArgsSchema } from '@core/validation/teams';
import { callerResolvers, requireCaller } from '../lib/appsync';
import { countSuccess } from '../lib/observability';
import { authorizeTeam, authorizeUser, createAuthorizedHandler } from '../lib/authorization';
import { parseInput } from '../lib/validation';
import { productionDeps as deps } from './deps';
import {
  acceptInvite,
  deleteTeamInvite,
  joinTeamWithCode,
  receivedInviteByTeam,
  receivedInvites,
  rejectInvite,
  sendInvite,
  teamInvites,
} from './invites';
import { membersChangedResult } from './members-changed';
import { getSelectedTeam, setSelectedTeam } from './selected-team';
import {
  createTeam,
  deleteTeam,
  deleteTeamSeat,
  getTeamCodes,
  hasUnusedDashboardPurchase,
  leaveTeam,
  removeTeamMember,
  teamSeats,
  teamsByOwner,
  teamWithMembers,
  teamWithStats,
  updateTeam,
  userById,
  verifyTeamSubscription,
} from './teams';

const withCaller = callerResolvers(deps);

/** Teams, members, invites and join codes, seats and team selection (docs/data-model.md). */
export const handler = createAuthorizedHandler({
  'Query.getSelectedTeam': async (event) => getSelectedTeam(requireCaller(event), deps),
  'Mutation.setSelectedTeam': async (event) =>
    setSelectedTeam(requireCaller(event), parseInput(selectedTeamArgsSchema, event.arguments).teamId, deps),
  // Subscribing: the policy map allows following only one's own team choice.
  'Subscription.onSelectedTeamChanged': async (event) => {
    const { userId } = parseInput(selectedTeamSubscriptionArgsSchema, event.arguments);
    await authorizeUser('Subscription.onSelectedTeamChanged', requireCaller(event), userId, deps.teams);
    return null;
  },
  // Subscribing: the team's readers, as for the team query (policy map).
  'Subscription.onTeamMembersChanged': async (event) => {
    await authorizeTeam('Subscription.onTeamMembersChanged', requireCaller(event), parseInput(teamIdArgsSchema, event.arguments).teamId, deps.teams);
    return null;
  },
  // Only the function's own IAM role reaches it (policy map and @aws_iam); it carries the change to the subscribers.
  'Mutation.publishTeamMembersChanged': async (event) => membersChangedResult(event.arguments),
  'Query.teamsByOwner': withCaller(teamsByOwner),
  'Query.team': withCaller(teamWithMembers),
  'Query.teamWithStats': withCaller(teamWithStats),
  'Query.user': withCaller(userById),
  'Query.verifyTeamSubscription': withCaller(verifyTeamSubscription),
  'Query.getTeamCodes': withCaller(getTeamCodes),
  'Query.teamSeatsSubscriptions': withCaller(teamSeats),
  'Query.teamInvites': withCaller(teamInvites),
  'Query.receivedInvites': async (event) => receivedInvites(requireCaller(event), deps),
  'Query.receivedInviteByTeam': withCaller(receivedInviteByTeam),
  'Query.hasUnusedDashboardPurchase': async (event) => hasUnusedDashboardPurchase(requireCaller(event), deps),
  'Mutation.createTeam': withCaller(createTeam),
  'Mutation.updateTeam': withCaller(updateTeam),
  'Mutation.deleteTeam': withCaller(deleteTeam),
  'Mutation.leaveTeam': withCaller(leaveTeam),
  'Mutation.removeTeamMember': withCaller(removeTeamMember),
  'Mutation.deleteTeamSeat': withCaller(deleteTeamSeat),
  'Mutation.sendInvite': async (event) => countSuccess('InviteSent', () => withCaller(sendInvite)(event)),
  'Mutation.acceptInvite': async (event) => countSuccess('TeamJoined', () => withCaller(acceptInvite)(event)),
  'Mutation.rejectInvite': withCaller(rejectInvite),
  'Mutation.deleteTeamInvite': withCaller(deleteTeamInvite),
  'Mutation.joinTeamWithCode': async (event) => countSuccess('TeamJoined', () => withCaller(joinTeamWithCode)(event)),
});
