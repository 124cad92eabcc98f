import { type DayWindow, daysOf as daysOfWindow, type ScoreDay } from '@core/dates';
import { isGameScoreType, PILLAR_SLUGS, type PillarSlug } from '@core/pillars';
import { scoreDayUnder } from '@core/user-zone';
import {
  resolveScoreWindow,
  type ScoreStatsArgs,
  type ScoreWindowArgs,
  type TeamDataStatsArgs,
  type TeamScoreStatsArgs,
  type UserAnswerBySlugArgs,
  type UserAnswersArgs,
} from '@core/score-api';
import {
  type Baseline,
  baselineDeviation,
  type BaselineDeviation,
  type MemberDay,
  type MemberGameScores,
  type ScoreStatistics,
  type ScoreSummary,
  scoreCard,
  type TeamDayAggregate,
  teamMetricAverage,
  teamScoreStatistics,
  type UserScoreStatistic,
  userScoreStatisticRows,
  userScoreStatistics as gamerScoreStatistics,
} from '@core/scoring';
import { NotFoundError, ValidationError } from '../lib/errors';
import { scoreCardOf } from '../lib/score-card';
import type { ScoreStore, StoredAnswer } from '../lib/stores/score-store';
import type { TeamRecord, TeamStore } from '../lib/stores/team-store';
import type { UserStore } from '../lib/stores/user-store';

/**
 * Reads of scores, statistics and answers (docs/scoring.md). Each gets its arguments parsed and its subject authorized
 * by ./fields.ts: the gamer whose data it reads (`userId`), or the team and the viewer whose clock its window follows.
 */
export interface ReadStores {
  users: Pick<UserStore, 'get'>;
  teams: Pick<TeamStore, 'membersOf'>;
  scores: ScoreStore;
}

/** "Today" is the score day on the clock of the person whose data is read, or of the viewer for a team. */
async function todayOf(users: ReadStores['users'], userId: string, now: Date): Promise<ScoreDay> {
  const user = await users.get(userId);
  if (!user) throw new NotFoundError('User not found.');
  return scoreDayUnder(user, now).date;
}

function windowOf(args: ScoreWindowArgs, today: ScoreDay): DayWindow {
  const { window, problem } = resolveScoreWindow(args, today);
  if (problem !== undefined) throw new ValidationError(problem);
  return window;
}

export async function myScore(userId: string, { users, scores }: ReadStores, now: Date): Promise<ScoreSummary & { userId: string; date: ScoreDay }> {
  return scoreCardOf(userId, await todayOf(users, userId, now), scores);
}

type WindowedStatistics = ScoreStatistics & DayWindow;

/** A team read: the team, and the viewer on whose clock its window ends today. */
export interface TeamView {
  team: TeamRecord;
  viewerId: string;
}

export async function myScoreStats(
  userId: string,
  input: ScoreStatsArgs,
  { users, scores }: ReadStores,
  now: Date,
): Promise<WindowedStatistics & { userId: string }> {
  const window = windowOf(input, await todayOf(users, userId, now));
  const days = await scores.memberDays(userId, window);
  return { userId, ...window, ...gamerScoreStatistics(input.type, days, window) };
}

export async function myTeamScoreStats(
  { team, viewerId }: TeamView,
  input: TeamScoreStatsArgs,
  { users, scores }: ReadStores,
  now: Date,
): Promise<WindowedStatistics & { teamId: string }> {
  const window = windowOf(input, await todayOf(users, viewerId, now));
  // Game scores are listed per member; every other type, and each pillar, is an average of the day's totals.
  const aggregates = await scores.teamDays(team.id, window, isGameScoreType(input.type) ? undefined : [input.type, ...PILLAR_SLUGS]);
  return { teamId: team.id, ...window, ...teamScoreStatistics(input.type, aggregates, window) };
}

/** One day of a team: member averages (game scores stay per member: docs/scoring.md, "Teams"). */
interface TeamDayData {
  date: ScoreDay;
  membersCheckedIn: number;
  fgScore: number | null;
  dailyScore: number | null;
  avgCompletion: number | null;
  pillars: { pillarSlug: PillarSlug; score: number | null; completenessScore: number | null }[];
  members: (MemberGameScores & { userId: string })[];
}

interface TeamDataStatistics extends DayWindow {
  teamId: string;
  days: TeamDayData[];
  /** Pro variant only: every member's user score statistics (one row per member, day and pillar). */
  userStats: (UserScoreStatistic & { id: string; userId: string })[] | null;
}

