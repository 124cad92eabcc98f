import { DEFAULT_TIME_ZONE, type ScoreDay, scoreDayOf, shiftDay } from '@core/dates';
import { commentRecipients } from '@core/journal';
import { questionBySlug } from '@core/questionnaire';
import { dynamoJournalStore } from '../../lambdas/lib/stores/journal-store';
import type { CommentRecord } from '../../lambdas/lib/stores/journal-store';
import { demoTeams } from './demo-data';

/**
 * The demo journal (docs/local-mode.md): comments on Night Owls' answers of the last days from the coach and the
 * director, one answered by the gamer, each raising the unread counts a comment raises (the director keeps some unread).
 */
interface DemoComment {
  id: string;
  author: string;
  gamer: string;
  daysAgo: number;
  questionSlug: string;
  content: string;
  answerTo?: string;
  /** Minutes after noon of its day. */
  minute: number;
}

const nightOwls = demoTeams.find((team) => team.name === 'Night Owls')!;
const coachEmail = nightOwls.members.find((member) => member.role === 'COACH')!.email;

export const DEMO_COMMENTS: DemoComment[] = [
  {
    id: '5a0d7c1e-2b4f-4e6a-8c3d-7f1e9b2a4c01',
    author: coachEmail,
    gamer: 'gamer1@fitgauge.test',
    daysAgo: 1,
    questionSlug: 'sleep-quality',
    content: "Three short nights in a row. Try to be in bed by midnight before Saturday's scrim.",
    minute: 0,
  },
  {
    id: '5a0d7c1e-2b4f-4e6a-8c3d-7f1e9b2a4c02',
    author: 'gamer1@fitgauge.test',
    gamer: 'gamer1@fitgauge.test',
    daysAgo: 1,
    questionSlug: 'sleep-quality',
    content: 'Got it, coach. Exams this week, it gets better after Thursday.',
    answerTo: '5a0d7c1e-2b4f-4e6a-8c3d-7f1e9b2a4c01',
    minute: 45,
  },
  {
    id: '5a0d7c1e-2b4f-4e6a-8c3d-7f1e9b2a4c03',
    author: nightOwls.ownerEmail,
    gamer: 'gamer2@fitgauge.test',
    daysAgo: 2,
    questionSlug: 'focus',
    content: 'Great focus all week. Keep the pre-game breathing routine.',
    minute: 10,
  },
  {
    id: '5a0d7c1e-2b4f-4e6a-8c3d-7f1e9b2a4c04',
    author: coachEmail,
    gamer: 'gamer3@fitgauge.test',
    daysAgo: 3,
    questionSlug: 'caffeine-group',
    content: 'Lots of energy drinks lately. Swap the late one for water?',
    minute: 30,
  },
];

const atNoonPlus = (day: ScoreDay, minute: number) => new Date(Date.parse(`${day}T12:00:00Z`) + minute * 60_000).toISOString();

export async function seedDemoJournal(userIds: Record<string, string>, now = new Date()): Promise<void> {
  const today = scoreDayOf(now, DEFAULT_TIME_ZONE);
  for (const demo of DEMO_COMMENTS) {
    // Looked up by id: a comment's key holds its time, so writing it again would add a copy (and count it unread twice).
    if (await dynamoJournalStore.get(demo.id)) continue;
    const at = atNoonPlus(shiftDay(today, -demo.daysAgo), demo.minute);
    const comment: CommentRecord = {
      id: demo.id,
      teamId: nightOwls.id,
      userId: userIds[demo.gamer]!,
      date: shiftDay(today, -demo.daysAgo),
      pillarSlug: questionBySlug(demo.questionSlug)!.pillar!,
      questionSlug: demo.questionSlug,
      content: demo.content,
      answerTo: demo.answerTo ?? null,
      authorId: userIds[demo.author]!,
      createdAt: at,
      updatedAt: at,
    };
    const notify = commentRecipients({
      gamerId: comment.userId,
      ownerId: userIds[nightOwls.ownerEmail]!,
      coachIds: [userIds[coachEmail]!],
      authorId: comment.authorId,
    });
    await dynamoJournalStore.create(comment, notify);
  }
}
