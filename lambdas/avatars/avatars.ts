import { AVATAR_MESSAGES, avatarKeyPrefix, type confirmAvatarUploadArgsSchema, type imageUploadUrlArgsSchema } from '@core/avatars';
import type { z } from 'zod';
import type { Caller } from '../lib/appsync';
import { NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors';
import { checkUploadedImage, presignImageUpload } from '../lib/image-uploads';
import type { TeamRecord } from '../lib/stores/team-store';
import type { AvatarDeps } from './deps';

/**
 * Step 1 of an avatar upload (docs/teams.md, "Avatar upload"): a presigned POST for a fresh key under the caller's
 * prefix (under the team's for a team avatar, whose director ./fields.ts has authorized). The POST policy takes only
 * images of at most maxSizeBytes (never above 10 MB).
 */
export async function getImageUploadUrl(
  caller: Caller,
  { mimetype, maxSizeBytes }: z.infer<typeof imageUploadUrlArgsSchema>,
  team: TeamRecord | null,
  deps: AvatarDeps,
) {
  const upload = await presignImageUpload(deps.bucket, avatarKeyPrefix(caller.sub, team?.id), mimetype, maxSizeBytes);
  return { ...upload, fileUrl: deps.bucket.publicUrl(upload.key) };
}

/**
 * Step 3: the uploaded object must be the caller's and an image (checkUploadedImage). Then the avatar is set: the
 * caller's own, or the team's (given for a team avatar only, its director authorized).
 */
export async function confirmAvatarUpload(
  caller: Caller,
  { key, fileUrl }: z.infer<typeof confirmAvatarUploadArgsSchema>,
  team: TeamRecord | null,
  deps: AvatarDeps,
) {
  if (!key.startsWith(avatarKeyPrefix(caller.sub, team?.id))) throw new UnauthorizedError(AVATAR_MESSAGES.notYourUpload);
  const objectUrl = deps.bucket.publicUrl(key);
  if (fileUrl !== objectUrl) throw new ValidationError(AVATAR_MESSAGES.fileUrl);
  await checkUploadedImage(deps.bucket, key);

  const at = deps.now().toISOString();
  if (team) {
    if (!(await deps.teams.update(team.id, { avatar: objectUrl }, at))) throw new NotFoundError('Team not found.');
  } else {
    await deps.users.setAvatar(caller.sub, objectUrl, at);
  }
  return { success: true, fileUrl: objectUrl, message: AVATAR_MESSAGES.confirmed };
}
