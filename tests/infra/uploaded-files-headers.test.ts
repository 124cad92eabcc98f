/**
 * How CloudFront serves files users sent (/avatars/*) and the transcoder's outputs (/media/*): never sniffed, and
 * nothing in them runs (issue 24 item 6), while the app's own pages keep the site's CSP.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOADED_FILES_CSP, WebHosting } from '../../infra/lib/web-hosting';

const noWebDist = mkdtempSync(join(tmpdir(), 'no-web-dist-'));
afterAll(() => rmSync(noWebDist, { recursive: true, force: true }));

function synth() {
  const stack = new Stack(new App(), 'Hosting', { env: { account: '123456789012', region: 'us-east-1' } });
  const accessLogs = new s3.Bucket(stack, 'Logs');
  const web = new WebHosting(stack, 'Web', {
    accessLogs,
    // No build here: the site's files are not what this test is about.
    distPath: noWebDist,
    mediaOrigins: [],
    avatarsBucketName: 'fitgauge-uploads-test',
    mediaBucketName: 'fitgauge-videos-test',
  });
  return { stack, web, template: Template.fromStack(stack) };
}

it('serves /avatars/* and /media/* with nosniff and a CSP that runs nothing, the app with its own CSP', () => {
  const { stack, web, template } = synth();
  const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const idOf = (id: string) => stack.getLogicalId(web.node.findChild(id).node.defaultChild as never);
  const uploads = policies[idOf('UploadedFilesHeaders')].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
  expect(UPLOADED_FILES_CSP).toBe("default-src 'none'; sandbox");
  expect(uploads.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: UPLOADED_FILES_CSP, Override: true });
  expect(uploads.ContentTypeOptions).toEqual({ Override: true });

  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  const config = distribution.Properties.DistributionConfig;
  const policyOf = (pattern: string) =>
    config.CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === pattern).ResponseHeadersPolicyId;
  expect(policyOf('avatars/*')).toEqual({ Ref: idOf('UploadedFilesHeaders') });
  expect(policyOf('media/*')).toEqual({ Ref: idOf('UploadedFilesHeaders') });
  expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: idOf('SecurityHeaders') });
  expect(
    policies[idOf('SecurityHeaders')].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
  ).toContain("default-src 'self'");
});
