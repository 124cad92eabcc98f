import { callerResolvers } from '../lib/appsync';
import { createAuthorizedHandler } from '../lib/authorization';
import { dynamoRecommendationStore } from '../lib/stores/recommendation-store';
import { dynamoUserStore } from '../lib/stores/user-store';
import { s3VideosBucket } from '../lib/uploads';
import {
  createVideoRecommendation,
  deleteVideoRecommendation,
  getRecommendations,
  type RecommendationDeps,
  updateVideoRecommendation,
} from './recommendations';

const deps: RecommendationDeps = {
  recommendations: dynamoRecommendationStore,
  users: dynamoUserStore,
  bucket: s3VideosBucket,
  now: () => new Date(),
};
const withCaller = callerResolvers(deps);

/** Video recommendations: the admins' table and its writes. */
export const handler = createAuthorizedHandler({
  'Query.getRecommendations': async (event) => getRecommendations(event.arguments, deps),
  'Mutation.createVideoRecommendation': withCaller(createVideoRecommendation),
  'Mutation.updateVideoRecommendation': withCaller(updateVideoRecommendation),
  'Mutation.deleteVideoRecommendation': withCaller(deleteVideoRecommendation),
});
