import { CreateJobCommand, MediaConvertClient } from '@aws-sdk/client-mediaconvert';
import { tracer } from '../lib/observability';
import { dynamoVideoStore } from '../lib/stores/video-store';
import { transcodeJobSettings, type TranscodeJobMetadata } from '../lib/transcoding-job';
import type { TranscodeDeps } from './transcoding';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/**
 * MediaConvert's regional endpoint on AWS; locally AWS_ENDPOINT_URL_MEDIACONVERT points the same client at the
 * stand-in (scripts/local/mediaconvert). The template and role come from CDK (MEDIACONVERT_JOB_TEMPLATE / _ROLE_ARN).
 */
let client: MediaConvertClient | undefined;
const mediaConvert = () => (client ??= tracer.captureAWSv3Client(new MediaConvertClient({})));

export const productionDeps: TranscodeDeps = {
  videos: dynamoVideoStore,
  async startJob(bucket, uploadKey, videoId) {
    const metadata: TranscodeJobMetadata = { videoId, uploadKey };
    const { Job } = await mediaConvert().send(
      new CreateJobCommand({
        JobTemplate: required('MEDIACONVERT_JOB_TEMPLATE'),
        Role: required('MEDIACONVERT_ROLE_ARN'),
        Settings: transcodeJobSettings(bucket, uploadKey, videoId),
        UserMetadata: { ...metadata },
      }),
    );
    return Job?.Id ?? '';
  },
};
