/**
 * Avatar uploads in e2e tests: a real 1x1 PNG, an object stored straight into the stack's uploads bucket (as if its
 * owner had posted it), and the browser's step 2 done from Node (a multipart POST of the presigned form).
 * Call useStackEnvironment() first: the S3 client finds s3rver and the bucket through the stack's environment.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { avatarKeyPrefix } from '@core/avatars';
import { s3UploadsBucket } from '../../lambdas/lib/uploads';

export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP438DwHwAGgAJ/EEwb4QAAAABJRU5ErkJggg==', 'base64');

/** Stores `bytes` under a fresh key of the user's (and team's) avatar prefix; returns the key and its address. */
export async function putAvatarObject(userId: string, teamId: string | undefined, bytes: Uint8Array, contentType = 'image/png') {
  const key = `${avatarKeyPrefix(userId, teamId)}${randomUUID()}.png`;
  const s3 = new S3Client({});
  try {
    await s3.send(new PutObjectCommand({ Bucket: process.env.UPLOADS_BUCKET, Key: key, Body: bytes, ContentType: contentType }));
  } finally {
    s3.destroy();
  }
  return { key, fileUrl: s3UploadsBucket.publicUrl(key) };
}

export interface PresignedUpload {
  uploadUrl: string;
  fields: { name: string; value: string }[];
}

/** Step 2 as a browser does it, or as anyone can forge it: the form's fields, then the file (with this declared type). */
export async function postUpload(upload: PresignedUpload, bytes: Buffer, filename: string, contentType: string): Promise<Response> {
  const form = new FormData();
  for (const { name, value } of upload.fields) form.append(name, name === 'Content-Type' ? contentType : value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  return fetch(upload.uploadUrl, { method: 'POST', body: form });
}
