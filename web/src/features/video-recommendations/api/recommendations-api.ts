/** The recommendation operations of the admin page (schema.graphql; docs/recommendations-and-challenges.md). */
import type { CreateRecommendationInput, UpdateRecommendationInput } from '@core/recommendations';
import type { VideoCategory } from '@core/videos';
import { callApi, gqlOperation } from '@/lib/api-client';

export interface RecommendedVideo {
  id: string;
  title: string;
  category: VideoCategory;
  thumbnailUrl: string | null;
  url: string | null;
}

export interface Recommendation {
  id: string;
  title: string;
  description: string | null;
  pillarSlug: string;
  questionSlug: string;
  answer: string;
  videoId: string;
  updatedAt: string;
  Video: RecommendedVideo | null;
}

const VIDEO_FIELDS = 'id title category thumbnailUrl url';
const FIELDS = `id title description pillarSlug questionSlug answer videoId updatedAt Video { ${VIDEO_FIELDS} }`;

const listQuery = gqlOperation<
  { getRecommendations: { recommendations: Recommendation[]; count: number } },
  { take: number; skip: number }
>(/* GraphQL */ `
  query GetRecommendations($take: Int, $skip: Int) { getRecommendations(take: $take, skip: $skip) { count recommendations { ${FIELDS} } } }
`);
const createMutation = gqlOperation<{ createVideoRecommendation: Pick<Recommendation, 'id' | 'title'> }, { data: CreateRecommendationInput }>(
  /* GraphQL */ `
    mutation CreateVideoRecommendation($data: VideoRecommendationCreateInput!) {
      createVideoRecommendation(data: $data) {
        id
        title
      }
    }
  `,
);
const updateMutation = gqlOperation<
  { updateVideoRecommendation: Pick<Recommendation, 'id' | 'updatedAt' | 'title' | 'pillarSlug'> },
  { id: string; data: UpdateRecommendationInput }
>(/* GraphQL */ `
  mutation UpdateVideoRecommendation($id: ID!, $data: VideoRecommendationUpdateInput!) {
    updateVideoRecommendation(id: $id, data: $data) {
      id
      updatedAt
      title
      pillarSlug
    }
  }
`);
const deleteMutation = gqlOperation<{ deleteVideoRecommendation: { id: string } }, { id: string }>(/* GraphQL */ `
  mutation DeleteVideoRecommendation($id: ID!) {
    deleteVideoRecommendation(id: $id) {
      id
    }
  }
`);
/** The videos offered are those with workflowStatus COMPLETE and enabled, here of one category (docs/recommendations-and-challenges.md, "Recommendations"). */
const offeredVideosQuery = gqlOperation<{ videos: RecommendedVideo[] }, { category: VideoCategory }>(/* GraphQL */ `
  query RecommendableVideos($category: VideoCategory) {
    videos(take: 100, orderBy: { field: title, direction: asc }, where: { workflowStatus: COMPLETE, enabled: true, category: $category }) { ${VIDEO_FIELDS} }
  }
`);

export const RECOMMENDATIONS_KEY = ['video-recommendations'] as const;

export const listRecommendations = async (take: number, skip: number) => (await callApi(listQuery, { take, skip })).getRecommendations;
export const createRecommendation = async (data: CreateRecommendationInput) => (await callApi(createMutation, { data })).createVideoRecommendation;
export const updateRecommendation = async (id: string, data: UpdateRecommendationInput) =>
  (await callApi(updateMutation, { id, data })).updateVideoRecommendation;
export const deleteRecommendation = async (id: string) => (await callApi(deleteMutation, { id })).deleteVideoRecommendation;
export const offeredVideos = async (category: VideoCategory) => (await callApi(offeredVideosQuery, { category })).videos;
