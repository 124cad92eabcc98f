import { requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { productionDeps as deps } from './deps';
import { activateShareFGScore, myReportShares, updateShareFGScore } from './shares';

/** Report sharing: the gamer's shares and the recipient's answer from the recap e-mail (docs/recap.md). */
export const handler = createAuthorizedHandler({
  'Query.myReportShares': async (event) => myReportShares(requireCaller(event), deps),
  'Mutation.updateShareFGScore': async (event) => updateShareFGScore(requireCaller(event), event.arguments, deps),
  'Mutation.activateShareFGScore': async (event) => activateShareFGScore(event.arguments, deps),
});
