/** Arguments of the team calls, validated by the teams Lambda. */
import { z } from 'zod';
import { boundedId } from '../validation/fields';

/** `setSelectedTeam`. */
export const selectedTeamArgsSchema = z.object({ teamId: boundedId('teamId') });

/** `onSelectedTeamChanged`. */
export const selectedTeamSubscriptionArgsSchema = z.object({ userId: boundedId('userId') });

/** How a team's members change (schema.graphql TeamMembersChangeKind). */
const TEAM_MEMBERS_CHANGES = ['joined', 'left', 'removed', 'teamDeleted'] as const;

/** `publishTeamMembersChanged`, the teams Lambda's own announcement of a member who joined or left. */
export const teamMembersChangeSchema = z.object({
  teamId: boundedId('teamId'),
  userId: boundedId('userId').nullable().optional(),
  change: z.enum(TEAM_MEMBERS_CHANGES, { error: `change must be one of ${TEAM_MEMBERS_CHANGES.join(', ')}.` }),
  at: z.iso.datetime({ error: 'at must be an ISO date-time.' }),
});
export type TeamMembersChange = z.infer<typeof teamMembersChangeSchema>;