function teamDayData(aggregate: TeamDayAggregate): TeamDayData {
  return {
    date: aggregate.date,
    membersCheckedIn: aggregate.totals.daily.count,
    fgScore: teamMetricAverage(aggregate, 'fgScore'),
    dailyScore: teamMetricAverage(aggregate, 'daily'),
    avgCompletion: teamMetricAverage(aggregate, 'avgCompletion'),
    pillars: PILLAR_SLUGS.map((pillarSlug) => ({
      pillarSlug,
      score: teamMetricAverage(aggregate, pillarSlug),
      completenessScore: teamMetricAverage(aggregate, `${pillarSlug}Completeness`),
    })),
    members: Object.entries(aggregate.members)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([userId, scores]) => ({ userId, ...scores })),
  };
}

/** `myTeamDataStats` reads one aggregate per day; the pro variant adds each member's days (members x days items). */
export async function myTeamDataStats(
  { team, viewerId }: TeamView,
  input: TeamDataStatsArgs,
  { users, teams, scores }: ReadStores,
  { pro }: { pro: boolean },
  now: Date,
): Promise<TeamDataStatistics> {
  const window = windowOf(input, await todayOf(users, viewerId, now));
  const days = (await scores.teamDays(team.id, window)).map(teamDayData);
  if (!pro) return { teamId: team.id, ...window, days, userStats: null };
  const gamers = await gamersOf(teams, team.id);
  const memberDays = await Promise.all(gamers.map((member) => scores.memberDays(member.userId, window)));
  return { teamId: team.id, ...window, days, userStats: statisticRowsOf(memberDays.flat()) };
}

type IdentifiedStatistic = UserScoreStatistic & { id: string; userId: string };

/** One row per day and pillar, each with an id that names its member, day and pillar. */
function statisticRowsOf(days: readonly MemberDay[]): IdentifiedStatistic[] {
  return days.flatMap((day) =>
    userScoreStatisticRows(day).map((row) => ({ ...row, id: `${day.userId}#${day.date}#${row.pillarSlug}`, userId: day.userId })),
  );
}

/** Only gamers are scored; a team's coaches have no check-ins. */
async function gamersOf(teams: ReadStores['teams'], teamId: string) {
  return (await teams.membersOf(teamId)).filter((member) => member.role === 'GAMER');
}

/** `userScoreStatistics`: one gamer's rows over a window (one Query of his days), what the statistics export writes. */
export async function userScoreStatistics(
  userId: string,
  input: ScoreWindowArgs,
  { users, scores }: ReadStores,
  now: Date,
): Promise<IdentifiedStatistic[]> {
  const window = windowOf(input, await todayOf(users, userId, now));
  return statisticRowsOf(await scores.memberDays(userId, window));
}

/** A member's check-ins over a window (docs/teams.md, "Compliance"). */
interface CheckInCounts {
  /** Days of the window he checked in while in the team. */
  daysCheckedIn: number;
  /** Days of the window his rate counts: those he checked in, and those he was in the team for whole and that are over. */
  daysCounted: number;
  /** daysCheckedIn of daysCounted, in percent; null while no day counts. */
  checkInRate: number | null;
}

/**
 * A member's check-ins over the window's days (listed once per table, not per member) from the days he checked in
 * (the team day aggregates that list him), the day he joined and his today: a day he did not check in counts against
 * him only once it is over and he was in the team all of it, so neither the day he joined nor today before his
 * check-in lowers his rate.
 */
export function checkInCounts(windowDays: readonly ScoreDay[], checkedIn: ReadonlySet<ScoreDay>, joinedOn: ScoreDay, today: ScoreDay): CheckInCounts {
  let daysCheckedIn = 0;
  let daysCounted = 0;
  for (const day of windowDays) {
    if (checkedIn.has(day)) daysCheckedIn += 1;
    if (checkedIn.has(day) || (day > joinedOn && day < today)) daysCounted += 1;
  }
  return { daysCheckedIn, daysCounted, checkInRate: daysCounted === 0 ? null : Math.round((100 * daysCheckedIn) / daysCounted) };
}

interface TeamMemberScore extends CheckInCounts {
  userId: string;
  fullName: string | null;
  email: string;
  avatar: string | null;
  /** The member's current score day, on his own clock. */
  date: ScoreDay;
  fgScore: number | null;
  gameReadiness: number | null;
  gaming: boolean;
  streak: number;
  avgCompletion: number | null;
  checkedInToday: boolean;
  /** When he last sent a check-in (his latest day's last write); null before his first. */
  lastCheckInAt: string | null;
  /** His latest day's date and values, today's or earlier: what a morning before his check-in still shows. */
  lastCheckInDate: ScoreDay | null;
  lastGameReadiness: number | null;
  lastAvgCompletion: number | null;
  /** Today's FG Score baseline and today's score against it (docs/scoring.md, "Baselines"); null before today's check-in. */
  fgBaseline: Baseline | null;
  fgDeviation: BaselineDeviation | null;
  /** The window's days he checked in on, from the team's day aggregates (the heat map). */
  days: MemberScoreDay[];
}

