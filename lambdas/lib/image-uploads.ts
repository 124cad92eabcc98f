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
  // Exactly the type asked for: a form for any image/ type would take image/svg+xml, served from the site's origin.
  const { url, fields } = await bucket.presignPost(key, mimetype, mimetype, Math.min(maxSizeBytes, AVATAR_MAX_BYTES));
  return { uploadUrl: url, fields: Object.entries(fields).map(([name, value]) => ({ name, value })), key };
}

/**
 * The uploaded object must exist, be at most 10 MB and start like a PNG, JPEG, GIF or WebP image, whatever type the
 * sender declared (a POST can be forged outside the browser). A refused object is deleted; a kept one is stored with
 * the type its bytes proved (never image/svg+xml or another type the sender chose), which is the type it is served with.
 */
export async function checkUploadedImage(bucket: UploadsBucket, key: string): Promise<void> {
  const stored = await bucket.head(key);
  if (!stored) throw new NotFoundError(AVATAR_MESSAGES.notUploaded);
  const proven = stored.size > AVATAR_MAX_BYTES ? null : sniffImageType(await bucket.firstBytes(key, IMAGE_SIGNATURE_BYTES));
  if (!proven) {
    await bucket.delete(key);
    throw new ValidationError(stored.size > AVATAR_MAX_BYTES ? AVATAR_MESSAGES.tooLarge : AVATAR_MESSAGES.notAnImage);
  }
  if (stored.contentType !== proven) await bucket.setContentType(key, proven);
}
