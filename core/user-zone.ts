import { canonicalTimeZone, DEFAULT_TIME_ZONE, resolveTimeZone, scoreDayBounds, scoreDayOf, type ScoreDay } from './dates';

/**
 * Which zone's clock defines a gamer's score days (docs/scoring.md, "Changing time zone"). The zone comes from the
 * user's profile, never from the request alone: a zone the device reports becomes the profile's zone from the next
 * score day on, so changing it between two calls cannot move the current day (no reopening yesterday, no opening
 * tomorrow).
 */
export interface UserZone {
  /** The zone the gamer set last, in effect from `timeZoneFrom`; UTC when never set. */
  timeZone?: string | null;
  /** When `timeZone` took or takes effect: the end of the score day during which it was set. Absent: always. */
  timeZoneFrom?: string | null;
  /** The zone in effect until `timeZoneFrom`. */
  previousTimeZone?: string | null;
}

/** A score day as the zone history gives it: its zone, its date and the instant it closes. */
interface ZonedDay {
  timeZone: string;
  date: ScoreDay;
  closesAt: string;
}

function dayIn(timeZone: string, now: Date): ZonedDay {
  const date = scoreDayOf(now, timeZone);
  return { timeZone, date, closesAt: scoreDayBounds(date, timeZone).end.toISOString() };
}

/**
 * The gamer's score day at `now`. Until a zone change takes effect, and after it until the new zone's clock has
 * moved past the old zone's last day, that last day is the current one (closed once the change took effect): a
 * westward change never reopens it, an eastward one starts the next day early.
 */
export function scoreDayUnder(user: UserZone, now: Date): ZonedDay {
  const timeZone = resolveTimeZone(user.timeZone);
  if (user.timeZoneFrom) {
    const previous = resolveTimeZone(user.previousTimeZone);
    const lastOldDay = scoreDayOf(Date.parse(user.timeZoneFrom) - 1, previous);
    if (now.toISOString() < user.timeZoneFrom || scoreDayOf(now, timeZone) <= lastOldDay) {
      return { timeZone: previous, date: lastOldDay, closesAt: user.timeZoneFrom };
    }
  }
  return dayIn(timeZone, now);
}

interface CheckInZone extends ZonedDay {
  /** The profile's zone fields to store, or null when they stay as they are. */
  next: Required<UserZone> | null;
}

/**
 * The score day of a check-in at `now`, and what becomes of the profile's zone when the device reports `requested`.
 * The first zone ever reported applies at once (no day was counted in another zone yet); a later one takes effect
 * when the current score day ends.
 */
export function checkInZone(user: UserZone, requested: string | null | undefined, now: Date): CheckInZone {
  const wanted = canonicalTimeZone(requested);
  const stored = canonicalTimeZone(user.timeZone);
  if (!stored) {
    // The day counted now is in this zone from here on, reported or not: a zone reported later follows the rule of a
    // change, or a gamer who first checked in without one could open the next day early at the same instant.
    const timeZone = wanted ?? DEFAULT_TIME_ZONE;
    return { ...dayIn(timeZone, now), next: { timeZone, timeZoneFrom: null, previousTimeZone: null } };
  }
  const day = scoreDayUnder(user, now);
  if (!wanted || wanted === stored) return { ...day, next: null };
  return { ...day, next: { timeZone: wanted, timeZoneFrom: day.closesAt, previousTimeZone: day.timeZone } };
}
