import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';
import { COVER_IMAGE_MAX_BYTES } from '../lib/series-cover';
import { videoKeys } from './keys';

/** The instructors and series of the Details tab (schema.graphql; docs/videos.md, "Operations"), their query and hooks. */

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

async function listInstructorsAndSeries() {
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

/**
 * Instructors and series are managed alike from the Details tab: create, rename, delete by id. Each resolves once the
 * lists have been asked again (useInstructorApi, useSeriesApi).
 */
export interface NamedItemApi {
  create: (name: string) => Promise<{ id: string }>;
  rename: (id: string, name: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

const instructorCalls: NamedItemApi = {
  create: async (fullName) => (await callApi(createInstructorMutation, { fullName })).createVideoInstructor,
  rename: async (id, fullName) => void (await callApi(renameInstructorMutation, { id, fullName })),
  remove: async (id) => void (await callApi(deleteInstructorMutation, { id })),
};

const seriesCalls: NamedItemApi = {
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

/** A series cover: a presigned POST for the image, the image posted, then the series points at the key. */
async function uploadSeriesCover(seriesId: string, file: File): Promise<void> {
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

const instructorsAndSeriesOptions = () => queryOptions({ queryKey: videoKeys.instructorsAndSeries(), queryFn: listInstructorsAndSeries });

export const useInstructorsAndSeries = () => useQuery(instructorsAndSeriesOptions());

/** The lists asked again after a change; the mutation resolves once they have answered. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: videoKeys.instructorsAndSeries() });
}

/**
 * These mutations replace calls the page made itself, which failed at once without a connection (the Oops! dialog
 * says so) rather than waiting, paused, for one: TanStack's 'online' network mode would pause them.
 */
const DIRECT_CALL = 'always' as const;

function useNamedItemApi(calls: NamedItemApi): NamedItemApi {
  const onSuccess = useRefreshLists();
  const create = useMutation({ mutationFn: calls.create, onSuccess, networkMode: DIRECT_CALL });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => calls.rename(id, name),
    onSuccess,
    networkMode: DIRECT_CALL,
  });
  const remove = useMutation({ mutationFn: calls.remove, onSuccess, networkMode: DIRECT_CALL });
  return { create: create.mutateAsync, rename: (id, name) => rename.mutateAsync({ id, name }), remove: remove.mutateAsync };
}

/** Create, rename and delete an instructor; each resolves once the lists have been asked again. */
export const useInstructorApi = () => useNamedItemApi(instructorCalls);

/** Create, rename and delete a series; each resolves once the lists have been asked again. */
export const useSeriesApi = () => useNamedItemApi(seriesCalls);

/** Uploads a series' cover image; resolves once the lists (which hold the cover's address) have been asked again. */
export function useUploadSeriesCover() {
  const onSuccess = useRefreshLists();
  return useMutation({
    mutationFn: ({ seriesId, file }: { seriesId: string; file: File }) => uploadSeriesCover(seriesId, file),
    onSuccess,
    networkMode: DIRECT_CALL,
  });
}
