/** The weekly challenge operations of the admin page (schema.graphql; docs/recommendations-and-challenges.md), their query and hooks. */
import type { WeeklyChallengeInput } from '@core/weekly-challenges';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeeklyChallengesQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

export type WeeklyChallenge = WeeklyChallengesQuery['weeklyChallenges'][number];

const listQuery = gqlOperation(/* GraphQL */ `
  query WeeklyChallenges {
    weeklyChallenges {
      id
      year
      week
      description
      createdAt
      updatedAt
    }
  }
`);
const createMutation = gqlOperation(/* GraphQL */ `
  mutation CreateWeeklyChallenge($data: WeeklyChallengeCreateInput!) {
    createWeeklyChallenge(data: $data) {
      id
      year
      week
      description
      createdAt
      updatedAt
    }
  }
`);
const updateMutation = gqlOperation(/* GraphQL */ `
  mutation UpdateWeeklyChallenge($data: WeeklyChallengeUpdateInput!, $where: WeeklyChallengeWhereUniqueInput!) {
    updateWeeklyChallenge(data: $data, where: $where) {
      id
      year
      week
      description
      createdAt
      updatedAt
    }
  }
`);
const deleteMutation = gqlOperation(/* GraphQL */ `
  mutation DeleteWeeklyChallenge($where: WeeklyChallengeWhereUniqueInput!) {
    deleteWeeklyChallenge(where: $where) {
      id
    }
  }
`);
/** The page's one query-key factory. */
const weeklyChallengeKeys = {
  all: ['weekly-challenges'] as const,
  /** Every challenge: the page shows and filters them all. */
  list: () => [...weeklyChallengeKeys.all] as const,
};

const listWeeklyChallenges = async () => (await callApi(listQuery)).weeklyChallenges;
const createWeeklyChallenge = async (data: WeeklyChallengeInput) => (await callApi(createMutation, { data })).createWeeklyChallenge;
const updateWeeklyChallenge = async (id: string, description: string) =>
  (await callApi(updateMutation, { where: { id }, data: { description } })).updateWeeklyChallenge;
const deleteWeeklyChallenge = async (id: string) => (await callApi(deleteMutation, { where: { id } })).deleteWeeklyChallenge;

const weeklyChallengesOptions = () => queryOptions({ queryKey: weeklyChallengeKeys.list(), queryFn: listWeeklyChallenges });

export const useWeeklyChallenges = () => useQuery(weeklyChallengesOptions());

/** What the page does once a change is saved (before the challenges are asked again) or refused. */
interface ChallengeChangeCallbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** The page's own onSuccess first (clearing the form, its toast), then the challenges asked again. */
function useAfterChange({ onSuccess, onError }: ChallengeChangeCallbacks) {
  const queryClient = useQueryClient();
  return {
    onSuccess: async () => {
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: weeklyChallengeKeys.all });
    },
    onError,
  };
}

export const useCreateWeeklyChallenge = (callbacks: ChallengeChangeCallbacks = {}) =>
  useMutation({ mutationFn: createWeeklyChallenge, ...useAfterChange(callbacks) });

export const useUpdateWeeklyChallenge = (id: string, callbacks: ChallengeChangeCallbacks = {}) =>
  useMutation({ mutationFn: (description: string) => updateWeeklyChallenge(id, description), ...useAfterChange(callbacks) });

export const useDeleteWeeklyChallenge = (id: string, callbacks: ChallengeChangeCallbacks = {}) =>
  useMutation({ mutationFn: () => deleteWeeklyChallenge(id), ...useAfterChange(callbacks) });
