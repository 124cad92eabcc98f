import { requireCaller } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { dynamoRecommendationStore } from '../lib/stores/recommendation-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { s3VideosBucket } from '../lib/uploads';
import { createVideoRecommendation, deleteVideoRecommendation, getRecommendations, type RecommendationDeps, updateVideoRecommendation } from './recommendations';

const deps: RecommendationDeps = { recommendations: dynamoRecommendationStore, users: dynamoUserStore, bucket: s3VideosBucket, now: () => new Date() };

/** Video recommendations: the admins' table and its writes. */
export const handler = createAuthorizedHandler({
  'Query.getRecommendations': async (event) => getRecommendations(event.arguments, deps),
  'Mutation.createVideoRecommendation': async (event) => createVideoRecommendation(requireCaller(event), event.arguments, deps),
  'Mutation.updateVideoRecommendation': async (event) => updateVideoRecommendation(requireCaller(event), event.arguments, deps),
  'Mutation.deleteVideoRecommendation': async (event) => deleteVideoRecommendation(requireCaller(event), event.arguments, deps),
});
