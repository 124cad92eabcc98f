/** The weekly challenge operations of the admin page (schema.graphql; docs/recommendations-and-challenges.md). */
import type { WeeklyChallengeInput } from '@core/weekly-challenges';
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

export const WEEKLY_CHALLENGES_KEY = ['weekly-challenges'] as const;

export const listWeeklyChallenges = async () => (await callApi(listQuery)).weeklyChallenges;
export const createWeeklyChallenge = async (data: WeeklyChallengeInput) => (await callApi(createMutation, { data })).createWeeklyChallenge;
export const updateWeeklyChallenge = async (id: string, description: string) =>
  (await callApi(updateMutation, { where: { id }, data: { description } })).updateWeeklyChallenge;
export const deleteWeeklyChallenge = async (id: string) => (await callApi(deleteMutation, { where: { id } })).deleteWeeklyChallenge;
