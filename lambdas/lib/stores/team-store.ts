import { GetCommand, PutCommand, QueryCommand, type QueryCommandInput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';

export interface TeamRecord {
  id: string;
  name: string;
  description: string;
  game: string;
  avatar: string;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
}

export type MemberRole = 'GAMER' | 'COACH';

export interface MembershipRecord {
  teamId: string;
  userId: string;
  role: MemberRole;
  joinedAt: string;
}

export interface TeamStore {
  get(teamId: string): Promise<TeamRecord | null>;
  getMembership(teamId: string, userId: string): Promise<MembershipRecord | null>;
  /** Members and coaches of a team. */
  membersOf(teamId: string): Promise<MembershipRecord[]>;
  /** The teams a user belongs to or coaches (index gsi1). */
  membershipsOfUser(userId: string): Promise<MembershipRecord[]>;
  /** Creates the team; fails when the id exists. */
  create(team: TeamRecord): Promise<void>;
  addMember(membership: MembershipRecord): Promise<void>;
}

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, type: _t, ...rest } = item;
  return rest as T;
}

async function queryMemberships(input: Omit<QueryCommandInput, 'TableName'>): Promise<MembershipRecord[]> {
  const memberships: MembershipRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: config.tableName, ...input, ExclusiveStartKey }));
    memberships.push(...(page.Items ?? []).map((item) => strip<MembershipRecord>(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return memberships;
}

export const dynamoTeamStore: TeamStore = {
  async get(teamId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.team(teamId) }));
    return Item ? strip<TeamRecord>(Item) : null;
  },
  async getMembership(teamId, userId) {
    const { Item } = await db().send(
      new GetCommand({ TableName: config.tableName, Key: keys.membership(teamId, userId) }),
    );
    return Item ? strip<MembershipRecord>(Item) : null;
  },
  async membersOf(teamId) {
    return queryMemberships({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': keys.team(teamId).pk, ':member': 'MEMBER#' },
    });
  },
  async membershipsOfUser(userId) {
    return queryMemberships({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :member)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':member': 'MEMBER#' },
    });
  },
  async create(team) {
    await db().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...keys.team(team.id), ...keys.teamByOwner(team.ownerId, team.id), type: 'Team', ...team },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  async addMember(membership) {
    // The membership is only written while the team exists, in one transaction.
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: config.tableName,
              Key: keys.team(membership.teamId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Put: {
              TableName: config.tableName,
              Item: {
                ...keys.membership(membership.teamId, membership.userId),
                ...keys.membershipByUser(membership.userId, membership.teamId),
                type: 'Membership',
                ...membership,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  },
};
