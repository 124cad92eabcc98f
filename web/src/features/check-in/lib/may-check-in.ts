import { groupsMayCall } from '@core/policy';

// Apart from the check-in form: the navigation asks it on every signed-in page, without loading the questionnaire.
/** Whether the user answers the daily check-in: the policy map's rule for submitAnswers, as the server applies it. */
export function mayCheckIn(groups: readonly string[]): boolean {
  return groupsMayCall('Mutation.submitAnswers', groups);
}
