import { GAMERS_SHARE } from '@core/policy';
import { activateShareArgsSchema, updateShareArgsSchema } from '@core/report-sharing';
import { field, type FieldDeclarations } from '../lib/fields';
import { productionDeps as deps } from './deps';
import { activateShareFGScore, myReportShares, updateShareFGScore } from './shares';

/** Report sharing: the gamer's shares and the recipient's answer from the recap e-mail (docs/recap.md). */
export const reportSharingFields = {
  'Query.myReportShares': field({ policy: GAMERS_SHARE, resolve: async ({ caller }) => myReportShares(caller, deps) }),
  'Mutation.updateShareFGScore': field({
    policy: GAMERS_SHARE,
    args: updateShareArgsSchema,
    resolve: async ({ caller, args }) => updateShareFGScore(caller, args, deps),
  }),
  'Mutation.activateShareFGScore': field({
    // Report sharing (docs/recap.md): a gamer shares his own reports; the recipient answers from the e-mail's link,
    // signed out, with the share id (a UUID) as the only credential.
    policy: { public: true, users: 'all', subject: { kind: 'none' } },
    args: activateShareArgsSchema,
    resolve: async ({ args }) => activateShareFGScore(args, deps),
  }),
} satisfies FieldDeclarations;
