import { Aws, Duration, Fn, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { AVATARS_ROOT } from '@core/avatars';
import { VIDEO_MEDIA_ROOT } from '@core/video-files';

/** A bucket nobody reaches without IAM: no public access, encrypted at rest, TLS only, access logged. */
export function privateBucket(
  scope: Construct,
  id: string,
  accessLogs: s3.IBucket,
  props: Omit<s3.BucketProps, 'blockPublicAccess' | 'encryption' | 'enforceSSL' | 'serverAccessLogsBucket'> = {},
): s3.Bucket {
  return new s3.Bucket(scope, id, {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: `${id.toLowerCase()}/`,
    ...props,
  });
}

/**
 * Buckets for files users send (uploads: avatars, by presigned POST) and for video content (videos: the admins'
 * video files, thumbnails and series covers by presigned POST, read by presigned GET; the transcoder's HLS and
 * thumbnails under `media/`, read through the site's /media/), plus the access-log bucket every bucket and CloudFront write to.
 *
 * The two content buckets are named by the stack, not by CloudFormation, so that the CloudFront CSP and origins can
 * name them: taking their domain from the bucket resources would make the distribution depend on them while their
 * CORS rule depends on the distribution's domain (a cycle). Each name ends with a piece of the stack's id, which is new
 * each time the stack is created: the data buckets are retained when the stack is deleted, so a first deploy that
 * rolls back leaves them behind, and a name fixed by account and region alone would make the retry fail with
 * "already exists". Within one stack the id never changes, so updates keep the same buckets.
 */
export class Storage extends Construct {
  readonly accessLogs: s3.Bucket;
  readonly uploads: s3.Bucket;
  readonly videos: s3.Bucket;
  /** https://<bucket>.s3.<region>.amazonaws.com, the URL presigned requests use. */
  readonly uploadsUrl: string;
  /** The uploads bucket's name (from the stack, not the bucket resource), for origins that must not depend on the bucket resource (see above). */
  readonly uploadsName: string;
  readonly videosUrl: string;
  /** The videos bucket's name (as uploadsName), for the site's /media/ origin (as uploadsName). */
  readonly videosName: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    // The last 12 hex digits of the stack id's UUID (arn:…:stack/<name>/<uuid>): unique per stack creation.
    const creation = Fn.select(4, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
    // A bucket name has at most 63 characters: <= 30 of the stack name, "-uploads-" and the 12 digits.
    const nameOf = (purpose: string) => `${stack.stackName.toLowerCase().slice(0, 30)}-${purpose}-${creation}`;
    const urlOf = (bucketName: string) => `https://${bucketName}.s3.${stack.region}.amazonaws.com`;

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED, // the only encryption S3 server access logging accepts
      enforceSSL: true,
      // CloudFront standard logging writes through ACLs, so the bucket must not enforce bucket-owner ownership.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    }); // cdk-nag S1 accepts a bucket that is itself a log target

    const uploadsName = nameOf('uploads');
    this.uploads = privateBucket(this, 'Uploads', this.accessLogs, {
      bucketName: uploadsName,
      // Users' originals: keep overwritten or deleted versions for a while so a mistake can be undone.
      versioned: true,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1), noncurrentVersionExpiration: Duration.days(30) }],
    });
    this.uploadsUrl = urlOf(uploadsName);
    this.uploadsName = uploadsName;

    const videosName = nameOf('videos');
    this.videos = privateBucket(this, 'Videos', this.accessLogs, {
      bucketName: videosName,
      // Admins' originals (uploaded again if lost) and the transcoder's renditions of them (rebuilt): no versioning.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    this.videosUrl = urlOf(videosName);
    this.videosName = videosName;
  }

  /** Lets the web app at `origin` send presigned POST uploads and read both buckets from the browser. */
  allowBrowserAccess(origin: string): void {
    this.uploads.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST, s3.HttpMethods.PUT],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
    this.videos.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
      allowedHeaders: ['*'],
      maxAge: 3000,
    });
  }

  /**
   * Lets one CloudFront distribution (origin access control) read the avatars of the uploads bucket, and nothing
   * else of it: avatars are shown to everyone who sees a team or a profile, by unguessable addresses.
   */
  allowAvatarReads(distributionArn: string): void {
    allowDistributionReads(this.uploads, `${AVATARS_ROOT}/*`, distributionArn);
  }

  /**
   * Lets one CloudFront distribution read the transcoder's outputs (`media/*`: HLS and thumbnails) of the videos
   * bucket, and nothing else of it: the admins' source files and own thumbnails under `videos/` stay private.
   */
  allowMediaReads(distributionArn: string): void {
    allowDistributionReads(this.videos, `${VIDEO_MEDIA_ROOT}/*`, distributionArn);
  }
}

/** A bucket policy statement: GetObject on the keys matching `pattern`, for one distribution's origin access control. */
function allowDistributionReads(bucket: s3.Bucket, pattern: string, distributionArn: string): void {
  bucket.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [bucket.arnForObjects(pattern)],
      conditions: { StringEquals: { 'AWS:SourceArn': distributionArn } },
    }),
  );
}
