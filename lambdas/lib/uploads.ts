import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { VIDEO_MEDIA_PREFIX } from '@core/video-files';
import { tracer } from './observability';

/**
 * The buckets browsers send files to by presigned POST: uploads (UPLOADS_BUCKET, avatars) and videos (VIDEOS_BUCKET,
 * video files, thumbnails, series covers); the server then looks at what arrived. Locally AWS_ENDPOINT_URL_S3 points
 * the same client at s3rver, which checks no POST policy, so every rule of a policy is checked again on the stored object.
 */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface StoredObject {
  size: number;
  contentType: string | null;
}

export interface UploadsBucket {
  /**
   * A POST form for exactly this key: a type starting with `contentTypePrefix` (exactly `contentType` when the two are
   * the same), 1 to maxBytes bytes, for 5 minutes.
   */
  presignPost(key: string, contentType: string, contentTypePrefix: string, maxBytes: number): Promise<PresignedPost>;
  /**
   * Where browsers read an object served without signature: avatars under UPLOADS_PUBLIC_URL, the transcoder's outputs
   * (`media/...` of the videos bucket) under MEDIA_PUBLIC_URL. The site on AWS, s3rver locally.
   */
  publicUrl(key: string): string;
  /** A GET of a private object (videos, thumbnails, covers), valid for an hour. */
  presignGet(key: string): Promise<string>;
  /** Size and declared type, or null when nothing is stored under the key. */
  head(key: string): Promise<StoredObject | null>;
  /** The first `count` bytes (fewer for a shorter object). */
  firstBytes(key: string, count: number): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
  /** Stores `contentType` as the object's type (copied onto itself): the type its bytes proved, not the sender's. */
  setContentType(key: string, contentType: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a user's avatars when the account goes); the count deleted. */
  deleteUnder(prefix: string): Promise<number>;
}

/** How long a presigned POST form may be used. */
const POST_EXPIRES_SECONDS = 300;
/** How long a presigned GET may be used: long enough to watch a video. */
const GET_EXPIRES_SECONDS = 3600;

let client: S3Client | undefined;
const s3 = () => (client ??= tracer.captureAWSv3Client(new S3Client({})));

function environment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

const isNotFound = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '');

/** The bucket the environment variable `bucketVariable` names, read when first used. */
function s3Bucket(bucketVariable: 'UPLOADS_BUCKET' | 'VIDEOS_BUCKET', publicUrl: (key: string) => string): UploadsBucket {
  const bucketName = () => environment(bucketVariable);
  return {
    async presignPost(key, contentType, contentTypePrefix, maxBytes) {
      const { url, fields } = await createPresignedPost(s3(), {
        Bucket: bucketName(),
        Key: key,
        Fields: { 'Content-Type': contentType },
        Conditions: [
          contentTypePrefix === contentType ? ['eq', '$Content-Type', contentType] : ['starts-with', '$Content-Type', contentTypePrefix],
          ['content-length-range', 1, maxBytes],
        ],
        Expires: POST_EXPIRES_SECONDS,
      });
      return { url, fields };
    },
    publicUrl,
    presignGet: (key) => getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucketName(), Key: key }), { expiresIn: GET_EXPIRES_SECONDS }),
    async head(key) {
      try {
        const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async firstBytes(key, count) {
      const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key, Range: `bytes=0-${count - 1}` }));
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      // A store that ignores Range sends the whole object: only the head counts.
      return bytes.subarray(0, count);
    },
    async delete(key) {
      await s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
    },
    async setContentType(key, contentType) {
      const Bucket = bucketName();
      const CopySource = `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
      await s3().send(new CopyObjectCommand({ Bucket, Key: key, CopySource, ContentType: contentType, MetadataDirective: 'REPLACE' }));
    },
    async deleteUnder(prefix) {
      let deleted = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix, ContinuationToken }));
        // One by one: a user has a handful of avatars, and s3rver's multi-object delete differs from S3's in details.
        for (const { Key } of page.Contents ?? []) {
          if (!Key) continue;
          await this.delete(Key);
          deleted += 1;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return deleted;
    },
  };
}

export const s3UploadsBucket = s3Bucket('UPLOADS_BUCKET', (key) => `${withoutTrailingSlash(environment('UPLOADS_PUBLIC_URL'))}/${key}`);

/**
 * Video files, admins' thumbnails and series covers (private, read through presigned GETs), and the transcoder's HLS
 * and thumbnails under `media/`, the only keys with a public address: MEDIA_PUBLIC_URL stands for `media/` (the site's
 * /media on AWS), so no address under it can name a source upload.
 */
export const s3VideosBucket = s3Bucket('VIDEOS_BUCKET', (key) => {
  if (!key.startsWith(VIDEO_MEDIA_PREFIX)) throw new Error(`Only the transcoder's outputs (${VIDEO_MEDIA_PREFIX}) have a public address, not ${key}`);
  return `${withoutTrailingSlash(environment('MEDIA_PUBLIC_URL'))}/${key.slice(VIDEO_MEDIA_PREFIX.length)}`;
});
