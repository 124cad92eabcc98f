import { confirmAvatarUploadArgsSchema, imageUploadUrlArgsSchema } from '@core/avatars';
import { TEAM_AVATAR } from '@core/policy';
import { field, type FieldDeclarations } from '../lib/fields';
import { confirmAvatarUpload, getImageUploadUrl } from './avatars';
import { productionDeps as deps } from './deps';

/**
 * confirmAvatarUpload's teamId names the team only for a team avatar: a personal avatar's confirmation ignores it, so it
 * is neither authorized nor used then.
 */
const confirmAvatarUploadArgs = confirmAvatarUploadArgsSchema.transform((args) => (args.isTeamAvatar ? args : { ...args, teamId: null }));

/** Avatar uploads: a presigned POST to the uploads bucket, then the check of what arrived (docs/teams.md, "Avatar upload"). */
export const avatarFields = {
  'Mutation.getImageUploadUrl': field({
    policy: TEAM_AVATAR,
    args: imageUploadUrlArgsSchema,
    resolve: async ({ caller, args, teamIfGiven }) => getImageUploadUrl(caller, args, teamIfGiven, deps),
  }),
  'Mutation.confirmAvatarUpload': field({
    policy: TEAM_AVATAR,
    args: confirmAvatarUploadArgs,
    resolve: async ({ caller, args, teamIfGiven }) => confirmAvatarUpload(caller, args, teamIfGiven, deps),
  }),
} satisfies FieldDeclarations;
