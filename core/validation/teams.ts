/** Arguments of the team calls, validated by the teams Lambda. */
import { z } from 'zod';
import { boundedId } from './fields';

/** `setSelectedTeam`. */
export const selectedTeamArgsSchema = z.object({ teamId: boundedId('teamId') });

/** `onSelectedTeamChanged`. */
export const selectedTeamSubscriptionArgsSchema = z.object({ userId: boundedId('userId') });