/** A member's day as his team's day aggregate keeps it: his FG Score and how it stood against his baseline. */
interface MemberScoreDay {
  date: ScoreDay;
  fgScore: number | null;
  baselineDeviation: BaselineDeviation | null;
}

/**
 * `teamMemberScores`: each gamer of the team with his score card now (as `myScore` would give it) and his check-ins
 * over the window (the last 7 days by default, on the caller's clock as the team's statistics). Reads the team's
 * memberships (one Query), the gamers' profiles and their latest days (one BatchGetItem of both, the latest-day copies) and
 * the team's day aggregates of the window (one Query, one item per day with a check-in). Gamers in name order.
 */
export async function teamMemberScores(
  { team, viewerId }: TeamView,
  input: ScoreWindowArgs,
  { users, teams, scores }: ReadStores,
  now: Date,
): Promise<TeamMemberScore[]> {
  const window = windowOf(input, await todayOf(users, viewerId, now));
  const [gamers, aggregates] = await Promise.all([gamersOf(teams, team.id), scores.teamDays(team.id, window)]);
  // The latest day alone is enough: today's when the member checked in, else the state yesterday grows from.
  const members = await scores.profilesWithLatestDays(
    gamers.map((member) => member.userId),
    (user) => scoreDayUnder(user, now).date,
  );
  const joinedAt = new Map(gamers.map((member) => [member.userId, member.joinedAt]));
  const daysOf = new Map<string, MemberScoreDay[]>();
  for (const aggregate of [...aggregates].sort((a, b) => a.date.localeCompare(b.date))) {
    for (const [userId, member] of Object.entries(aggregate.members)) {
      const fgScore = member.fgScore ?? null;
      const day = { date: aggregate.date, fgScore, baselineDeviation: baselineDeviation(fgScore, member.fgBaseline ?? null) };
      daysOf.set(userId, (daysOf.get(userId) ?? []).concat(day));
    }
  }
  const windowDays = daysOfWindow(window);
  const rows = members.map(({ user, today, latest }): TeamMemberScore => {
    const todayDay = latest?.date === today ? latest : null;
    const card = scoreCard({ today, todayDay, lastStateBeforeToday: todayDay ? null : (latest?.fg ?? null) });
    const joinedOn = scoreDayUnder(user, new Date(joinedAt.get(user.id)!)).date;
    const days = daysOf.get(user.id) ?? [];
    const fgBaseline = todayDay?.baselines?.fgScore ?? null;
    return {
      userId: user.id,
      fullName: user.fullName,
      email: user.email,
      avatar: user.avatar,
      date: today,
      fgScore: card.score,
      gameReadiness: todayDay?.gameReadiness ?? null,
      gaming: card.gaming,
      streak: card.streak,
      avgCompletion: todayDay?.avgCompletion ?? null,
      checkedInToday: todayDay !== null,
      lastCheckInAt: latest?.updatedAt ?? null,
      lastCheckInDate: latest?.date ?? null,
      lastGameReadiness: latest?.gameReadiness ?? null,
      lastAvgCompletion: latest?.avgCompletion ?? null,
      fgBaseline,
      fgDeviation: todayDay ? baselineDeviation(todayDay.fg?.fgScore, fgBaseline) : null,
      days,
      ...checkInCounts(windowDays, new Set(days.map((day) => day.date)), joinedOn, today),
    };
  });
  return rows.sort((a, b) => (a.fullName ?? a.email).localeCompare(b.fullName ?? b.email));
}

export async function userAnswers(userId: string, input: UserAnswersArgs, { users, scores }: ReadStores, now: Date): Promise<StoredAnswer[]> {
  const window = windowOf(input, await todayOf(users, userId, now));
  const answers = await scores.answers(userId, window);
  return input.pillarSlug ? answers.filter((answer) => answer.pillarSlug === input.pillarSlug) : answers;
}

export async function userAnswerBySlug(
  userId: string,
  input: UserAnswerBySlugArgs,
  { users, scores }: ReadStores,
  now: Date,
): Promise<StoredAnswer | null> {
  const date = input.date ?? (await todayOf(users, userId, now));
  return scores.answer(userId, date, input.questionSlug);
}
