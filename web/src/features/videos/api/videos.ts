import { VIDEO_PAGE_SIZE, type VideoCreateInput } from '@core/videos';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVideoQuery, AdminVideosQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';
import { videoKeys } from './keys';

/** The admin's calls for videos (schema.graphql; docs/videos.md, "Operations"), their queries and their hooks. */

export type Video = AdminVideosQuery['videos'][number];

export type VideoWithQuestions = NonNullable<AdminVideoQuery['video']>;

interface VideoListQuery {
  take: number;
  skip: number;
  search: string;
}

const videosQuery = gqlOperation(/* GraphQL */ `
  query AdminVideos($take: Int, $skip: Int, $where: VideoWhereInput) {
    videos(take: $take, skip: $skip, orderBy: { field: updatedAt, direction: desc }, where: $where) {
      id
      title
      description
      category
      pillarCategory
      tags
      enabled
      instructorId
      seriesId
      episode
      thumbnailUrl
      url
      availableFrom
      filename
      workflowStatus
      workflowError
      updatedAt
      VideoSeries {
        id
        name
        description
        coverImageUrl
        basic
      }
    }
    aggregateVideo(where: $where) {
      count
    }
  }
`);

async function listVideos({ take, skip, search }: VideoListQuery) {
  const { videos, aggregateVideo } = await callApi(videosQuery, { take, skip, where: search ? { search } : {} });
  return { videos, count: aggregateVideo.count };
}

const videoTagsQuery = gqlOperation(/* GraphQL */ `
  query VideoTags {
    aggregateVideo {
      tags
    }
  }
`);

/** Every tag in use, offered while tagging a video. */
async function listVideoTags(): Promise<string[]> {
  return (await callApi(videoTagsQuery)).aggregateVideo.tags;
}

const videoQuery = gqlOperation(/* GraphQL */ `
  query AdminVideo($id: ID!) {
    video(where: { id: $id }) {
      id
      title
      description
      category
      pillarCategory
      tags
      enabled
      instructorId
      seriesId
      episode
      thumbnailUrl
      url
      availableFrom
      filename
      workflowStatus
      workflowError
      updatedAt
      VideoSeries {
        id
        name
        description
        coverImageUrl
        basic
      }
      VideoQuestion {
        id
        type
        subType
        text
        slug
        defineWatched
        isCreateOrDeleteQuestion
      }
    }
  }
`);

async function getVideo(id: string): Promise<VideoWithQuestions | null> {
  return (await callApi(videoQuery, { id })).video;
}

const createVideoMutation = gqlOperation(/* GraphQL */ `
  mutation CreateVideo($data: VideoCreateInput!) {
    createVideo(data: $data) {
      id
      title
      description
      category
      pillarCategory
      tags
      enabled
      instructorId
      seriesId
      episode
      thumbnailUrl
      url
      availableFrom
      filename
      workflowStatus
      workflowError
      updatedAt
      VideoSeries {
        id
        name
        description
        coverImageUrl
        basic
      }
    }
  }
`);

export async function createVideo(data: VideoCreateInput): Promise<Video> {
  return (await callApi(createVideoMutation, { data })).createVideo;
}

/** What updateVideo changes; null clears an optional field. */
interface VideoUpdate {
  description?: string | null;
  tags?: string[];
  instructorId?: string | null;
  seriesId?: string | null;
  episode?: number | null;
  availableFrom?: string | null;
  filename?: string;
}

const updateVideoMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateVideo($id: ID!, $data: VideoUpdateInput!) {
    updateVideo(where: { id: $id }, data: $data) {
      id
      title
      description
      category
      pillarCategory
      tags
      enabled
      instructorId
      seriesId
      episode
      thumbnailUrl
      url
      availableFrom
      filename
      workflowStatus
      workflowError
      updatedAt
      VideoSeries {
        id
        name
        description
        coverImageUrl
        basic
      }
    }
  }
`);

export async function updateVideo(id: string, data: VideoUpdate): Promise<Video> {
  return (await callApi(updateVideoMutation, { id, data })).updateVideo;
}

const deleteVideoMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteVideo($id: ID!) {
    deleteVideo(where: { id: $id }) {
      id
    }
  }
`);

export async function deleteVideo(id: string): Promise<void> {
  await callApi(deleteVideoMutation, { id });
}

const enableVideoMutation = gqlOperation(/* GraphQL */ `
  mutation EnableVideo($id: ID!) {
    enableVideo(where: { id: $id }) {
      id
    }
  }
`);

const disableVideoMutation = gqlOperation(/* GraphQL */ `
  mutation DisableVideo($id: ID!) {
    disableVideo(where: { id: $id }) {
      id
    }
  }
`);

async function setVideoEnabled(id: string, enabled: boolean): Promise<void> {
  if (enabled) await callApi(enableVideoMutation, { id });
  else await callApi(disableVideoMutation, { id });
}

/**
 * These mutations replace calls the pages made themselves, which failed at once without a connection (the Oops!
 * dialog says so) rather than waiting, paused, for one: TanStack's 'online' network mode would pause them.
 */
const DIRECT_CALL = 'always' as const;

/* ---- the vault ---- */

/** While a video is being processed the vault asks again this often, so its thumbnail appears once it is ready. */
const PROCESSING_POLL_MS = 5000;

/** Uploaded and not yet transcoded (or failed): its status and thumbnail will change. */
const isProcessing = (video: Video) => Boolean(video.filename) && video.workflowStatus !== 'COMPLETE' && video.workflowStatus !== 'ERROR';

/** The vault's pages of one search: VIDEO_PAGE_SIZE at a time, polled while one of them is being processed. */
const videoListOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: videoKeys.list(search),
    queryFn: ({ pageParam }) => listVideos({ take: VIDEO_PAGE_SIZE, skip: pageParam, search }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.videos.length, 0);
      return last.videos.length > 0 && loaded < last.count ? loaded : undefined;
    },
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.videos.some(isProcessing)) ? PROCESSING_POLL_MS : false),
  });

export const useVideoList = (search: string) => useInfiniteQuery(videoListOptions(search));

/** Enables or disables a video; the vault then reloads from its first page: 10, skip 0, newest-updated first (docs/videos.md, vault). */
export function useSetVideoEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setVideoEnabled(id, enabled),
    onSuccess: () => queryClient.resetQueries({ queryKey: videoKeys.lists() }),
    networkMode: DIRECT_CALL,
  });
}

/** Deletes a video; everything under videoKeys.all is asked again. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
    networkMode: DIRECT_CALL,
  });
}

/* ---- one video, in the editor ---- */

const videoOptions = (id: string) => queryOptions({ queryKey: videoKeys.detail(id), queryFn: () => getVideo(id) });

export const useVideo = (id: string) => useQuery(videoOptions(id));

const videoTagsOptions = () => queryOptions({ queryKey: videoKeys.tags(), queryFn: listVideoTags });

export const useVideoTags = () => useQuery(videoTagsOptions());

/**
 * Saves a video's details or schedule. It does not refresh the cache itself: the editor (VideoEditorTabs) refreshes
 * every video query through useRefreshVideos once the tab has given its own feedback.
 */
export function useUpdateVideo() {
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: VideoUpdate }) => updateVideo(id, data),
    networkMode: DIRECT_CALL,
  });
}

/** Asks again everything under videoKeys.all: the vault, the editor's video and the tags offered (after a change shown elsewhere). */
export function useRefreshVideos() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: videoKeys.all });
}
