import type { z } from 'zod';
import type { AnswerInput } from '@core/check-in';
import { type ScoreDay, scoreDayBounds } from '@core/dates';
import { PILLAR_SLUGS } from '@core/pillars';
import { type CheckInDay as CheckInDayOf, type checkInArgsSchema, type SubmitAnswersArgs } from '@core/score-api';
import { baselineWindow, buildMemberDay, type DayBaselines, memberBaselines, type PillarScore, scoreDay } from '@core/scoring';
import { checkInZone } from '@core/user-zone';
import { ConflictError, NotFoundError, TryAgainError } from '../lib/errors';
import {
  answersOfDay,
  type DayAnswer,
  DayVersionConflict,
  KEPT_CHECK_IN_IDS,
  type ScoreStore,
  type StoredAnswer,
  storedAnswer,
  type StoredMemberDay,
} from '../lib/stores/score-store';
import type { MembershipRecord, TeamStore } from '../lib/stores/team-store';
import type { UserRecord, UserStore } from '../lib/stores/user-store';

/**
 * The daily check-in (docs/scoring.md). A gamer answers for the current score day of their
 * own clock and may correct it until the day ends at 4 am; each submission is the day's full answer set and replaces
 * the earlier one, so nothing counts twice. The day follows the zone stored on the user (core/user-zone.ts); a zone
 * sent with the check-in takes effect from the next score day. One transaction writes the member's day with its
 * answers (guarded by its version), its latest-day copy and the user's zone (guarded by the zone it was computed
 * from), checking the memberships read; then the change of the day is counted in the aggregate of every team the gamer
 * plays in, outside the transaction, so teammates checking in at once never collide. Only gamers check in
 * (./fields.ts); the arguments come parsed.
 */
export interface CheckInStores {
  users: Pick<UserStore, 'get'>;
  teams: Pick<TeamStore, 'membershipsOfUser'>;
  scores: ScoreStore;
}

/** A day as the check-in page shows it, with the stored answers and whole pillar scores. */
type CheckInDay = CheckInDayOf<StoredAnswer, PillarScore>;

function checkInDay(
  userId: string,
  day: StoredMemberDay | null,
  open: { date: ScoreDay; timeZone: string; closesAt: string },
  answers: StoredAnswer[],
): CheckInDay {
  const scores = day ?? scoreDay(open.date, []);
  return {
    userId,
    ...open,
    answers,
    checkedIn: scores.dailyScore !== null,
    pillars: PILLAR_SLUGS.map((slug) => scores.pillars[slug]),
    dailyScore: scores.dailyScore,
    gameReadiness: scores.gameReadiness,
    gamePerformance: scores.gamePerformance,
    gaming: scores.gaming,
    avgCompletion: scores.avgCompletion,
    watchedVideos: day?.watchedVideos ?? false,
    fgScore: day?.fg?.fgScore ?? null,
    streak: day?.fg?.streak ?? 0,
  };
}

/** A day answered in two zones closes at the earlier end: switching zones never reopens or extends a day. */
function closingOf(current: StoredMemberDay | null, closesAt: string): string {
  return current && current.closesAt < closesAt ? current.closesAt : closesAt;
}

async function userOf(users: CheckInStores['users'], userId: string): Promise<UserRecord> {
  const user = await users.get(userId);
  if (!user) throw new NotFoundError('User not found. Please sign up');
  return user;
}

/**
 * The gamer's stored day of `date` (if any) and the last stored day before it; refuses when a later day exists, unless
 * the gamer's zone changed since it was read (a parallel first check-in stored it): then the day is computed again.
 */
async function dayContext(scores: ScoreStore, userId: string, date: ScoreDay, zoneChangedSinceRead: () => Promise<boolean>) {
  const [latest, beforeLatest] = await scores.latestDays(userId, 2);
  if (latest && latest.date > date) {
    if (await zoneChangedSinceRead()) throw new DayVersionConflict();
    throw new ConflictError(
      `You already checked in for ${latest.date}; answers now would count for ${date}, which is earlier. Check in again once ${latest.date} has ended.`,
    );
  }
  const current = latest?.date === date ? latest : null;
  return { current, previous: (current ? beforeLatest : latest) ?? null };
}

