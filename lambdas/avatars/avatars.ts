import { randomUUID } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  AVATAR_TYPES,
  avatarKeyPrefix,
  confirmAvatarUploadArgsSchema,
  IMAGE_SIGNATURE_BYTES,
  imageUploadUrlArgsSchema,
  sniffImageType,
} from '@core/avatars';
import type { Caller } from '../lib/appsync';
import { authorizeTeam } from '../lib/authorization';
import { NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors';
import { parseInput } from '../lib/validation';
import type { AvatarDeps } from './deps';

/**
 * Step 1 of an avatar upload (spec 000 section 7): a presigned POST for a fresh key under the caller's prefix (under
 * the team's for a team avatar, which only its director may set). The POST policy takes only images of at most
 * maxSizeBytes (never above 10 MB).
 */
export async function getImageUploadUrl(caller: Caller, args: unknown, deps: AvatarDeps) {
  const { mimetype, maxSizeBytes, teamId } = parseInput(imageUploadUrlArgsSchema, args);
  if (teamId) await authorizeTeam('Mutation.getImageUploadUrl', caller, teamId, deps.teams);
  const key = `${avatarKeyPrefix(caller.sub, teamId)}${randomUUID()}.${AVATAR_TYPES[mimetype]}`;
  const { url, fields } = await deps.bucket.presignPost(key, mimetype, 'image/', Math.min(maxSizeBytes, AVATAR_MAX_BYTES));
  return {
    uploadUrl: url,
    fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
    key,
    fileUrl: deps.bucket.publicUrl(key),
  };
}

/**
 * Step 3: the uploaded object must be the caller's, exist, be at most 10 MB and start like a PNG, JPEG, GIF or WebP
 * image, whatever type the sender declared (the local S3 stand-in enforces no POST policy, and a POST can be forged
 * outside the browser). A refused object is deleted. Then the avatar is set: the caller's own, or the team's.
 */
export async function confirmAvatarUpload(caller: Caller, args: unknown, deps: AvatarDeps) {
  const { key, fileUrl, isTeamAvatar, teamId } = parseInput(confirmAvatarUploadArgsSchema, args);
  const team = isTeamAvatar && teamId ? await authorizeTeam('Mutation.confirmAvatarUpload', caller, teamId, deps.teams) : null;
  if (!key.startsWith(avatarKeyPrefix(caller.sub, team?.id))) throw new UnauthorizedError(AVATAR_MESSAGES.notYourUpload);
  const objectUrl = deps.bucket.publicUrl(key);
  if (fileUrl !== objectUrl) throw new ValidationError(AVATAR_MESSAGES.fileUrl);

  const stored = await deps.bucket.head(key);
  if (!stored) throw new NotFoundError(AVATAR_MESSAGES.notUploaded);
  const refusal =
    stored.size > AVATAR_MAX_BYTES
      ? AVATAR_MESSAGES.tooLarge
      : !stored.contentType?.startsWith('image/') || !sniffImageType(await deps.bucket.firstBytes(key, IMAGE_SIGNATURE_BYTES))
        ? AVATAR_MESSAGES.notAnImage
        : null;
  if (refusal) {
    await deps.bucket.delete(key);
    throw new ValidationError(refusal);
  }

  const at = deps.now().toISOString();
  if (team) {
    if (!(await deps.teams.update(team.id, { avatar: objectUrl }, at))) throw new NotFoundError('Team not found.');
  } else {
    await deps.users.setAvatar(caller.sub, objectUrl, at);
  }
  return { success: true, fileUrl: objectUrl, message: AVATAR_MESSAGES.confirmed };
}
