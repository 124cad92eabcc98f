/**
 * The table's cross-item invariants (docs/data-model.md), checked by reading the whole table of a test stack: a Scan,
 * fine in a test, never on a request path. Each check returns the breaches it found as readable lines, so a test
 * expects an empty list and a failure names the items.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { aggregateTeamDay, TEAM_METRICS } from '@core/scoring/team';
import type { MemberDay } from '@core/scoring/member-day';
import { LOCAL_CREDENTIALS } from '../../scripts/local/s3';
import type { TestStackInfo } from '../../scripts/local/test-stack-info';

export type Item = Record<string, any>;

/** Every item of the stack's table, by `pk` then `sk`. */
export async function tableItems(info: TestStackInfo): Promise<Map<string, Map<string, Item>>> {
  const client = new DynamoDBClient({ region: info.config.region, credentials: LOCAL_CREDENTIALS, endpoint: info.urls.dynamodb });
  const items = new Map<string, Map<string, Item>>();
  try {
    for await (const page of paginateScan(
      { client: DynamoDBDocumentClient.from(client) },
      { TableName: info.env.TABLE_NAME, ConsistentRead: true },
    )) {
      for (const item of page.Items ?? []) {
        if (!items.has(item.pk)) items.set(item.pk, new Map());
        items.get(item.pk)!.set(item.sk, item);
      }
    }
  } finally {
    client.destroy();
  }
  return items;
}

const MEMBER_PREFIX = 'member_';
const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** Breaches of every invariant named in docs/data-model.md "Windows between transactions". */
export function invariantBreaches(items: Map<string, Map<string, Item>>): string[] {
  const breaches: string[] = [];
  const item = (pk: string, sk: string) => items.get(pk)?.get(sk);
  for (const [pk, partition] of items) {
    const memberships = [...partition.values()].filter((i) => i.type === 'Membership');
    for (const i of partition.values()) {
      if (i.type === 'TeamMemberDay') {
        // A member item counts its member's day as stored, at the version stored.
        const day = item(`USER#${i.userId}`, `DAY#${i.date}`);
        if (!day) breaches.push(`${pk} ${i.sk}: counts a member without that day`);
        else if (day.version !== i.v) breaches.push(`${pk} ${i.sk}: counts version ${i.v}, the day is at ${day.version}`);
      }
      if (i.type === 'TeamDay') {
        // The totals equal the sum of the days of the members it counts: its member items (issue 33), and the maps of
        // the form before them. A check-in stopped between its member item and the recount of the totals leaves a
        // member item the totals do not count yet (docs/data-model.md, "Windows between transactions"): only member
        // items from check-ins before the totals' last write count here.
        const items = [...partition.values()].filter((m) => m.type === 'TeamMemberDay' && m.date === i.date && m.updatedAt <= i.updatedAt);
        const members = [
          ...items.map((m) => m.userId as string),
          ...Object.keys(i)
            .filter((name) => name.startsWith(MEMBER_PREFIX))
            .map((name) => name.slice(MEMBER_PREFIX.length)),
        ];
        const days = members.map((userId) => item(`USER#${userId}`, i.sk));
        if (days.some((day) => !day)) breaches.push(`${pk} ${i.sk}: lists a member without that day`);
        const expected = aggregateTeamDay(i.date, days.filter(Boolean) as MemberDay[]);
        for (const metric of TEAM_METRICS) {
          const { sum, count } = expected.totals[metric];
          if (!close(Number(i[`sum_${metric}`] ?? 0), sum) || Number(i[`count_${metric}`] ?? 0) !== count) {
            breaches.push(`${pk} ${i.sk}: ${metric} is ${i[`sum_${metric}`]}/${i[`count_${metric}`]}, the members' days give ${sum}/${count}`);
          }
        }
      }
      if (i.type === 'LatestMemberDay') {
        // The copy is the gamer's newest day as stored (docs/data-model.md, "Score items").
        const newest = [...partition.values()].filter((day) => day.type === 'MemberDay').sort((a, b) => (a.sk < b.sk ? 1 : -1))[0];
        if (newest?.date !== i.date || newest?.version !== i.version)
          breaches.push(`${pk}: the latest-day copy is ${i.date} v${i.version}, the newest day ${newest?.date} v${newest?.version}`);
      }
      if (i.type === 'TeamSeats') {
        const gamers = memberships.filter((m) => m.role === 'GAMER').length;
        const coaches = memberships.filter((m) => m.role === 'COACH').length;
        const seats = [...partition.values()].filter((s) => s.type === 'Seat').length;
        if (i.gamers !== gamers || i.coaches !== coaches)
          breaches.push(`${pk}: seats in use ${i.gamers}/${i.coaches}, memberships ${gamers}/${coaches}`);
        if (i.gamers > i.gamerSeats || i.coaches > i.coachSeats)
          breaches.push(`${pk}: ${i.gamers}/${i.coaches} seats used of ${i.gamerSeats}/${i.coachSeats}`);
        if (Number(i.extraSeats ?? 0) !== seats) breaches.push(`${pk}: extraSeats ${i.extraSeats}, ${seats} SEAT# items`);
      }
      if (i.type === 'Membership' && (!partition.has('SEATS') || !partition.has('TEAM')))
        breaches.push(`${pk} ${i.sk}: a membership without its team or seats`);
      if (i.type === 'Payment' && String(i.productName).includes('Dashboard') && i.method === 'card') {
        const state = i.teamId ? item(`TEAM#${i.teamId}`, 'SUBSCRIPTION') : item(pk, `DASHBOARD#${i.subscriptionId}`);
        if (!state) breaches.push(`${pk} ${i.sk}: a payment without its subscription state`);
      }
      if (i.type === 'PendingInviteGuard') {
        const invite = partition.get(`INVITE#${i.inviteId}`);
        if (invite?.status !== 'PENDING') breaches.push(`${pk} ${i.sk}: a pending-invite guard of a ${invite?.status ?? 'missing'} invite`);
      }
      if (i.type === 'Invite' && i.status === 'PENDING' && !partition.has(`INVITEE#${i.inviteeEmail}`))
        breaches.push(`${pk} ${i.sk}: a pending invite without its guard`);
      if (i.type === 'EmailClaim' && !item(`USER#${i.userId}`, 'PROFILE')) breaches.push(`${pk}: an e-mail claim without its profile`);
      if (i.type === 'User' && item(`EMAIL#${String(i.email).toLowerCase()}`, 'CLAIM')?.userId !== i.id)
        breaches.push(`${pk}: a profile without its e-mail claim`);
    }
  }
  return breaches;
}
