import type { VideoCategory } from '@core/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';
import { recommendationKeys } from './keys';

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

const offeredVideos = async (category: VideoCategory) => (await callApi(offeredVideosQuery, { category })).videos;

/** The videos a recommendation may link to, once a category is chosen ('' until then: nothing asked). */
const recommendableVideosOptions = (category: VideoCategory | '') =>
  queryOptions({
    queryKey: recommendationKeys.recommendableVideos(category),
    queryFn: () => offeredVideos(category as VideoCategory),
    enabled: category !== '',
  });

export const useRecommendableVideos = (category: VideoCategory | '') => useQuery(recommendableVideosOptions(category));
