import { z } from 'zod';
import { teamWithStatsArgsSchema } from '@core/score-api';
import { BACKEND_ONLY, type FieldPolicy, OWN_DATA, TEAM_OWNER, TEAM_STAFF, TEAM_STATISTICS } from '@core/policy';
import { inviteFormSchema, memberListSchema, teamCodeField, teamFormSchema, teamIdArgsSchema, teamUpdateSchema } from '@core/teams';
import { boundedId } from '@core/validation/fields';
import { selectedTeamArgsSchema, selectedTeamSubscriptionArgsSchema, teamMembersChangeSchema } from '@core/teams/validation';
import { field, type FieldDeclarations } from '../lib/fields';
import { countSuccess } from '../lib/observability';
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
  hasUnusedDashboardPurchase,
  leaveTeam,
  removeTeamMember,
  teamSeats,
  teamWithMembers,
  teamWithStats,
  updateTeam,
  userById,
  verifyTeamSubscription,
} from './teams';

/** Selecting a team: one the caller plays in, coaches or owns (admins any); getSelectedTeam restores only a team the caller may still select. */
const SELECT_TEAM: FieldPolicy = {
  public: false,
  users: 'all',
  subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner', 'admin'] },
  refusal: 'You are not a member of this team.',
};

/** Teams, members, invites and join codes, seats and team selection (docs/data-model.md). */
export const teamsFields = {
  'Query.getSelectedTeam': field({ policy: OWN_DATA, resolve: async ({ caller }) => getSelectedTeam(caller, SELECT_TEAM, deps) }),
  'Mutation.setSelectedTeam': field({
    policy: SELECT_TEAM,
    args: selectedTeamArgsSchema,
    resolve: async ({ caller, team }) => setSelectedTeam(caller, team, deps),
  }),
  // Subscribing: the policy map allows following only one's own team choice.
  'Subscription.onSelectedTeamChanged': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'user', argument: 'userId', relations: ['self'] },
      refusal: 'You can only follow your own team choice.',
    },
    args: selectedTeamSubscriptionArgsSchema,
    resolve: async () => null,
  }),
  // Subscribing: the team's readers, as for the team query.
  'Subscription.onTeamMembersChanged': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner', 'admin'] },
      refusal: 'You are not a member of this team.',
    },
    args: teamIdArgsSchema,
    resolve: async () => null,
  }),
  // Published by the teams Lambda with its IAM role when a member joins or leaves; followed like the team query. It echoes
  // the change to the subscribers.
  'Mutation.publishTeamMembersChanged': field({
    policy: BACKEND_ONLY,
    args: teamMembersChangeSchema,
    resolve: async ({ args }) => membersChangedResult(args),
  }),
  'Query.teamsByOwner': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'user', argument: 'ownerId', relations: ['self', 'admin'] },
      refusal: 'You can only list the teams you own.',
    },
    args: z.object({ ownerId: boundedId('ownerId') }),
    resolve: async ({ userId }) => deps.teams.ownedBy(userId),
  }),
  // A gamer reads his own team's name and members; its statistics stay with its staff (TEAM_STATISTICS).
  'Query.team': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'team', argument: 'teamId', relations: ['member', 'coach', 'owner', 'admin'] },
      refusal: 'You are not a member of this team.',
    },
    args: memberListSchema.extend({ teamId: boundedId('teamId') }),
    resolve: async ({ team, args: { teamId: _teamId, ...query }, event }) => teamWithMembers(team, query, event.info.selectionSetGraphQL, deps),
  }),
  // Scores of every listed member: the team's statistics, not for its gamers.
  'Query.teamWithStats': field({
    policy: TEAM_STATISTICS,
    args: teamWithStatsArgsSchema,
    resolve: async ({ team, args: { teamId: _teamId, ...query } }) => teamWithStats(team, query, deps),
  }),
  'Query.user': field({
    policy: {
      public: false,
      users: 'all',
      subject: { kind: 'user', argument: 'id', relations: ['self', 'coach', 'owner', 'admin'] },
      refusal: 'You can only see your own profile and those of the members of teams you coach or own.',
    },
    args: z.object({ id: boundedId('id') }),
    resolve: async ({ userId }) => userById(userId, deps),
  }),
  'Query.verifyTeamSubscription': field({
    policy: TEAM_OWNER,
    args: teamIdArgsSchema,
    resolve: async ({ team }) => verifyTeamSubscription(team, deps),
  }),
  'Query.getTeamCodes': field({ policy: TEAM_STAFF, args: teamIdArgsSchema, resolve: async ({ team }) => deps.invites.codesOf(team.id) }),
  'Query.teamSeatsSubscriptions': field({ policy: TEAM_STAFF, args: teamIdArgsSchema, resolve: async ({ team }) => teamSeats(team, deps) }),
  'Query.teamInvites': field({ policy: TEAM_STAFF, args: teamIdArgsSchema, resolve: async ({ team }) => teamInvites(team, deps) }),
  // Invites are addressed to the caller's e-mail: the resolvers read only the caller's own.
  'Query.receivedInvites': field({ policy: OWN_DATA, resolve: async ({ caller }) => receivedInvites(caller, deps) }),
  'Query.receivedInviteByTeam': field({
    policy: OWN_DATA,
    args: teamIdArgsSchema,
    resolve: async ({ caller, args }) => receivedInviteByTeam(caller, args.teamId, deps),
  }),
  'Query.hasUnusedDashboardPurchase': field({ policy: OWN_DATA, resolve: async ({ caller }) => hasUnusedDashboardPurchase(caller, deps) }),
  'Mutation.createTeam': field({
    policy: {
      public: false,
      users: ['DIRECTOR'],
      subject: { kind: 'caller' },
      refusal: 'Only directors can create a team.',
    },
    args: z.object({ data: teamFormSchema }),
    resolve: async ({ caller, args }) => createTeam(caller, args.data, deps),
  }),
  'Mutation.updateTeam': field({
    policy: TEAM_OWNER,
    args: z.object({ teamId: boundedId('teamId'), data: teamUpdateSchema }),
    resolve: async ({ team, args }) => updateTeam(team, args.data, deps),
  }),
  'Mutation.deleteTeam': field({
    policy: {
      public: false,
      users: ['DIRECTOR'],
      subject: { kind: 'team', argument: 'teamId', relations: ['owner'] },
      refusal: 'Only the director who owns a team can delete it.',
    },
    args: teamIdArgsSchema,
    resolve: async ({ team }) => deleteTeam(team, deps),
  }),
  'Mutation.leaveTeam': field({
    policy: OWN_DATA,
    args: z.object({ teamId: boundedId('teamId').optional().nullable() }),
    resolve: async ({ caller, args }) => leaveTeam(caller, args.teamId, deps),
  }),
  // Who may remove or invite whom within the team follows the management map (MANAGES) in the resolver.
  'Mutation.removeTeamMember': field({
    policy: TEAM_STAFF,
    args: z.object({ teamId: boundedId('teamId'), userId: boundedId('userId') }),
    resolve: async ({ caller, team, args }) => removeTeamMember(caller, team, args.userId, deps),
  }),
  'Mutation.deleteTeamSeat': field({
    policy: TEAM_OWNER,
    args: z.object({ teamId: boundedId('teamId'), id: boundedId('id') }),
    resolve: async ({ team, args }) => deleteTeamSeat(team, args.id, deps),
  }),
  'Mutation.sendInvite': field({
    policy: TEAM_STAFF,
    args: inviteFormSchema.extend({ teamId: boundedId('teamId') }),
    resolve: async ({ caller, team, args }) => countSuccess('InviteSent', () => sendInvite(caller, team, args, deps)),
  }),
  'Mutation.acceptInvite': field({
    policy: OWN_DATA,
    args: z.object({ inviteId: boundedId('inviteId') }),
    resolve: async ({ caller, args }) => countSuccess('TeamJoined', () => acceptInvite(caller, args.inviteId, deps)),
  }),
  'Mutation.rejectInvite': field({
    policy: OWN_DATA,
    args: z.object({ inviteId: boundedId('inviteId') }),
    resolve: async ({ caller, args }) => rejectInvite(caller, args.inviteId, deps),
  }),
  'Mutation.deleteTeamInvite': field({
    policy: TEAM_STAFF,
    args: z.object({ id: boundedId('id'), teamId: boundedId('teamId') }),
    resolve: async ({ caller, team, args }) => deleteTeamInvite(caller, team, args.id, deps),
  }),
  'Mutation.joinTeamWithCode': field({
    policy: OWN_DATA,
    args: z.object({ code: teamCodeField }),
    resolve: async ({ caller, args }) => countSuccess('TeamJoined', () => joinTeamWithCode(caller, args.code, deps)),
  }),
} satisfies FieldDeclarations;
