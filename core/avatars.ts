/**
 * Avatar uploads (docs/teams.md, "Avatar upload"), shared by the avatars Lambda and the web app: the size limit, the
 * image types taken, where an upload's key lives, the calls' arguments and what the bytes of a real image start with.
 */
import { z } from 'zod';
import { boundedId, boundedInt, boundedUrl, safeText } from './validation/fields';

/** Avatars up to 10 MB (docs/teams.md, "Avatar upload"). */
export const AVATAR_MAX_BYTES = 10_485_760;

/** The image types an avatar may have, with the extension its key gets (never the caller's file name). */
export const AVATAR_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
export type AvatarType = keyof typeof AVATAR_TYPES;
const AVATAR_TYPE_NAMES = Object.keys(AVATAR_TYPES) as AvatarType[];

/** The web app's texts for the three steps' failures (docs/teams.md, "Avatar upload"). */
export const AVATAR_UPLOAD_FAILURES = {
  uploadUrl: 'Failed to get upload URL',
  upload: 'Failed to upload to S3',
  confirm: 'Failed to confirm avatar upload',
} as const;

export const AVATAR_MESSAGES = {
  uploadType: 'uploadType must be AVATAR.',
  mimetype: `Avatars must be PNG, JPEG, GIF or WebP images (${AVATAR_TYPE_NAMES.join(', ')}).`,
  filename: 'filename must be a file name of at most 255 characters.',
  key: 'key must be the key getImageUploadUrl returned.',
  fileUrl: 'fileUrl must be the fileUrl getImageUploadUrl returned.',
  teamNeeded: 'A team avatar needs the teamId of its team.',
  notYourUpload: 'This upload is not yours: confirm the key getImageUploadUrl gave you.',
  notUploaded: 'No file was uploaded under this key.',
  notAnImage: 'The uploaded file is not a PNG, JPEG, GIF or WebP image; it was deleted.',
  tooLarge: `The uploaded file is larger than ${AVATAR_MAX_BYTES} bytes (10 MB); it was deleted.`,
  confirmed: 'Avatar updated.',
} as const;

/** Every avatar key starts here; on AWS the site serves this path of the uploads bucket (infra/lib/web-hosting.ts). */
export const AVATARS_ROOT = 'avatars';

/**
 * Where a caller's avatar uploads go: their own prefix, and for a team avatar the team's prefix with the caller's
 * under it, so a key says whose upload it is and for which team.
 */
export function avatarKeyPrefix(userId: string, teamId?: string | null): string {
  return teamId ? `${AVATARS_ROOT}/teams/${teamId}/${userId}/` : `${AVATARS_ROOT}/users/${userId}/`;
}

const KEY_PATTERN = /^avatars\/(users|teams\/[A-Za-z0-9_.:-]{1,128})\/[A-Za-z0-9_.:-]{1,128}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

const optionalTeamId = boundedId('teamId').optional().nullable();

/** getImageUploadUrl(uploadType, filename, mimetype, maxSizeBytes, teamId): teamId for a team avatar. */
export const imageUploadUrlArgsSchema = z.object({
  uploadType: z.literal('AVATAR', { error: AVATAR_MESSAGES.uploadType }),
  filename: safeText({
    label: 'filename',
    required: AVATAR_MESSAGES.filename,
    max: 255,
    tooLong: AVATAR_MESSAGES.filename,
    noMarkup: AVATAR_MESSAGES.filename,
  }),
  mimetype: z.enum(AVATAR_TYPE_NAMES, { error: AVATAR_MESSAGES.mimetype }),
  maxSizeBytes: boundedInt('maxSizeBytes', 1, AVATAR_MAX_BYTES),
  teamId: optionalTeamId,
});

/** confirmAvatarUpload(key, fileUrl, isTeamAvatar, teamId). */
export const confirmAvatarUploadArgsSchema = z
  .object({
    key: z.string({ error: AVATAR_MESSAGES.key }).max(400, { message: AVATAR_MESSAGES.key, abort: true }).regex(KEY_PATTERN, AVATAR_MESSAGES.key),
    fileUrl: boundedUrl(AVATAR_MESSAGES.fileUrl),
    isTeamAvatar: z.boolean({ error: 'isTeamAvatar must be true or false.' }).optional().nullable(),
    teamId: optionalTeamId,
  })
  .refine((args) => !args.isTeamAvatar || Boolean(args.teamId), AVATAR_MESSAGES.teamNeeded);

/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type the file's first bytes prove (PNG, JPEG, GIF or WebP magic numbers), or null: the type a browser
 * declares is whatever the sender says, so the server looks at the bytes themselves.
 */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
