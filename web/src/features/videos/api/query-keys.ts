/** The react-query keys of the content pages: a change invalidates everything under VIDEOS_QUERY_KEY it touches. */
export const VIDEOS_QUERY_KEY = ['videos'] as const;
export const VIDEO_LIST_KEY = [...VIDEOS_QUERY_KEY, 'list'] as const;
export const videoKey = (id: string) => [...VIDEOS_QUERY_KEY, 'one', id] as const;
export const INSTRUCTORS_AND_SERIES_KEY = [...VIDEOS_QUERY_KEY, 'instructors-and-series'] as const;
