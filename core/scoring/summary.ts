import { type ScoreDay, shiftDay } from '../dates';
import { GAME_SCORE_TYPES, type GameScoreType, PILLAR_SLUGS, type PillarSlug } from '../pillars';
import { type FgState, fgStateAsOf } from './fg-score';
import type { MemberDay } from './member-day';

/** The score card (schema.graphql `Score`) of a gamer right now (docs/scoring.md, "The overall score (fgScore)"). */
export interface ScoreSummary {
  /** The fgScore now: today's once the gamer checked in, else yesterday's (today is not missed before it ends). */
  score: number | null;
  /** The fgScore at the end of yesterday. */
  prevDayScore: number | null;
  /** Today's daily score. */
  todayScore: number | null;
  /** Today's score of each pillar on its own. */
  pillarsIsolatedScore: { pillarSlug: PillarSlug; score: number | null }[];
  /** Today's game readiness and game performance, the two scores beside the pillars. */
  extraPillarsTodayScores: { pillarSlug: GameScoreType; score: number | null }[];
  pillars: { avgCompletion: number | null };
  /** Consecutive check-in days up to today (or up to yesterday while today is still open). */
  streak: number;
  /** False when today is flagged No Gaming. */
  gaming: boolean;
}

interface ScoreSummaryInput<Day> {
  today: ScoreDay;
  /** The gamer's stored day for today, if they checked in. */
  todayDay: Day | null;
  /** The fgScore state of the gamer's last stored day before today. */
  lastStateBeforeToday: FgState | null;
}

/** The card's figures that need no pillar: what a team's members table shows of each gamer. */
type ScoreCard = Pick<ScoreSummary, 'score' | 'prevDayScore' | 'todayScore' | 'streak' | 'gaming'>;

/** The score card without the pillars, from the few fields of today's day it reads (the latest-day copy has them). */
export function scoreCard({ today, todayDay, lastStateBeforeToday }: ScoreSummaryInput<Pick<MemberDay, 'fg' | 'dailyScore' | 'gaming'>>): ScoreCard {
  const yesterday = lastStateBeforeToday ? fgStateAsOf(lastStateBeforeToday, shiftDay(today, -1)) : null;
  const todayState = todayDay?.fg ?? null;
  return {
    score: todayState?.fgScore ?? yesterday?.fgScore ?? null,
    prevDayScore: yesterday?.fgScore ?? null,
    todayScore: todayDay?.dailyScore ?? null,
    streak: todayState?.checkedIn ? todayState.streak : (yesterday?.streak ?? 0),
    gaming: todayDay?.gaming ?? true,
  };
}

export function scoreSummary(input: ScoreSummaryInput<MemberDay>): ScoreSummary {
  const { todayDay } = input;
  return {
    ...scoreCard(input),
    pillarsIsolatedScore: PILLAR_SLUGS.map((pillarSlug) => ({ pillarSlug, score: todayDay?.pillars[pillarSlug].score ?? null })),
    extraPillarsTodayScores: GAME_SCORE_TYPES.map((pillarSlug) => ({ pillarSlug, score: todayDay?.[pillarSlug] ?? null })),
    pillars: { avgCompletion: todayDay?.avgCompletion ?? null },
  };
}
