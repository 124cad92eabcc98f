/**
 * Demo check-ins: every gamer of the demo teams answers on most of the last 30 score days (some days skipped, some
 * questions left out, so completeness and scores vary). Deterministic: each gamer's answers come from a PRNG seeded
 * with their e-mail. The product's own check-in rule turns them into member days, the fgScore chain and the team day
 * aggregates, exactly as real check-ins would have (bench/team-stats uses the same generator).
 */
import { type AnswerInput, checkInSubmissionSchema } from '@core/check-in';
import { DEFAULT_TIME_ZONE, type ScoreDay, scoreDayOf, shiftDay } from '@core/dates';
import { GAME_PERFORMANCE_SLUG, GAMING_TODAY_SLUG, type Question, QUESTIONS } from '@core/questionnaire';
import { dynamoScoreStore, type ScoreHistory } from '../../lambdas/lib/stores/score-store';
import { type GamerHistory, historyOf } from '../../lambdas/scoring/history';
import { demoTeams } from './demo-data';

export const DEMO_HISTORY_DAYS = 30;

type Random = () => number;

/** mulberry32: a small, fast, seedable PRNG (good enough for demo data, not for anything secret). */
export function seededRandom(seed: string): Random {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 2654435761) >>> 0, 2166136261);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How a demo gamer tends to answer: how well they live, how many questions they bother with, how often they skip a day. */
interface GamerHabits {
  quality: number;
  diligence: number;
  skipDay: number;
  watchesVideos: number;
}

export function habitsOf(random: Random): GamerHabits {
  return { quality: 0.35 + 0.55 * random(), diligence: 0.6 + 0.4 * random(), skipDay: 0.05 + 0.2 * random(), watchesVideos: 0.1 + 0.3 * random() };
}

function pickValue(question: Question, habits: GamerHabits, random: Random): string {
  const options = [...question.options].sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  if (question.kind === 'multiple') {
    if (random() < habits.quality) return question.noneOption!;
    const problems = options.filter((option) => option.value !== question.noneOption);
    const first = problems[Math.floor(random() * problems.length)].value;
    const second = problems[Math.floor(random() * problems.length)].value;
    return question.options
      .map((option) => option.value)
      .filter((value) => value === first || value === second)
      .join(',');
  }
  const target = Math.min(1, Math.max(0, habits.quality + (random() - 0.5) * 0.6));
  return options[Math.round(target * (options.length - 1))].value;
}

/** One day's check-in of a gamer with these habits, or null on a skipped day. */
export function demoCheckIn(habits: GamerHabits, random: Random): { answers: AnswerInput[]; watchedVideos: boolean } | null {
  if (random() < habits.skipDay) return null;
  const gaming = random() < 0.85;
  const picked = QUESTIONS.flatMap((question): AnswerInput[] => {
    if (question.slug === GAMING_TODAY_SLUG) return [{ questionSlug: question.slug, value: String(gaming) }];
    if (question.slug === GAME_PERFORMANCE_SLUG && !gaming) return [];
    if (random() > habits.diligence) return [];
    return [{ questionSlug: question.slug, value: pickValue(question, habits, random) }];
  });
  // The same validation as a real check-in: what is seeded could have been sent.
  const { answers } = checkInSubmissionSchema.parse({ answers: picked });
  return { answers, watchedVideos: random() < habits.watchesVideos };
}

/** Noon UTC of a day: the seeded accounts keep the default zone (UTC), so that instant falls in that score day. */
const noonOf = (day: ScoreDay) => new Date(`${day}T12:00:00Z`);

/** The demo gamers' check-ins of the last 30 score days before today, as the check-in rule would have stored them. */
function demoHistory(userIds: Record<string, string>, today: ScoreDay): ScoreHistory {
  const gamers = new Map<string, GamerHistory>();
  for (const team of demoTeams) {
    for (const { email, role } of team.members) {
      if (role !== 'GAMER') continue;
      const known = gamers.get(email);
      if (known) {
        known.teamIds.push(team.id);
        continue;
      }
      const random = seededRandom(email);
      const habits = habitsOf(random);
      const checkIns = Array.from({ length: DEMO_HISTORY_DAYS }, (_, index) => {
        const date = shiftDay(today, index - DEMO_HISTORY_DAYS);
        const checkIn = demoCheckIn(habits, random);
        return checkIn && { date, ...checkIn, at: noonOf(date) };
      });
      gamers.set(email, { userId: userIds[email], timeZone: DEFAULT_TIME_ZONE, teamIds: [team.id], checkIns: checkIns.filter((c) => c !== null) });
    }
  }
  return historyOf([...gamers.values()]);
}

/**
 * Loads the demo history in bulk (a transaction per check-in would take a while on DynamoDB Local); `historyOf`
 * applies the check-in rule day after day, so the items are those check-ins would have written. `importHistory` writes
 * the team days' totals after everything else, in slices, so the history is loaded completely only when every team has
 * all of its team days; otherwise loading again rewrites the same items.
 */
export async function seedDemoAnswers(userIds: Record<string, string>, now = new Date()): Promise<void> {
  const today = scoreDayOf(now, DEFAULT_TIME_ZONE);
  const window = { startDate: shiftDay(today, -DEMO_HISTORY_DAYS), endDate: today };
  const history = demoHistory(userIds, today);
  const stored = await Promise.all(demoTeams.map(async (team) => (await dynamoScoreStore.teamDays(team.id, window)).length));
  const expected = demoTeams.map((team) => history.teamDays.filter((day) => day.teamId === team.id).length);
  if (stored.every((count, index) => count === expected[index])) return;
  await dynamoScoreStore.importHistory(history);
}
