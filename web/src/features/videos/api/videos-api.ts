import type { VideoCreateInput, VideoQuestionSubType, VideoQuestionType } from '@core/videos';
import type { AdminVideoQuery, AdminVideosQuery, GetVideoUploadUrlQuery, VideoInstructorsAndSeriesQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** The admin's calls for videos, instructors, series and questions (schema.graphql; docs/videos.md, "Operations"). */

export type VideoQuestion = VideoWithQuestions['VideoQuestion'][number];

export type VideoInstructor = VideoInstructorsAndSeriesQuery['videoInstructorsAndSeries']['instructors'][number];

export type VideoSeries = VideoInstructorsAndSeriesQuery['videoInstructorsAndSeries']['series'][number];

export type Video = AdminVideosQuery['videos'][number];

export type VideoWithQuestions = NonNullable<AdminVideoQuery['video']>;

export type PresignedPost = GetVideoUploadUrlQuery['getVideoUploadUrl'];

export interface VideoListQuery {
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

export async function listVideos({ take, skip, search }: VideoListQuery) {
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
export async function listVideoTags(): Promise<string[]> {
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

export async function getVideo(id: string): Promise<VideoWithQuestions | null> {
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
export interface VideoUpdate {
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

export async function setVideoEnabled(id: string, enabled: boolean): Promise<void> {
  if (enabled) await callApi(enableVideoMutation, { id });
  else await callApi(disableVideoMutation, { id });
}

const uploadUrlQuery = gqlOperation(/* GraphQL */ `
  query GetVideoUploadUrl($id: ID!, $fileExtension: String!) {
    getVideoUploadUrl(where: { id: $id }, fileExtension: $fileExtension) {
      url
      fields {
        name
        value
      }
      key
    }
  }
`);

export async function getVideoUploadUrl(id: string, fileExtension: string): Promise<PresignedPost> {
  return (await callApi(uploadUrlQuery, { id, fileExtension })).getVideoUploadUrl;
}

/* ---- questions ---- */

export interface VideoQuestionCreate {
  videoId: string;
  type: VideoQuestionType;
  subType: VideoQuestionSubType | null;
  text: string;
}

const createQuestionMutation = gqlOperation(/* GraphQL */ `
  mutation CreateVideoQuestion($data: VideoQuestionCreateInput!) {
    createVideoQuestion(data: $data) {
      id
      type
      subType
      text
      slug
      defineWatched
      isCreateOrDeleteQuestion
    }
  }
`);

export async function createVideoQuestion(data: VideoQuestionCreate): Promise<VideoQuestion> {
  return (await callApi(createQuestionMutation, { data })).createVideoQuestion;
}

const deleteQuestionMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteVideoQuestion($id: ID!) {
    deleteVideoQuestion(where: { id: $id }) {
      id
    }
  }
`);

export async function deleteVideoQuestion(id: string): Promise<void> {
  await callApi(deleteQuestionMutation, { id });
}

/* ---- instructors and series ---- */

const instructorsAndSeriesQuery = gqlOperation(/* GraphQL */ `
  query VideoInstructorsAndSeries {
    videoInstructorsAndSeries {
      instructors {
        id
        fullName
      }
      series {
        id
        name
        description
        coverImageUrl
        basic
      }
    }
  }
`);

export async function listInstructorsAndSeries() {
  return (await callApi(instructorsAndSeriesQuery)).videoInstructorsAndSeries;
}

const createInstructorMutation = gqlOperation(/* GraphQL */ `
  mutation CreateVideoInstructor($fullName: String!) {
    createVideoInstructor(data: { fullName: $fullName }) {
      id
      fullName
    }
  }
`);

const renameInstructorMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateVideoInstructor($id: ID!, $fullName: String!) {
    updateVideoInstructor(where: { id: $id }, data: { fullName: $fullName }) {
      id
      fullName
    }
  }
`);

const deleteInstructorMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteVideoInstructor($id: ID!) {
    deleteVideoInstructor(where: { id: $id }) {
      id
    }
  }
`);

const createSeriesMutation = gqlOperation(/* GraphQL */ `
  mutation CreateVideoSeries($name: String!) {
    createVideoSeries(data: { name: $name }) {
      id
      name
      description
      coverImageUrl
      basic
    }
  }
`);

const renameSeriesMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateVideoSeries($id: ID!, $data: VideoSeriesUpdateInput!) {
    updateVideoSeries(where: { id: $id }, data: $data) {
      id
      name
      description
      coverImageUrl
      basic
    }
  }
`);

const deleteSeriesMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteVideoSeries($id: ID!) {
    deleteVideoSeries(where: { id: $id }) {
      id
    }
  }
`);

/** Instructors and series are managed alike from the Details tab: create, rename, delete by id. */
export interface NamedItemApi {
  create: (name: string) => Promise<{ id: string }>;
  rename: (id: string, name: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export const instructorApi: NamedItemApi = {
  create: async (fullName) => (await callApi(createInstructorMutation, { fullName })).createVideoInstructor,
  rename: async (id, fullName) => void (await callApi(renameInstructorMutation, { id, fullName })),
  remove: async (id) => void (await callApi(deleteInstructorMutation, { id })),
};

export const seriesApi: NamedItemApi = {
  create: async (name) => (await callApi(createSeriesMutation, { name })).createVideoSeries,
  rename: async (id, name) => void (await callApi(renameSeriesMutation, { id, data: { name } })),
  remove: async (id) => void (await callApi(deleteSeriesMutation, { id })),
};

const coverUploadMutation = gqlOperation(/* GraphQL */ `
  mutation UploadVideoSeriesCoverImage($id: ID!, $file: ImageFileInput!) {
    uploadVideoSeriesCoverImage(where: { id: $id }, file: $file) {
      uploadUrl
      fields {
        name
        value
      }
      key
    }
  }
`);

/** The largest cover image the server presigns for (its ImageFileInput bound). */
export const COVER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** A series cover: a presigned POST for the image, the image posted, then the series points at the key. */
export async function uploadSeriesCover(seriesId: string, file: File): Promise<void> {
  const { uploadVideoSeriesCoverImage: link } = await callApi(coverUploadMutation, {
    id: seriesId,
    file: { filename: file.name, mimetype: file.type, maxSizeBytes: COVER_IMAGE_MAX_BYTES },
  });
  const form = new FormData();
  for (const { name, value } of link.fields) form.append(name, value);
  form.append('file', file);
  const response = await fetch(link.uploadUrl, { method: 'POST', body: form });
  if (!response.ok) throw new Error('The cover image could not be uploaded. Please try again.');
  await callApi(renameSeriesMutation, { id: seriesId, data: { coverImage: link.key } });
}
