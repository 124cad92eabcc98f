import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { defineFitGauge } from '../lib/app';
import { repoRoot } from '../lib/functions';
import { staleBuildReason } from '../lib/web-build-stamp';

const app = new App();
// The site is published from web/dist only if it is a build of the current sources, stamped by `npm run deploy`
// (scripts/deploy.ts). Passing -c webDistPath=<dir> (npm run lint:cfn, tests) names another directory on purpose.
if (app.node.tryGetContext('webDistPath') === undefined) {
  const reason = staleBuildReason(join(repoRoot, 'web', 'dist'), repoRoot);
  if (reason) {
    console.error(
      `Refusing to publish the web app: ${reason}\nRun "npm run deploy", which builds the site, stamps it and deploys (to synthesize only, pass -c webDistPath=<a build>).`,
    );
    process.exit(1);
  }
}
defineFitGauge(app);
