import type { AnswerInput } from '@core/check-in';
import type { PillarSlug } from '@core/pillars';
import { callApi, gqlOperation } from '@/lib/api-client';

/** A gamer's check-in of one score day and every score it gives (schema.graphql DayScoresResult). */
export interface CheckInDay {
  date: string;
  timeZone: string;
  /** When the day ends (4 am local the next day); corrections are accepted until then. */
  closesAt: string;
  answers: { questionSlug: string; value: string }[];
  checkedIn: boolean;
  pillars: { pillarSlug: PillarSlug; score: number | null; completenessScore: number }[];
  dailyScore: number | null;
  gameReadiness: number | null;
  gamePerformance: number | null;
  gaming: boolean;
  avgCompletion: number;
  watchedVideos: boolean;
  fgScore: number | null;
  streak: number;
}

const DAY_FIELDS = /* GraphQL */ `
  date
  timeZone
  closesAt
  answers {
    questionSlug
    value
  }
  checkedIn
  pillars {
    pillarSlug
    score
    completenessScore
  }
  dailyScore
  gameReadiness
  gamePerformance
  gaming
  avgCompletion
  watchedVideos
  fgScore
  streak
`;

const myCheckInQuery = gqlOperation<{ myCheckIn: CheckInDay | null }, { timeZone: string | null }>(/* GraphQL */ `
  query MyCheckIn($timeZone: String) {
    myCheckIn(timeZone: $timeZone) {
      ${DAY_FIELDS}
    }
  }
`);

export interface SubmitAnswersVariables {
  answers: AnswerInput[];
  watchedVideos: boolean;
  timeZone: string | null;
}

const submitAnswersMutation = gqlOperation<{ submitAnswers: CheckInDay | null }, SubmitAnswersVariables>(/* GraphQL */ `
  mutation SubmitAnswers($answers: [AnswerInput!]!, $watchedVideos: Boolean, $timeZone: String) {
    submitAnswers(answers: $answers, watchedVideos: $watchedVideos, timeZone: $timeZone) {
      ${DAY_FIELDS}
    }
  }
`);

/** The browser's IANA zone: the gamer's clock decides which score day an answer counts for. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export async function getMyCheckIn(timeZone: string | null): Promise<CheckInDay> {
  const { myCheckIn } = await callApi(myCheckInQuery, { timeZone });
  if (!myCheckIn) throw new Error('The check-in could not be loaded.');
  return myCheckIn;
}

export async function submitAnswers(variables: SubmitAnswersVariables): Promise<CheckInDay> {
  const { submitAnswers: day } = await callApi(submitAnswersMutation, variables);
  if (!day) throw new Error('The answers could not be saved.');
  return day;
}
