/** The recommendation page's one query-key factory. */
export const recommendationKeys = {
  all: ['video-recommendations'] as const,
  page: (pageIndex: number, pageSize: number) => [...recommendationKeys.all, pageIndex, pageSize] as const,
  /** Not under `all`: a saved recommendation leaves the videos offered as they were. */
  recommendableVideos: (category: string) => ['recommendable-videos', category] as const,
};
