import { ADMINS_ONLY } from '@core/policy';
import {
  createRecommendationArgsSchema,
  deleteRecommendationArgsSchema,
  recommendationsArgsSchema,
  updateRecommendationArgsSchema,
} from '@core/recommendations';
import { field, type FieldDeclarations } from '../lib/fields';
import { dynamoRecommendationStore } from './store';
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

/** Video recommendations: the admins' table and its writes. */
export const recommendationFields = {
  'Query.getRecommendations': field({
    policy: ADMINS_ONLY,
    args: recommendationsArgsSchema,
    resolve: async ({ args }) => getRecommendations(args, deps),
  }),
  'Mutation.createVideoRecommendation': field({
    policy: ADMINS_ONLY,
    args: createRecommendationArgsSchema,
    resolve: async ({ caller, fieldName, args }) => createVideoRecommendation({ caller, action: fieldName }, args.data, deps),
  }),
  'Mutation.updateVideoRecommendation': field({
    policy: ADMINS_ONLY,
    args: updateRecommendationArgsSchema,
    resolve: async ({ caller, fieldName, args }) => updateVideoRecommendation({ caller, action: fieldName }, args, deps),
  }),
  'Mutation.deleteVideoRecommendation': field({
    policy: ADMINS_ONLY,
    args: deleteRecommendationArgsSchema,
    resolve: async ({ caller, fieldName, args }) => deleteVideoRecommendation({ caller, action: fieldName }, args.id, deps),
  }),
} satisfies FieldDeclarations;
