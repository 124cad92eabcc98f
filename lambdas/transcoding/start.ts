import type { S3Event } from 'aws-lambda';
import { observed } from '../lib/observability';
import { productionDeps } from './deps';
import { startTranscode } from './transcoding';

/** The videos bucket's ObjectCreated events under `videos/` (lambdas/triggers.ts): one transcode per uploaded source file. */
export const handler = observed(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    // S3 sends keys URL-encoded, a space as "+".
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    await startTranscode(record.s3.bucket.name, key, productionDeps);
  }
});
