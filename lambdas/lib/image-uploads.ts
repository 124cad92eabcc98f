import { randomUUID } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, AVATAR_TYPES, type AvatarType, IMAGE_SIGNATURE_BYTES, sniffImageType } from '@core/avatars';
import { NotFoundError, ValidationError } from './errors';
import type { UploadsBucket } from './uploads';

/**
 * Image uploads in two steps (avatars, video thumbnails, series covers): a presigned POST for a fresh key under a
 * prefix that says whose image it is, then the check of what arrived before anything points at it.
 */
export async function presignImageUpload(bucket: UploadsBucket, keyPrefix: string, mimetype: AvatarType, maxSizeBytes: number) {
  const key = `${keyPrefix}${randomUUID()}.${AVATAR_TYPES[mimetype]}`;
  const { url, fields } = await bucket.presignPost(key, mimetype, 'image/', Math.min(maxSizeBytes, AVATAR_MAX_BYTES));
  return { uploadUrl: url, fields: Object.entries(fields).map(([name, value]) => ({ name, value })), key };
}

/**
 * The uploaded object must exist, be at most 10 MB and start like a PNG, JPEG, GIF or WebP image, whatever type the
 * sender declared (the local S3 stand-in enforces no POST policy, and a POST can be forged outside the browser).
 * A refused object is deleted.
 */
export async function checkUploadedImage(bucket: UploadsBucket, key: string): Promise<void> {
  const stored = await bucket.head(key);
  if (!stored) throw new NotFoundError(AVATAR_MESSAGES.notUploaded);
  const refusal =
    stored.size > AVATAR_MAX_BYTES
      ? AVATAR_MESSAGES.tooLarge
      : !stored.contentType?.startsWith('image/') || !sniffImageType(await bucket.firstBytes(key, IMAGE_SIGNATURE_BYTES))
        ? AVATAR_MESSAGES.notAnImage
        : null;
  if (refusal) {
    await bucket.delete(key);
    throw new ValidationError(refusal);
  }
}
