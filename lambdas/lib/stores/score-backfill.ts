import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../db/client';
import { defineItem, sortKeyPrefix } from '../db/item';
import { teamPartition, userPartition } from '../db/keys';
import { batchDelete, batchGet, isConditionFailure, partitionQuery, query } from '../db/table';
import { type DayAnswer, listsMemberMaps, memberDayItem, recountTeamDay } from './score-store';
import { teamItem } from './team-store';
import { userItem } from './user-store';

/**
 * The migration of issue 33 (docs/data-model.md, "Migrations"): check-ins wrote one Answer item per question beside
 * the day, which also kept a copy of the answers (`{ value, answeredAt }` per question; days from before the journal
 * had none). Now the day alone keeps them, compactly. For every user (the gsi2 listing, a Query, not a Scan), each day
 * that still has Answer items is written again with its answers in the new form (from its own copy, or from the
 * Answer items where it has none), on the condition that the day is the version read, and then its Answer items are
 * deleted. A check-in that wrote the day meanwhile wrote it in the new form already, so a refused write is skipped.
 * Idempotent: a second run finds no Answer items. Run it once the code that reads only the day is deployed.
 */
interface LegacyAnswer {
  userId: string;
  date: string;
  questionSlug: string;
  value: string;
  answeredAt: string;
}

/** The Answer item check-ins wrote until issue 33: only this migration still reads (and deletes) it. */
const legacyAnswerItem = defineItem<LegacyAnswer>()({
  type: 'Answer',
  key: ({ userId, date, questionSlug }: { userId: string; date: string; questionSlug: string }) => ({
    pk: userPartition(userId),
    sk: `ANSWER#${date}#${questionSlug}`,
  }),
});

const USERS_PER_PAGE = 100;

interface CheckInBackfill {
  users: number;
  /** Days written again in the new form. */
  days: number;
  answerItemsDeleted: number;
}

async function backfillUser(userId: string, done: CheckInBackfill): Promise<void> {
  const { pk, sk: prefix } = legacyAnswerItem.key({ userId, date: '', questionSlug: '' });
  const { items } = await query({ ...partitionQuery('table', pk, sortKeyPrefix(prefix)), ConsistentRead: true });
  const byDate = new Map<string, LegacyAnswer[]>();
  for (const answer of items.map(legacyAnswerItem.decode)) byDate.set(answer.date, [...(byDate.get(answer.date) ?? []), answer]);
  if (byDate.size === 0) return;
  const days = (
    await batchGet(
      [...byDate.keys()].map((date) => memberDayItem.key({ userId, date })),
      { consistent: true },
    )
  ).map(memberDayItem.decode);
  for (const day of days) {
    const answers =
      day.answers ??
      Object.fromEntries(
        byDate.get(day.date)!.map(({ questionSlug, value, answeredAt }): [string, DayAnswer] => [questionSlug, { value, answeredAt }]),
      );
    try {
      await db().send(
        new PutCommand(
          memberDayItem.put(
            { ...day, answers },
            { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': day.version } },
          ).Put,
        ),
      );
      done.days += 1;
    } catch (error) {
      // Written by a check-in meanwhile: in the new form, with the answers it was sent.
      if (!isConditionFailure(error)) throw error;
    }
  }
  // The day holds its answers now (a day missing altogether had nothing to show them with): the items go.
  await batchDelete(items.map((item) => ({ pk: item.pk as string, sk: item.sk as string })));
  done.answerItemsDeleted += items.length;
}

export async function backfillCheckIns(): Promise<CheckInBackfill> {
  const done: CheckInBackfill = { users: 0, days: 0, answerItemsDeleted: 0 };
  let cursor: string | null = null;
  do {
    const page = await query(partitionQuery('gsi2', userItem.indexes.gsi2({ createdAt: '', id: '' }).gsi2pk), { limit: USERS_PER_PAGE, cursor });
    for (const user of page.items.map(userItem.decode)) await backfillUser(user.id, done);
    done.users += page.items.length;
    cursor = page.cursor;
  } while (cursor);
  return done;
}

/**
 * The second step of issue 33 (docs/data-model.md, "Migrations"): team days whose totals item still lists its members
 * as maps (`member_<userId>`) get one member item per member, from his day, and their totals recounted without the
 * maps (`recountTeamDay`, conditional on the totals as read, so a check-in meanwhile is never lost). For every team
 * (the gsi2 listing, a Query), its `DAY#` items (a Query). Idempotent: a second run finds no maps. Readers take both
 * forms, so it may run whenever after the deploy; check-ins move a day's maps themselves when they recount it.
 */
export async function backfillTeamDays(): Promise<{ teams: number; teamDays: number }> {
  const done = { teams: 0, teamDays: 0 };
  let cursor: string | null = null;
  do {
    const page = await query(partitionQuery('gsi2', teamItem.indexes.gsi2({ createdAt: '', id: '' }).gsi2pk), { limit: USERS_PER_PAGE, cursor });
    for (const team of page.items.map(teamItem.decode)) {
      const { items } = await query({
        ...partitionQuery('table', teamPartition(team.id), 'DAY#'),
        // Only the totals items that still hold maps: the member items are most of the range.
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':pk': teamPartition(team.id), ':prefix': 'DAY#', ':type': 'TeamDay' },
      });
      for (const item of items.filter(listsMemberMaps)) {
        await recountTeamDay(team.id, item.date as string, item.updatedAt as string);
        done.teamDays += 1;
      }
    }
    done.teams += page.items.length;
    cursor = page.cursor;
  } while (cursor);
  return done;
}
