/**
 * The site's optional custom domain (context domainName: infra/lib/web-hosting.ts SiteDomain): the CloudFront alternate
 * name with its us-east-1 certificate (made and DNS-validated in the hosted zone, or an existing one by ARN), the alias
 * records, and the app URL of the links in mail; without it, the CloudFront name as before.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebHosting, type SiteDomain } from '../../infra/lib/web-hosting';
import { synthesizeFitGauge } from './fitgauge-app';

const noWebDist = mkdtempSync(join(tmpdir(), 'no-web-dist-'));
afterAll(() => rmSync(noWebDist, { recursive: true, force: true }));

const ZONE = { hostedZoneId: 'Z0123456789ABCDEFGHIJ', hostedZoneName: 'fitgauge.gg' };
const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789012';

function hosting(region: string, domain?: SiteDomain) {
  const stack = new Stack(new App(), 'Hosting', { env: { account: '123456789012', region } });
  const web = new WebHosting(stack, 'Web', { accessLogs: new s3.Bucket(stack, 'Logs'), distPath: noWebDist, mediaOrigins: [], domain });
  return { web, template: Template.fromStack(stack) };
}

const viewerConfig = (template: Template) => Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

it('without a domain: the CloudFront name, no certificate, no records', () => {
  const { web, template } = hosting('eu-west-1');
  expect(web.url).toMatch(/^https:\/\/\$\{Token/);
  expect(viewerConfig(template).Aliases).toBeUndefined();
  template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
  template.resourceCountIs('AWS::Route53::RecordSet', 0);
});

it('with a domain and its hosted zone in us-east-1: a DNS-validated certificate, the alternate name, A and AAAA aliases', () => {
  const { web, template } = hosting('us-east-1', { name: 'app.fitgauge.gg', ...ZONE });
  expect(web.url).toBe('https://app.fitgauge.gg');
  template.hasResourceProperties('AWS::CertificateManager::Certificate', {
    DomainName: 'app.fitgauge.gg',
    ValidationMethod: 'DNS',
    DomainValidationOptions: [{ DomainName: 'app.fitgauge.gg', HostedZoneId: ZONE.hostedZoneId }],
  });
  const config = viewerConfig(template);
  expect(config.Aliases).toEqual(['app.fitgauge.gg']);
  expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
  for (const Type of ['A', 'AAAA']) {
    template.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'app.fitgauge.gg.',
      Type,
      HostedZoneId: ZONE.hostedZoneId,
      // CloudFront's own zone (a mapping in the template) with the distribution's name.
      AliasTarget: Match.objectLike({ DNSName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] } }),
    });
  }
});

it('in another region: takes an existing us-east-1 certificate by ARN, and refuses to go without one', () => {
  const { web, template } = hosting('eu-west-1', { name: 'app.fitgauge.gg', ...ZONE, certificateArn: CERTIFICATE_ARN });
  expect(web.url).toBe('https://app.fitgauge.gg');
  expect(viewerConfig(template).ViewerCertificate).toMatchObject({ AcmCertificateArn: CERTIFICATE_ARN });
  template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
  template.resourceCountIs('AWS::Route53::RecordSet', 2);

  expect(() => hosting('eu-west-1', { name: 'app.fitgauge.gg', ...ZONE })).toThrow(
    /needs a certificate in us-east-1.*aws acm request-certificate --region us-east-1/,
  );
  expect(() => hosting('eu-west-1', { name: 'app.fitgauge.gg', certificateArn: CERTIFICATE_ARN.replace('us-east-1', 'eu-west-1') })).toThrow(
    /not in us-east-1/,
  );
});

it('the whole app with -c domainName: mail links and the outputs use https://<domain>', () => {
  const { stack, dispose } = synthesizeFitGauge({
    bundle: false,
    context: { region: 'us-east-1', domainName: 'app.fitgauge.gg', hostedZoneId: ZONE.hostedZoneId, hostedZoneName: ZONE.hostedZoneName },
  });
  try {
    const template = Template.fromStack(stack);
    const appUrls = Object.values(template.findResources('AWS::Lambda::Function'))
      .map((fn) => fn.Properties.Environment?.Variables?.APP_URL)
      .filter((url) => url !== undefined);
    expect(appUrls.length).toBeGreaterThanOrEqual(4);
    expect(new Set(appUrls)).toEqual(new Set(['https://app.fitgauge.gg']));
    template.hasOutput('WebUrl', { Value: 'https://app.fitgauge.gg' });
    template.hasOutput('DiscordRedirectUri', { Value: 'https://app.fitgauge.gg/auth/login' });
  } finally {
    dispose();
  }
});
