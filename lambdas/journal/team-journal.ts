import type { ScoreDay } from '@core/dates';
import { PILLAR_SLUGS } from '@core/pillars';
import type { PillarScore } from '@core/scoring';
import { answersOfDay, type StoredAnswer } from '../lib/stores/score-store';
import type { TeamRecord } from '../lib/stores/team-store';
import type { JournalDeps } from './deps';

interface JournalMember {
  userId: string;
  fullName: string | null;
  avatar: string | null;
  checkedIn: boolean;
  answers: StoredAnswer[];
  pillars: PillarScore[];
  gameReadiness: number | null;
}

/**
 * A team day's journal: every gamer of the team with that day's answers and pillar scores, read from the member day
 * item alone (it keeps a copy of the answers): one item per member, one profile per member.
 */
export async function teamJournal(team: TeamRecord, date: ScoreDay, deps: JournalDeps): Promise<JournalMember[]> {
  const gamers = (await deps.teams.membersOf(team.id)).filter((member) => member.role === 'GAMER');
  const [profiles, days] = await Promise.all([
    deps.users.getMany(gamers.map((gamer) => gamer.userId)),
    Promise.all(gamers.map(async (gamer) => (await deps.scores.memberDays(gamer.userId, { startDate: date, endDate: date }))[0] ?? null)),
  ]);
  const profileOf = new Map(profiles.map((profile) => [profile.id, profile]));
  return gamers
    .map((gamer, index) => {
      const day = days[index];
      const profile = profileOf.get(gamer.userId);
      return {
        userId: gamer.userId,
        fullName: profile?.fullName ?? null,
        avatar: profile?.avatar ?? null,
        checkedIn: day?.dailyScore !== null && day?.dailyScore !== undefined,
        answers: day ? answersOfDay(day) : [],
        pillars: day ? PILLAR_SLUGS.map((slug) => day.pillars[slug]) : [],
        gameReadiness: day?.gameReadiness ?? null,
      };
    })
    .sort((a, b) => (a.fullName ?? '').localeCompare(b.fullName ?? ''));
}
