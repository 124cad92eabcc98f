import { Stack, Token } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as mediaconvert from 'aws-cdk-lib/aws-mediaconvert';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { VIDEO_MEDIA_PREFIX, VIDEO_UPLOADS_ROOT } from '@core/video-files';
import { transcodeJobTemplateSettings } from '../../lambdas/lib/transcoding-job';
import { acknowledge, refInFinding } from './nag';

/** Uploaded originals (core/videos.ts videoSourcePrefix): `videos/<videoId>/source/<file>`. */
const SOURCES = `${VIDEO_UPLOADS_ROOT}*/source/*`;

/**
 * MediaConvert for the videos bucket (docs/transcoding.md): the job template (HLS renditions and a thumbnail,
 * lambdas/lib/transcoding-job.ts) and the role MediaConvert works with, which reads uploaded originals and writes the
 * transcoded media, nothing else. Jobs run on the account's Default queue (on-demand pricing).
 */
export class Transcoding extends Construct {
  readonly role: iam.Role;
  readonly jobTemplate: mediaconvert.CfnJobTemplate;
  readonly jobTemplateName: string;

  constructor(scope: Construct, id: string, props: { videos: s3.Bucket }) {
    super(scope, id);
    const stack = Stack.of(this);
    this.role = new iam.Role(this, 'MediaConvertRole', {
      assumedBy: new iam.ServicePrincipal('mediaconvert.amazonaws.com'),
      description: 'FitGauge transcodes: reads uploaded videos, writes HLS and thumbnails',
    });
    this.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [props.videos.arnForObjects(SOURCES)] }));
    this.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [props.videos.arnForObjects(`${VIDEO_MEDIA_PREFIX}*`)] }));
    const bucketRef = refInFinding(props.videos.node.defaultChild as s3.CfnBucket);
    acknowledge(
      this.role,
      'Each upload and its outputs get their own keys (video id, upload id): MediaConvert reads the uploaded sources and writes the media prefix of the videos bucket only.',
      `AwsSolutions-IAM5[Resource::${bucketRef}/${SOURCES}]`,
      `AwsSolutions-IAM5[Resource::${bucketRef}/${VIDEO_MEDIA_PREFIX}*]`,
    );

    this.jobTemplateName = `${stack.stackName}-video-hls`;
    this.jobTemplate = new mediaconvert.CfnJobTemplate(this, 'VideoJobTemplate', {
      name: this.jobTemplateName,
      description: 'FitGauge videos: HLS renditions and a thumbnail frame',
      settingsJson: transcodeJobTemplateSettings,
      statusUpdateInterval: 'SECONDS_60',
    });
  }

  /** Lets a function start jobs with the template on the Default queue, handing MediaConvert this role. */
  grantStartJob(fn: lambda.Function, role: iam.Role): void {
    const stack = Stack.of(this);
    const arn = (resource: string, resourceName: string) => stack.formatArn({ service: 'mediaconvert', resource, resourceName });
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['mediaconvert:CreateJob'],
        resources: [this.jobTemplate.attrArn, arn('queues', 'Default'), arn('jobs', '*')],
      }),
    );
    this.role.grantPassRole(role);
    fn.addEnvironment('MEDIACONVERT_JOB_TEMPLATE', this.jobTemplateName);
    fn.addEnvironment('MEDIACONVERT_ROLE_ARN', this.role.roleArn);
    acknowledge(
      role,
      'MediaConvert names a job when it creates it, so CreateJob is allowed on new jobs of this account and region (the template and queue are named).',
      `AwsSolutions-IAM5[Resource::arn:${inFinding(stack.partition, 'Partition')}:mediaconvert:${inFinding(stack.region, 'Region')}:${inFinding(stack.account, 'AccountId')}:jobs/*]`,
    );
  }
}

/** How cdk-nag writes a stack attribute inside a finding: its value when the stack's environment fixes it, else `<AWS::Name>`. */
const inFinding = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
