/** The weekly challenge operations of the admin page (schema.graphql; docs/recommendations-and-challenges.md). */
import type { WeeklyChallengeInput } from '@core/weekly-challenges';
import { callApi, gqlOperation } from '@/lib/api-client';

export interface WeeklyChallenge {
  id: string;
  year: number;
  week: number;
  description: string;
  createdAt: string;
  updatedAt: string;
}

const FIELDS = 'id year week description createdAt updatedAt';

const listQuery = gqlOperation<{ weeklyChallenges: WeeklyChallenge[] }>(/* GraphQL */ `
  query WeeklyChallenges { weeklyChallenges { ${FIELDS} } }
`);
const createMutation = gqlOperation<{ createWeeklyChallenge: WeeklyChallenge }, { data: WeeklyChallengeInput }>(/* GraphQL */ `
  mutation CreateWeeklyChallenge($data: WeeklyChallengeCreateInput!) { createWeeklyChallenge(data: $data) { ${FIELDS} } }
`);
const updateMutation = gqlOperation<
  { updateWeeklyChallenge: WeeklyChallenge },
  { where: { id: string }; data: { description: string } }
>(/* GraphQL */ `
  mutation UpdateWeeklyChallenge($data: WeeklyChallengeUpdateInput!, $where: WeeklyChallengeWhereUniqueInput!) {
    updateWeeklyChallenge(data: $data, where: $where) { ${FIELDS} }
  }
`);
const deleteMutation = gqlOperation<{ deleteWeeklyChallenge: WeeklyChallenge }, { where: { id: string } }>(/* GraphQL */ `
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
