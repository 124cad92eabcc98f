import type { GetVideoUploadUrlQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** Where a video's file goes: a presigned POST to storage (schema.graphql; docs/videos.md, upload). */

export type PresignedPost = GetVideoUploadUrlQuery['getVideoUploadUrl'];

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
