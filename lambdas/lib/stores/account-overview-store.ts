import { BatchGetCommand, type BatchGetCommandOutput, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import type { InviteRecord } from './invite-store';
import type { TeamRecord } from './team-store';

/** The reads behind `me`: what an account is invited to and which teams it owns (all key lookups, no Scan). */
export interface AccountOverviewStore {
  /** Pending invites addressed to an e-mail, oldest first (index gsi1). */
  pendingInvites(email: string): Promise<InviteRecord[]>;
  /** Teams a director owns (index gsi1). */
  teamsOwnedBy(ownerId: string): Promise<TeamRecord[]>;
  /** Teams by id (BatchGetItem); missing ones are left out. */
  teams(teamIds: readonly string[]): Promise<TeamRecord[]>;
}

const strip = <T>({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...rest }: Record<string, unknown>) =>
  rest as T;

async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: config.tableName, ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []).map((item) => strip<T>(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** BatchGetItem takes at most 100 keys per call. */
const BATCH_SIZE = 100;

export const dynamoAccountOverviewStore: AccountOverviewStore = {
  pendingInvites(email) {
    return queryAll<InviteRecord>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :pending)',
      ExpressionAttributeValues: {
        ':pk': keys.inviteByInvitee(email, 'PENDING', '').gsi1pk,
        ':pending': keys.inviteByInvitee(email, 'PENDING', '').gsi1sk,
      },
    });
  },
  teamsOwnedBy(ownerId) {
    return queryAll<TeamRecord>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :team)',
      ExpressionAttributeValues: { ':pk': keys.teamByOwner(ownerId, '').gsi1pk, ':team': keys.teamByOwner(ownerId, '').gsi1sk },
    });
  },
  async teams(teamIds) {
    const unique = [...new Set(teamIds)];
    const found: TeamRecord[] = [];
    for (let start = 0; start < unique.length; start += BATCH_SIZE) {
      let requested: Record<string, unknown>[] | undefined = unique.slice(start, start + BATCH_SIZE).map((id) => keys.team(id));
      // Unprocessed keys (throttling) are asked for again, after a short pause.
      for (let round = 0; requested?.length; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(round, 5)));
        const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await db().send(
          new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: requested } } }),
        );
        found.push(...(Responses?.[config.tableName] ?? []).map((item) => strip<TeamRecord>(item)));
        requested = UnprocessedKeys?.[config.tableName]?.Keys;
      }
    }
    const byId = new Map(found.map((team) => [team.id, team]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  },
};
