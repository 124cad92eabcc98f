/** The recommendation operations of the admin page (schema.graphql; docs/recommendations-and-challenges.md). */
import type { CreateRecommendationInput, UpdateRecommendationInput } from '@core/recommendations';
import type { VideoCategory } from '@core/videos';
import type { GetRecommendationsQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

export type RecommendedVideo = NonNullable<Recommendation['Video']>;

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
/** The videos offered are those with workflowStatus COMPLETE and enabled, here of one category (docs/recommendations-and-challenges.md, "Recommendations"). */
const offeredVideosQuery = gqlOperation(/* GraphQL */ `
  query RecommendableVideos($category: VideoCategory) {
    videos(take: 100, orderBy: { field: title, direction: asc }, where: { workflowStatus: COMPLETE, enabled: true, category: $category }) {
      id
      title
      category
      thumbnailUrl
      url
    }
  }
`);

export const RECOMMENDATIONS_KEY = ['video-recommendations'] as const;

export const listRecommendations = async (take: number, skip: number) => (await callApi(listQuery, { take, skip })).getRecommendations;
export const createRecommendation = async (data: CreateRecommendationInput) => (await callApi(createMutation, { data })).createVideoRecommendation;
export const updateRecommendation = async (id: string, data: UpdateRecommendationInput) =>
  (await callApi(updateMutation, { id, data })).updateVideoRecommendation;
export const deleteRecommendation = async (id: string) => (await callApi(deleteMutation, { id })).deleteVideoRecommendation;
export const offeredVideos = async (category: VideoCategory) => (await callApi(offeredVideosQuery, { category })).videos;
