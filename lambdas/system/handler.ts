import { createAuthorizedHandler } from '../lib/authorization';
import { config } from '../lib/config';

// Health is the same for every caller, so a signed-out token learns nothing here: no sign-out check.
export const handler = createAuthorizedHandler(
  { 'Query.health': async () => ({ status: 'ok', version: config.appVersion, time: new Date().toISOString() }) },
  { signOuts: null },
);
