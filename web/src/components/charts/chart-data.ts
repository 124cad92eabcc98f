import { daysBetween, daysOf, type DayWindow, isScoreDay, MAX_WINDOW_DAYS } from '@core/dates';
import { isPillarSlug, MAIN_SCORE_TYPES, type MainScoreType, PILLAR_SLUGS, pillarOf, type ScoreType } from '@core/pillars';
import { roundScore } from '@core/scoring/constants';
import { formatScoreDay } from '@/lib/score-display';

/**
 * One point of a score series, as the charts take it (schema.graphql ScorePoint); team game-score series tag each point with
 * its member. The score operations' generated result types (web/src/gql) are assignable to it and to ScoreSeries.
 */
export interface ScorePoint {
  date: string;
  value: number;
  userId?: string | null;
}

/** One score type's statistics over a window, as myScoreStats and myTeamScoreStats answer. */
export interface ScoreSeries {
  startDate: string;
  endDate: string;
  mainScoreStatistics: ScorePoint[];
  /**
   * The pillars' points; they come with every type, so one type's (the fgScore's) is enough. pillarSlug is a String in
   * schema.graphql: the charts draw the pillars they know (PILLAR_SLUGS) and leave any other out.
   */
  perPillarScoreStatistics?: { pillarSlug: string; points: ScorePoint[] }[] | null;
}

/** Each main score's points (those asked for), then each pillar's from the fgScore statistics, in that order. */
export function mainAndPillarSeries(series: Partial<Record<MainScoreType, ScoreSeries | null>>): { type: ScoreType; points: ScorePoint[] }[] {
  const pillarPoints = new Map(series.fgScore?.perPillarScoreStatistics?.map((stat) => [stat.pillarSlug, stat.points]) ?? []);
  return [
    ...MAIN_SCORE_TYPES.filter((type) => type in series).map((type) => ({ type, points: series[type]?.mainScoreStatistics ?? [] })),
    ...PILLAR_SLUGS.map((type) => ({ type, points: pillarPoints.get(type) ?? [] })),
  ];
}

/** The windows score pages offer (days ending today, 7 by default: docs/scoring.md, "Windows"). */
export const SCORE_WINDOWS = [7, 30, 90] as const;
export type ScoreWindow = (typeof SCORE_WINDOWS)[number];

/** A day of a chart's window: the score day and its MM/dd label for the axis. */
export interface ChartDay {
  date: string;
  tick: string;
}

export const chartDays = (window: DayWindow): ChartDay[] => daysOf(window).map((date) => ({ date, tick: formatScoreDay(date).slice(0, 5) }));

/** One line of a chart: a value per day of the window, null where there is none (no point is drawn, never a 0). */
export interface ChartLine {
  id: string;
  name: string;
  colour: string;
  values: (number | null)[];
}

export function scoreLine(window: DayWindow, points: readonly ScorePoint[], { name, colour }: { name: string; colour: string }): ChartLine {
  const byDate = new Map(points.map((point) => [point.date, point.value]));
  return { id: 'score', name, colour, values: daysOf(window).map((date) => byDate.get(date) ?? null) };
}

/** A member's own line in a team's game-score chart. */
export interface MemberLine {
  userId: string;
  name: string;
  colour: string;
}

/**
 * A team's game readiness and performance come concatenated (each member's points, member after member:
 * docs/scoring.md, "Teams"): split them back into one line per member, never averaged.
 */
export function memberLines(window: DayWindow, points: readonly ScorePoint[], members: readonly MemberLine[]): ChartLine[] {
  const byMemberDay = new Map(points.map((point) => [`${point.userId ?? ''}#${point.date}`, point.value]));
  const days = daysOf(window);
  return members.map(({ userId, name, colour }) => ({
    id: userId,
    name,
    colour,
    values: days.map((date) => byMemberDay.get(`${userId}#${date}`) ?? null),
  }));
}

/** The members a concatenated series holds, in the order the series lists them. */
export function membersOf(points: readonly ScorePoint[]): string[] {
  return [...new Set(points.flatMap((point) => (point.userId ? [point.userId] : [])))];
}

interface SeriesSummary {
  /** Points with a value (days, or member days for a concatenated series). */
  count: number;
  latest: ScorePoint | null;
  /** Whole-number average of the points. */
  average: number | null;
}

export function seriesSummary(points: readonly ScorePoint[]): SeriesSummary {
  const latest = points.reduce<ScorePoint | null>((last, point) => (!last || point.date > last.date ? point : last), null);
  const average = points.length ? roundScore(points.reduce((sum, point) => sum + point.value, 0) / points.length) : null;
  return { count: points.length, latest, average };
}

/** Line colours (SVG attributes take no CSS variables): pillars in their spec colours, main scores in colours apart from those. */
const MAIN_SCORE_COLOURS: Record<MainScoreType, string> = {
  fgScore: '#2dd4bf',
  daily: '#cbd5e1',
  gameReadiness: '#facc15',
  gamePerformance: '#f472b6',
};

export function seriesColour(type: ScoreType): string {
  return isPillarSlug(type) ? pillarOf(type).colour.hex : MAIN_SCORE_COLOURS[type];
}

/** Colours for members' lines, apart from the pillar colours; they repeat after eight members. */
const MEMBER_COLOURS = ['#2dd4bf', '#facc15', '#f472b6', '#38bdf8', '#a3e635', '#fb7185', '#c084fc', '#fdba74'];

export const memberColour = (index: number) => MEMBER_COLOURS[index % MEMBER_COLOURS.length];

/** Analytics asks again 200 ms after the window stops changing (docs/product.md, "Team analytics"). */
export const ANALYTICS_DEBOUNCE_MS = 200;

/** A window as a page's switch chooses it: the last 7, 30 or 90 days, or a range of score days (both ends included). */
export type WindowChoice = { days: ScoreWindow } | { startDate: string; endDate: string };

/** Why a custom range cannot be asked for, or null when it can (the server allows at most 366 days). */
export function rangeProblem(choice: WindowChoice): string | null {
  if ('days' in choice) return null;
  if (!isScoreDay(choice.startDate) || !isScoreDay(choice.endDate)) return 'Pick a start and an end date.';
  if (choice.startDate > choice.endDate) return 'The start date must not be after the end date.';
  if (daysBetween(choice.startDate, choice.endDate) + 1 > MAX_WINDOW_DAYS) return `A range spans at most ${MAX_WINDOW_DAYS} days.`;
  return null;
}

/** How the summaries name the window. */
export const windowName = (choice: WindowChoice) => ('days' in choice ? `the last ${choice.days} days` : 'this range');
