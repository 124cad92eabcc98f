import { AVATAR_FILE_MESSAGES } from '@/lib/avatar-upload';
import { GAMES, teamFormSchema, type TeamForm } from '@core/teams';
import type { z } from 'zod';

/** The form's own fields: the avatar is a file chosen beside them, uploaded once the team exists. */
export const teamFieldsSchema = teamFormSchema.pick({ name: true, description: true, game: true });
export type TeamFieldsInput = z.input<typeof teamFieldsSchema>;
export type TeamFields = z.output<typeof teamFieldsSchema>;

export const EMPTY_TEAM_FIELDS: TeamFields = { name: '', description: '', game: '' };

/** The game list (docs/teams.md, "The team form"), after a choice for none: the game is optional. */
export const GAME_OPTIONS = [{ value: '', label: 'No game chosen' }, ...GAMES.map((game) => ({ value: game, label: game }))];

/** The images the avatar drop zone takes: the types the server accepts (core/avatars). */
export { AVATAR_ACCEPT } from '@/lib/avatar-upload';

export const AVATAR_DROP_MESSAGES = { prompt: 'Drop your Team Avatar Here', ...AVATAR_FILE_MESSAGES };

/** What an edit changes: the fields whose value differs from the team's (updateTeam needs at least one). */
export function changedFields(team: Record<keyof TeamFields, string>, edited: TeamFields): Partial<TeamForm> {
  return Object.fromEntries(
    (Object.keys(edited) as (keyof TeamFields)[]).filter((field) => edited[field] !== team[field]).map((field) => [field, edited[field]]),
  );
}
