import type { AnswerInput } from '@core/check-in';
import type { MyCheckInQuery } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** A gamer's check-in of one score day, as myCheckIn and submitAnswers select it (all but userId). */
export type CheckInDay = NonNullable<MyCheckInQuery['myCheckIn']>;

const myCheckInQuery = gqlOperation(/* GraphQL */ `
  query MyCheckIn($timeZone: String) {
    myCheckIn(timeZone: $timeZone) {
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
    }
  }
`);

export interface SubmitAnswersVariables {
  answers: AnswerInput[];
  watchedVideos: boolean;
  timeZone: string | null;
  /** The check-in's key and the day it answers (the offline queue: docs/scoring.md, "Sending a check-in again"). */
  checkInId?: string;
  forDate?: string;
}

const submitAnswersMutation = gqlOperation(/* GraphQL */ `
  mutation SubmitAnswers($answers: [AnswerInput!]!, $watchedVideos: Boolean, $timeZone: String, $checkInId: ID, $forDate: AWSDate) {
    submitAnswers(answers: $answers, watchedVideos: $watchedVideos, timeZone: $timeZone, checkInId: $checkInId, forDate: $forDate) {
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
    }
  }
`);

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

const answersOfDayQuery = gqlOperation(/* GraphQL */ `
  query MyAnswersOfDay($date: AWSDate) {
    userAnswers(startDate: $date, endDate: $date) {
      questionSlug
      value
    }
  }
`);

/** The signed-in gamer's answers of one score day ("Same as yesterday" reads the day before today's). */
export const getMyAnswersOfDay = async (date: string) => (await callApi(answersOfDayQuery, { date })).userAnswers;

/** This week's challenge (weekly challenges, posted by admins), shown above the questions. */
const currentChallengeQuery = gqlOperation(/* GraphQL */ `
  query CurrentWeeklyChallenge {
    currentWeeklyChallenge {
      year
      week
      description
    }
  }
`);

export const getCurrentWeeklyChallenge = async () => (await callApi(currentChallengeQuery)).currentWeeklyChallenge;
