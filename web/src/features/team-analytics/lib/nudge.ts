import type { NudgeResult } from '../api/nudge-team';

const members = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/** What the confirmation asks before a nudge, for the members not checked in today. */
export function nudgeQuestion(notCheckedIn: number): string {
  const who = notCheckedIn === 1 ? 'the member who has' : `the ${notCheckedIn} members who have`;
  return `A reminder to check in goes to ${who} not checked in today, by push notification, e-mail or both, as each has chosen. Each member gets at most one nudge a day, whoever sends it.`;
}

/** The toast after a nudge: who was reminded now, and who had been nudged already today. */
export function nudgeOutcome({ nudged, alreadyNudged }: NudgeResult): string {
  if (nudged === 0 && alreadyNudged === 0) return 'Nobody to nudge: every member has checked in today.';
  if (nudged === 0)
    return `${alreadyNudged === 1 ? 'The member' : `All ${alreadyNudged} members`} not checked in ${alreadyNudged === 1 ? 'was' : 'were'} already nudged today.`;
  const already = alreadyNudged === 0 ? '' : ` ${members(alreadyNudged)} already nudged today ${alreadyNudged === 1 ? 'was' : 'were'} left alone.`;
  return `Nudged ${members(nudged)}.${already}`;
}
