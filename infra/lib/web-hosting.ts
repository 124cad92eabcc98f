import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, Stack, Token } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as route53 from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { AVATARS_ROOT } from '@core/avatars';
import { VIDEO_MEDIA_ROOT } from '@core/video-files';
import type { WrittenRuntimeConfig } from '@core/runtime-config';
import { repoRoot } from './functions';
import { acknowledge } from './nag';
import { privateBucket } from './storage';
import { BUILD_STAMP_FILE } from './web-build-stamp';

/** What the web app reads from /config.json at start (core/runtime-config.ts). */
type WebConfig = WrittenRuntimeConfig<'aws'>;

interface WebHostingProps {
  readonly accessLogs: s3.IBucket;
  /** The Vite build output (web/dist). */
  readonly distPath: string;
  /** Origins the page may load images and media from (the content buckets). */
  readonly mediaOrigins: string[];
  /** The uploads bucket, by its stack-given name, whose avatars the site serves at /avatars/ (Storage.allowAvatarReads). */
  readonly avatarsBucketName?: string;
  /** The videos bucket, by its stack-given name, whose transcoder outputs the site serves at /media/ (Storage.allowMediaReads). */
  readonly mediaBucketName?: string;
  /** The site's own domain; absent: the distribution's *.cloudfront.net name. */
  readonly domain?: SiteDomain;
}

/**
 * A custom domain for the site (context domainName, hostedZoneId, hostedZoneName, certificateArn: infra/lib/app.ts).
 * CloudFront takes certificates from us-east-1 only: with `certificateArn` (an issued us-east-1 certificate for the
 * name) the stack uses it; without, a stack in us-east-1 makes one, DNS-validated in the hosted zone. With
 * `hostedZoneId` the stack also writes the name's alias records (A and AAAA) to the distribution.
 */
export interface SiteDomain {
  readonly name: string;
  readonly hostedZoneId?: string;
  /** The hosted zone's domain (e.g. fitgauge.gg for app.fitgauge.gg); the name itself when absent. */
  readonly hostedZoneName?: string;
  readonly certificateArn?: string;
}

/** The certificate of the site's domain, in us-east-1 (CloudFront's requirement). */
function siteCertificate(scope: Construct, domain: SiteDomain, zone: route53.IHostedZone | undefined): acm.ICertificate {
  if (domain.certificateArn) {
    if (!Token.isUnresolved(domain.certificateArn) && !domain.certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
      throw new Error(`certificateArn ${domain.certificateArn} is not in us-east-1: CloudFront takes certificates from us-east-1 only.`);
    }
    return acm.Certificate.fromCertificateArn(scope, 'Certificate', domain.certificateArn);
  }
  if (zone && Stack.of(scope).region === 'us-east-1') {
    return new acm.Certificate(scope, 'Certificate', { domainName: domain.name, validation: acm.CertificateValidation.fromDns(zone) });
  }
  throw new Error(
    `The domain ${domain.name} needs a certificate in us-east-1 (CloudFront's rule). Deploy in us-east-1 with -c hostedZoneId=… (the stack makes it), or request one there (aws acm request-certificate --region us-east-1 --domain-name ${domain.name} --validation-method DNS, then its DNS record) and pass -c certificateArn=….`,
  );
}

/**
 * The page's inline scripts as CSP sources (index.html's colour mode, applied before the first paint): 'self' does not
 * cover them. Vite copies them into the build unchanged.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
}

/** The CSP: only this site (and its inline scripts), AppSync, Cognito, the region's S3 (presigned requests) and Stripe.js. */
function contentSecurityPolicy(region: string, mediaOrigins: string[]): string {
  const indexHtml = readFileSync(join(repoRoot, 'web', 'index.html'), 'utf8');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(indexHtml), 'https://js.stripe.com'],
    // Component libraries (Amplify UI, charts) inject <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
    'media-src': ["'self'", 'blob:', ...mediaOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      `https://*.appsync-api.${region}.amazonaws.com`,
      `wss://*.appsync-realtime-api.${region}.amazonaws.com`,
      `https://cognito-idp.${region}.amazonaws.com`,
      `https://*.s3.${region}.amazonaws.com`,
      'https://api.stripe.com',
    ],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': [],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The CSP of files users sent or the transcoder wrote (/avatars/*, /media/*): nothing in them runs, even opened on their
 * own (an HTML or SVG file stored under such a key), as the local S3 stand-in's guard serves them (scripts/local/s3-guard.ts).
 */
export const UPLOADED_FILES_CSP = "default-src 'none'; sandbox";

/**
 * Client-side routing, as a CloudFront Function (cloudfront-js-2.0) on the site's viewer requests: a path whose last
 * segment has no dot is a route of the app and gets index.html; any other path is a file, so a missing file stays an
 * error (not the app's page with 200), as the local web server answers (scripts/local/web.ts). /avatars/* and /media/*
 * have their own behaviours, without it: a missing avatar or HLS segment is an error there too.
 */