/**
 * The gamer's baselines for `date`: those the day's first check-in stored (the 28 days before it are closed, so a
 * correction cannot change them), else computed from his days of that window with one bounded Query (at most 28 items).
 */
async function baselinesOf(scores: ScoreStore, userId: string, date: ScoreDay, current: StoredMemberDay | null): Promise<DayBaselines> {
  if (current?.baselines) return current.baselines;
  return memberBaselines(await scores.memberDays(userId, baselineWindow(date)), date);
}

/** "26 November": how a refusal names a score day to the gamer. */
function dayName(day: ScoreDay): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A check-in answered for `forDate` while `open` is the gamer's open score day. */
function notOpenMessage(forDate: ScoreDay, open: ScoreDay): string {
  const state = forDate < open ? 'has closed' : 'has not started yet';
  return `This check-in was for ${dayName(forDate)}, which ${state}; answers now count for ${dayName(open)}.`;
}

/**
 * The stored day as a check-in that already wrote it (its key is on the day) gets it again. It writes nothing but what
 * the first send may not have finished: counting the day in the gamer's teams (a team that counts it already is left
 * as it is).
 */
async function alreadySent(
  userId: string,
  day: StoredMemberDay | null | undefined,
  checkInId: string | null | undefined,
  { scores, playsIn }: { scores: ScoreStore; playsIn: readonly MembershipRecord[] },
): Promise<CheckInDay | null> {
  if (!day || !checkInId || !day.checkInIds?.includes(checkInId)) return null;
  await scores.countInTeams(
    day,
    playsIn.map(({ teamId }) => ({ teamId })),
  );
  return checkInDay(userId, day, { date: day.date, timeZone: day.timeZone, closesAt: day.closesAt }, answersOfDay(day));
}

/** The keys the written day keeps: the stored day's and this check-in's, the newest KEPT_CHECK_IN_IDS. */
function checkInIdsOf(current: StoredMemberDay | null, checkInId: string | null | undefined): Pick<StoredMemberDay, 'checkInIds'> {
  const kept = [...(current?.checkInIds ?? []), ...(checkInId ? [checkInId] : [])].slice(-KEPT_CHECK_IN_IDS);
  return kept.length > 0 ? { checkInIds: kept } : {};
}

/** The day with a copy of its answers, which the team journal reads (one item per member and day). */
export function withDayAnswers(day: StoredMemberDay, answers: readonly StoredAnswer[]): StoredMemberDay {
  const copies = Object.fromEntries(answers.map(({ questionSlug, value, answeredAt }): [string, DayAnswer] => [questionSlug, { value, answeredAt }]));
  return { ...day, answers: copies };
}

interface DayRecordInput {
  userId: string;
  date: ScoreDay;
  answers: readonly AnswerInput[];
  watchedVideos: boolean;
  timeZone: string;
  at: string;
  /** The stored day being replaced, if any. */
  current: StoredMemberDay | null;
  /** The gamer's last stored day before `date`, if any. */
  previous: StoredMemberDay | null;
  /** The gamer's baselines for `date`, from his days before it (docs/scoring.md, "Baselines"). */
  baselines: DayBaselines;
}

/** The member day a check-in stores: its scores, the fgScore state chained from the day before, and its guards. */
export function memberDayRecord({
  userId,
  date,
  answers,
  watchedVideos,
  timeZone,
  at,
  current,
  previous,
  baselines,
}: DayRecordInput): StoredMemberDay {
  return {
    ...buildMemberDay({ userId, date, answers, previous: previous?.fg ?? null, watchedVideos }),
    baselines,
    version: (current?.version ?? 0) + 1,
    timeZone,
    closesAt: closingOf(current, scoreDayBounds(date, timeZone).end.toISOString()),
    watchedVideos,
    updatedAt: at,
  };
}

/** Computations of a check-in before it answers TryAgain: each one read a day that another write changed before it wrote. */
const CHECK_IN_TRIES = 3;

