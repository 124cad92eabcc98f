import { createResolverHandler } from '../lib/appsync';
import { config } from '../lib/config';

export const handler = createResolverHandler({
  'Query.health': async () => ({ status: 'ok', version: config.appVersion, time: new Date().toISOString() }),
});
