import type { VideoQuestionSubType, VideoQuestionType } from '@core/videos';
import { useMutation } from '@tanstack/react-query';
import { callApi, gqlOperation } from '@/lib/api-client';
import type { VideoWithQuestions } from './videos';

/**
 * A video's questions (schema.graphql; docs/videos.md, "Operations"). The mutations do not refresh the cache
 * themselves: the Questions tab has the editor (VideoEditorTabs) refresh the video after its own changes, so a saved
 * draft is gone before the saved question shows (never both, each with its own Save).
 */

export type VideoQuestion = VideoWithQuestions['VideoQuestion'][number];

interface VideoQuestionCreate {
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

async function createVideoQuestion(data: VideoQuestionCreate): Promise<VideoQuestion> {
  return (await callApi(createQuestionMutation, { data })).createVideoQuestion;
}

const deleteQuestionMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteVideoQuestion($id: ID!) {
    deleteVideoQuestion(where: { id: $id }) {
      id
    }
  }
`);

async function deleteVideoQuestion(id: string): Promise<void> {
  await callApi(deleteQuestionMutation, { id });
}

/** Like the other editor mutations, a call that fails at once without a connection rather than pausing for one. */
export const useCreateVideoQuestion = () => useMutation({ mutationFn: createVideoQuestion, networkMode: 'always' });

export const useDeleteVideoQuestion = () => useMutation({ mutationFn: deleteVideoQuestion, networkMode: 'always' });
