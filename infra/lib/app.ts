import { join } from 'node:path';
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { FitGaugeStack } from './fitgauge-stack';
import { repoRoot } from './functions';

/**
 * Builds the FitGauge app from context (cdk.json or -c key=value), used by infra/bin and the infra tests.
 * Context keys: stackName (FitGauge), region, webDistPath (web/dist), mailFrom (verified SES address),
 * secretsPrefix (/fitgauge), discordClientId (the Discord OAuth app's public id), stripePublishableKey (Stripe's pk_live_… for Stripe.js),
 * appStoreUrl and playStoreUrl (the mobile app's store pages; store searches when absent), alarmEmail (who gets the alarms;
 * docs/operations.md), lambdaConcurrencyQuota (the account's Lambda concurrency quota, 1000), domainName (the site's own
 * domain, with hostedZoneId and hostedZoneName for its records and certificate, or certificateArn: web-hosting.ts SiteDomain). Synth needs no AWS credentials: the account stays unresolved unless the CLI
 * found one, and the region comes from context, the CLI's profile, or us-east-1.
 */
export function defineFitGauge(app: App): FitGaugeStack {
  const context = (key: string): string | undefined => app.node.tryGetContext(key);

  const stack = new FitGaugeStack(app, context('stackName') ?? 'FitGauge', {
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: context('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
    },
    description: 'FitGauge: esports wellness and game readiness',
    webDistPath: context('webDistPath') ?? join(repoRoot, 'web', 'dist'),
    mailFrom: context('mailFrom') ?? 'no-reply@fitgauge.example',
    secretsPrefix: context('secretsPrefix') ?? '/fitgauge',
    stripePublishableKey: context('stripePublishableKey') ?? '',
    storeUrls: { appStore: context('appStoreUrl'), playStore: context('playStoreUrl') },
    alarmEmail: context('alarmEmail'),
    lambdaConcurrencyQuota: Number(context('lambdaConcurrencyQuota') ?? 1000),
    domain: context('domainName')
      ? {
          name: context('domainName')!,
          hostedZoneId: context('hostedZoneId'),
          hostedZoneName: context('hostedZoneName'),
          certificateArn: context('certificateArn'),
        }
      : undefined,
    discord: {
      clientId: context('discordClientId') ?? '',
      apiUrl: 'https://discord.com/api',
      authorizeUrl: 'https://discord.com/oauth2/authorize',
    },
  });

  // cdk-nag 3 is a policy-validation plugin: synth fails on any finding not acknowledged with a reason,
  // and the reasons are copied into the template metadata for audits.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }));
  return stack;
}
