import { config } from '../lib/config';
import { field, type FieldDeclarations } from '../lib/fields';

/** Health and service information. */
export const systemFields = {
  'Query.health': field({
    policy: { public: true, users: 'all', subject: { kind: 'none' } },
    resolve: async () => ({ status: 'ok', version: config.appVersion, time: new Date().toISOString() }),
  }),
} satisfies FieldDeclarations;
