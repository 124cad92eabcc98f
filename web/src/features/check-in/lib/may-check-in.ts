import { GAMERS_OWN_DATA, groupsMayCall } from '@core/policy';

// Apart from the check-in form: the navigation asks it on every signed-in page, without loading the questionnaire.
/** Whether the user answers the daily check-in: the policy row of submitAnswers, as the server applies it. */
export function mayCheckIn(groups: readonly string[]): boolean {
  return groupsMayCall(GAMERS_OWN_DATA, groups);
}
