import { isGameScoreType, isPillarSlug, MAIN_SCORE_EXPLANATIONS, pillarOf, type PillarSlug, type ScoreType, scoreTypeLabel } from '@core/pillars';
import { type ReadinessTier, readinessTier, scoreLabel } from '@core/scoring/labels';

/** How a score is shown: its name, the whole number (or nothing), the words for it and its colour. */
export interface ScoreEntry {
  type: ScoreType;
  title: string;
  score: number | null;
  /** Readiness tier for the main score, score label otherwise ("No data", "No Gaming" included). */
  label: string;
  /** Theme token of the pillar colour, or of the main score's readiness tier; null for the other scores. */
  colour: string | null;
  /** What a headline number means, shown under it; none for the pillars. */
  explanation?: string;
  /** The main score's readiness tier (shown in its colour); absent for the other scores. */
  tier?: ReadinessTier | null;
}

/** The theme token of a pillar's colour (docs/scoring.md, "On the gamer's pages": sleep purple, nutrition green, mental red, lifestyle blue, physical orange). */
export const pillarColourToken = (slug: PillarSlug) => `var(--amplify-colors-pillar-${slug})`;

/** The theme token of a readiness tier's colour (theme.ts: Game On green, Moderately Ready yellow, Subpar Ready orange, Not Ready red). */
const tierColourToken = (tier: ReadinessTier) => `var(--amplify-colors-tier-${tier.toLowerCase().replace(/ /g, '-')})`;

/**
 * The main score (fgScore) reads as a readiness tier, for the gamer and the staff alike (docs/scoring.md, "Tiers and
 * labels"); without one (null or 0) it reads "No data".
 */
export function mainScoreLabel(score: number | null | undefined): string {
  return readinessTier(score) ?? scoreLabel(score);
}

export function scoreEntry(type: ScoreType, score: number | null | undefined, { gaming = true }: { gaming?: boolean } = {}): ScoreEntry {
  if (type === 'fgScore') {
    // The main score carries its readiness tier, in the tier's colour.
    const tier = readinessTier(score);
    return {
      type,
      title: scoreTypeLabel(type),
      score: score ?? null,
      label: mainScoreLabel(score),
      colour: tier ? tierColourToken(tier) : null,
      tier,
      explanation: MAIN_SCORE_EXPLANATIONS[type],
    };
  }
  return {
    type,
    title: scoreTypeLabel(type),
    score: score ?? null,
    label: scoreLabel(score, { noGaming: !gaming && isGameScoreType(type) }),
    colour: isPillarSlug(type) ? pillarColourToken(pillarOf(type).slug) : null,
    ...(isPillarSlug(type) ? {} : { explanation: MAIN_SCORE_EXPLANATIONS[type] }),
  };
}

interface DayScoresInput {
  fgScore: number | null;
  dailyScore: number | null;
  gameReadiness: number | null;
  gamePerformance: number | null;
  gaming: boolean;
  /** pillarSlug is a String in schema.graphql: a pillar this app does not know is not shown. */
  pillars: readonly { pillarSlug: string; score: number | null }[];
}

/** A day's scores as shown after a check-in: the main scores, then one per pillar in pillar order. */
export function dayScoreEntries(day: DayScoresInput): { main: ScoreEntry[]; pillars: ScoreEntry[] } {
  const { gaming } = day;
  return {
    main: [
      scoreEntry('fgScore', day.fgScore),
      scoreEntry('daily', day.dailyScore),
      scoreEntry('gameReadiness', day.gameReadiness, { gaming }),
      scoreEntry('gamePerformance', day.gamePerformance, { gaming }),
    ],
    pillars: day.pillars.flatMap(({ pillarSlug, score }) => (isPillarSlug(pillarSlug) ? [scoreEntry(pillarSlug, score)] : [])),
  };
}

/** "04/10/2026" for a score day (spec: displayed dates are MM/dd/yyyy). */
export function formatScoreDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

/**
 * "04/11/2026 - 04:00 AM" in the browser's zone (spec: displayed dates MM/dd/yyyy - hh:mm a). Read from Date's own
 * local clock, not Intl: a page's first Intl call loads ICU's data in one long task (docs/performance.md).
 */
export function formatInstant(iso: string): string {
  const at = new Date(iso);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  const hours = at.getHours();
  return `${twoDigits(at.getMonth() + 1)}/${twoDigits(at.getDate())}/${at.getFullYear()} - ${twoDigits(hours % 12 || 12)}:${twoDigits(at.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
