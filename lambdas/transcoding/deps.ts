import { CreateJobCommand, MediaConvertClient } from '@aws-sdk/client-mediaconvert';
import { config } from '../lib/config';
import { tracer } from '../lib/observability';
import { dynamoVideoStore } from '../lib/stores/video-store';
import { transcodeJobSettings, type TranscodeJobMetadata } from '../lib/transcoding-job';
import type { TranscodeDeps } from './transcoding';

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
        JobTemplate: config.mediaConvertJobTemplate,
        Role: config.mediaConvertRoleArn,
        Settings: transcodeJobSettings(bucket, uploadKey, videoId),
        UserMetadata: { ...metadata },
      }),
    );
    return Job?.Id ?? '';
  },
};
