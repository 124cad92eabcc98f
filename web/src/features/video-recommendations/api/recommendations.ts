/** The recommendation operations of the admin page (schema.graphql; docs/recommendations-and-challenges.md), their queries and hooks. */
import type { CreateRecommendationInput, UpdateRecommendationInput } from '@core/recommendations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GetRecommendationsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { recommendationKeys } from './keys';

export type Recommendation = GetRecommendationsQuery['getRecommendations']['recommendations'][number];

const listQuery = gqlOperation(/* GraphQL */ `
  query GetRecommendations($take: Int, $skip: Int) {
    getRecommendations(take: $take, skip: $skip) {
      count
      recommendations {
        id
        title
        description
        pillarSlug
        questionSlug
        answer
        videoId
        updatedAt
        Video {
          id
          title
          category
          thumbnailUrl
          url
        }
      }
    }
  }
`);
const createMutation = gqlOperation(/* GraphQL */ `
  mutation CreateVideoRecommendation($data: VideoRecommendationCreateInput!) {
    createVideoRecommendation(data: $data) {
      id
      title
    }
  }
`);
const updateMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateVideoRecommendation($id: ID!, $data: VideoRecommendationUpdateInput!) {
    updateVideoRecommendation(id: $id, data: $data) {
      id
      updatedAt
      title
      pillarSlug
    }
  }
`);
const deleteMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteVideoRecommendation($id: ID!) {
    deleteVideoRecommendation(id: $id) {
      id
    }
  }
`);

const listRecommendations = async (take: number, skip: number) => (await callApi(listQuery, { take, skip })).getRecommendations;
const createRecommendation = async (data: CreateRecommendationInput) => (await callApi(createMutation, { data })).createVideoRecommendation;
const updateRecommendation = async (id: string, data: UpdateRecommendationInput) =>
  (await callApi(updateMutation, { id, data })).updateVideoRecommendation;
const deleteRecommendation = async (id: string) => (await callApi(deleteMutation, { id })).deleteVideoRecommendation;

/** One page of the table; the previous page stays shown while the next loads. */
const recommendationsOptions = (pageIndex: number, pageSize: number) =>
  queryOptions({
    queryKey: recommendationKeys.page(pageIndex, pageSize),
    queryFn: () => listRecommendations(pageSize, pageIndex * pageSize),
    placeholderData: keepPreviousData,
  });

export const useRecommendations = (pageIndex: number, pageSize: number) => useQuery(recommendationsOptions(pageIndex, pageSize));

/** What the page does once a change is saved (before the table is asked again) or refused. */
interface RecommendationChangeCallbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** The page's own onSuccess first (its toast, closing), then every page of the table asked again. */
function useAfterChange({ onSuccess, onError }: RecommendationChangeCallbacks) {
  const queryClient = useQueryClient();
  return {
    onSuccess: async () => {
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: recommendationKeys.all });
    },
    onError,
  };
}

export const useCreateRecommendation = (callbacks: RecommendationChangeCallbacks = {}) =>
  useMutation({ mutationFn: createRecommendation, ...useAfterChange(callbacks) });

export const useUpdateRecommendation = (id: string, callbacks: RecommendationChangeCallbacks = {}) =>
  useMutation({ mutationFn: (data: UpdateRecommendationInput) => updateRecommendation(id, data), ...useAfterChange(callbacks) });

export const useDeleteRecommendation = (id: string, callbacks: RecommendationChangeCallbacks = {}) =>
  useMutation({ mutationFn: () => deleteRecommendation(id), ...useAfterChange(callbacks) });