export const SPA_ROUTING_CODE = `function handler(event) {
  var request = event.request;
  if (request.uri.split('/').pop().indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The SPA: a private bucket behind CloudFront (origin access control), with security headers on every response. */
export class WebHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https://<the custom domain> or https://<distribution domain>: the web app's origin, and the links in mail. */
  readonly url: string;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: WebHostingProps,
  ) {
    super(scope, id);
    const region = Stack.of(this).region;

    this.bucket = privateBucket(this, 'Site', props.accessLogs);

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'FitGauge security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(region, props.mediaOrigins), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true }],
      },
    });

    // Uploads are served with their stored type (the type an image's bytes proved), never sniffed, and run nothing.
    const uploadHeaders = new cloudfront.ResponseHeadersPolicy(this, 'UploadedFilesHeaders', {
      comment: 'FitGauge uploaded files: nosniff and a CSP that runs nothing',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: UPLOADED_FILES_CSP, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const { domain } = props;
    const zone = domain?.hostedZoneId
      ? route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
          hostedZoneId: domain.hostedZoneId,
          zoneName: domain.hostedZoneName ?? domain.name,
        })
      : undefined;
    const certificate = domain && siteCertificate(this, domain, zone);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'FitGauge web app',
      ...(domain && certificate
        ? { domainNames: [domain.name], certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaRouting', {
              comment: 'FitGauge: app routes get index.html',
              code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_CODE),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: {
        ...(props.avatarsBucketName
          ? { [`${AVATARS_ROOT}/*`]: this.privateObjectsBehavior('AvatarsBucket', props.avatarsBucketName, uploadHeaders) }
          : {}),
        // HLS playlists, renditions, segments and thumbnails: hls.js fetches each relative URI from here, unsigned.
        ...(props.mediaBucketName
          ? { [`${VIDEO_MEDIA_ROOT}/*`]: this.privateObjectsBehavior('MediaBucket', props.mediaBucketName, uploadHeaders) }
          : {}),
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
    });
    this.url = `https://${domain?.name ?? this.distribution.distributionDomainName}`;
    if (domain && zone) {
      const target = route53.RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'DomainAlias', { zone, recordName: domain.name, target });
      new route53.AaaaRecord(this, 'DomainAliasIpv6', { zone, recordName: domain.name, target });
    }

    const distributionResource = this.distribution.node.defaultChild as cloudfront.CfnDistribution;
    if (!domain) {
      acknowledge(
        distributionResource,
        'No custom domain (context domainName): with the default *.cloudfront.net certificate CloudFront fixes the viewer TLS policy; with a domain the policy is TLSv1.2_2021.',
        'AwsSolutions-CFR4',
      );
    }
    acknowledge(distributionResource, 'Esports teams use FitGauge worldwide; no country is excluded.', 'AwsSolutions-CFR1');
    acknowledge(
      distributionResource,
      'The distribution serves static files only; every API call goes to AppSync, which authenticates each request. A WAF web ACL would add cost without protecting data.',
      'AwsSolutions-CFR2',
    );
  }

  /**
   * Objects of a private bucket (avatars of the uploads bucket, the transcoder's media of the videos bucket) through
   * origin access control. The bucket is named, not referenced: its CORS rule names this distribution, so the
   * distribution may not depend on the bucket resource. Its bucket policy is therefore written by
   * Storage.allowAvatarReads / allowMediaReads (one path each), not by CDK's origin.
   */
  private privateObjectsBehavior(id: string, bucketName: string, headers: cloudfront.IResponseHeadersPolicy): cloudfront.BehaviorOptions {
    const bucket = s3.Bucket.fromBucketAttributes(this, id, { bucketName, region: Stack.of(this).region });
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'Storage.allowAvatarReads and allowMediaReads write the policies.',
    );
    return {
      origin: S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers,
    };
  }

  /**
   * Publishes web/dist and a generated /config.json. Without a build (a fresh checkout, a CI synth before the
   * web build) the site is left out with a synth-time warning rather than failing synth: build with `npm run build`, then
   * deploy. Hashed files under assets/ are cached for a year and never pruned (open tabs keep loading their
   * chunks); everything else (index.html, config.json) is revalidated on every load. Returns the deployment of index.html
   * and config.json, for what must exist before the site points at it.
   */
  deploySite(config: WebConfig): s3deploy.BucketDeployment | undefined {
    const { distPath } = this.props;
    if (!existsSync(join(distPath, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'fitgauge:web-dist-missing',
        `${distPath}/index.html not found: the web app is not deployed. Run "npm run build" before "cdk deploy".`,
      );
      return undefined;
    }

    const assetsPath = join(distPath, 'assets');
    const assets = existsSync(assetsPath)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          // Source maps stay out of the public site.
          sources: [s3deploy.Source.asset(assetsPath, { exclude: ['*.map'] })],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          memoryLimit: 512,
        })
      : undefined;

    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(distPath, { exclude: ['assets', '*.map', BUILD_STAMP_FILE] }), s3deploy.Source.jsonData('config.json', config)],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // index.html must not point at chunks that are not uploaded yet.
    if (assets) site.node.addDependency(assets);
    return site;
  }
}
