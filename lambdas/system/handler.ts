import { createAuthorizedHandler } from '../lib/authorization';
import { config } from '../lib/config';

export const handler = createAuthorizedHandler({
  'Query.health': async () => ({ status: 'ok', version: config.appVersion, time: new Date().toISOString() }),
});