export async function submitAnswers(
  userId: string,
  input: SubmitAnswersArgs,
  { users, teams, scores }: CheckInStores,
  now: Date,
): Promise<CheckInDay> {
  const at = now.toISOString();

  const compute = async (): Promise<CheckInDay> => {
    // Only the teams the gamer plays in aggregate the gamer's scores (coaches are not scored). Read on every attempt
    // and guarded in the write: a leave in between refuses the write, and the retry counts the teams as they are.
    const playsIn = (await teams.membershipsOfUser(userId)).filter((m) => m.role === 'GAMER');
    const user = await userOf(users, userId);
    const { timeZone, date, closesAt, next } = checkInZone(user, input.timeZone, now);
    // A check-in sent again (its answer was lost, or two tabs flushed one queue) is found by its key on the day it
    // wrote, even after that day closed; the version guard below makes two parallel sends of one key write once.
    if (input.forDate && input.forDate !== date) {
      const [sent] = input.checkInId ? await scores.latestDays(userId, 1, input.forDate) : [];
      const again = await alreadySent(userId, sent?.date === input.forDate ? sent : null, input.checkInId, { scores, playsIn });
      if (again) return again;
      throw new ConflictError(notOpenMessage(input.forDate, date));
    }
    const { current, previous } = await dayContext(scores, userId, date, async () => (await userOf(users, userId)).timeZone !== user.timeZone);
    const again = await alreadySent(userId, current, input.checkInId, { scores, playsIn });
    if (again) return again;
    const closedAt = closingOf(current, closesAt);
    if (at >= closedAt) throw new ConflictError(`The check-in for ${date} closed at ${closedAt}.`);
    const watchedVideos = input.watchedVideos ?? current?.watchedVideos ?? false;
    // An answer left as it was keeps the instant it was first given.
    const previousAnswers = new Map(current ? answersOfDay(current).map((answer) => [answer.questionSlug, answer]) : []);
    const answers = input.answers.map((answer) => {
      const earlier = previousAnswers.get(answer.questionSlug);
      return earlier?.value === answer.value ? earlier : storedAnswer(userId, date, answer, at);
    });
    const baselines = await baselinesOf(scores, userId, date, current);
    const scored = memberDayRecord({ userId, date, answers: input.answers, watchedVideos, timeZone, at, current, previous, baselines });
    const day = { ...withDayAnswers(scored, answers), ...checkInIdsOf(current, input.checkInId) };
    const { timeZone: readZone = null, timeZoneFrom = null, previousTimeZone = null } = user;
    await scores.saveDay({
      day,
      expectedVersion: current?.version ?? null,
      teams: playsIn.map(({ teamId, joinedAt }) => ({ teamId, joinedAt })),
      userZone: { read: { timeZone: readZone, timeZoneFrom, previousTimeZone }, next },
    });
    return checkInDay(userId, day, { date, timeZone, closesAt: day.closesAt }, answersOfDay(day));
  };

  // Another submission of the same gamer (or a zone change) won the race: recompute from what it wrote, after a pause
  // of random length, so that two sessions sending at once do not meet again.
  for (let attempt = 1; attempt <= CHECK_IN_TRIES; attempt += 1) {
    try {
      return await compute();
    } catch (error) {
      if (!(error instanceof DayVersionConflict)) throw error;
    }
    if (attempt < CHECK_IN_TRIES) await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
  }
  // Not the gamer's doing: the same check-in sent again will go through (the app's queue keeps it and does).
  throw new TryAgainError('Your answers changed at the same time in another session. Please send them again.');
}

/** The current score day's check-in so far (empty scores before the first answer). */
export async function currentCheckIn(
  userId: string,
  input: z.output<typeof checkInArgsSchema>,
  { users, scores }: CheckInStores,
  now: Date,
): Promise<CheckInDay> {
  const user = await userOf(users, userId);
  // The day a check-in would answer now (the zone sent only matters to a gamer who never had one).
  const { timeZone, date, closesAt } = checkInZone(user, input.timeZone, now);
  const [stored] = await scores.latestDays(userId, 1, date);
  const current = stored?.date === date ? stored : null;
  return checkInDay(userId, current, { date, timeZone, closesAt: closingOf(current, closesAt) }, current ? answersOfDay(current) : []);
}
