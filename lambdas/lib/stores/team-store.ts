import { BatchWriteCommand, type BatchWriteCommandOutput, GetCommand, QueryCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TEAM_PLAN } from '@core/teams';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import { MAX_TRANSACTION_ITEMS, type TransactItem, transact } from './transactions';

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

/** A team's seats: what its plan and extra purchases give, and how many are taken (docs/data-model.md, Seats). */
export interface TeamSeatCounts {
  gamerSeats: number;
  gamers: number;
  coachSeats: number;
  coaches: number;
}

/** Which condition refused a membership change: the team is gone, its seats are full, or the membership exists / is missing. */
export type MembershipRefusal = 'team' | 'seats' | 'membership';

export type TeamChanges = Partial<Pick<TeamRecord, 'name' | 'description' | 'game' | 'avatar'>>;

export interface TeamStore {
  get(teamId: string): Promise<TeamRecord | null>;
  getMembership(teamId: string, userId: string): Promise<MembershipRecord | null>;
  /** Members and coaches of a team. */
  membersOf(teamId: string): Promise<MembershipRecord[]>;
  /** The teams a user belongs to or coaches (index gsi1). */
  membershipsOfUser(userId: string): Promise<MembershipRecord[]>;
  /** Teams a director owns (index gsi1). */
  ownedBy(ownerId: string): Promise<TeamRecord[]>;
  seats(teamId: string): Promise<TeamSeatCounts | null>;
  /**
   * Creates the team with the plan's seats (plus `extraGamerSeats`) and counts it for its owner, in one transaction;
   * `also` joins more items to it (createTeam spends a purchase). Fails with TransactionRefused('team') when the id exists.
   */
  create(team: TeamRecord, options?: { extraGamerSeats?: number; also?: { label: string; item: TransactItem }[] }): Promise<void>;
  /** Changes the team's fields while it exists; returns the team as changed, null when it does not exist. */
  update(teamId: string, changes: TeamChanges, at: string): Promise<TeamRecord | null>;
  /**
   * Adds a member while the team exists and has a free seat of the member's role, in one transaction with `also`
   * (an invite or code marked accepted). Throws TransactionRefused with a MembershipRefusal or one of `also`'s labels.
   */
  addMember(membership: MembershipRecord, also?: { label: string; item: TransactItem }[]): Promise<void>;
  /** Ends a membership and frees its seat; TransactionRefused('membership') when there is none. */
  removeMember(membership: MembershipRecord): Promise<void>;
  /**
   * Deletes the team, its seats, memberships and the given other items (invites, codes, seats) in one transaction,
   * while its owner still owns 2 or more teams (TransactionRefused('owner') otherwise).
   */
  delete(team: TeamRecord, items: { pk: string; sk: string }[]): Promise<void>;
}

export const teamItem = (team: TeamRecord) => ({ ...keys.team(team.id), ...keys.teamByOwner(team.ownerId, team.id), type: 'Team', ...team });

export const membershipItem = (membership: MembershipRecord) => ({
  ...keys.membership(membership.teamId, membership.userId),
  ...keys.membershipByUser(membership.userId, membership.teamId),
  type: 'Membership',
  ...membership,
});

/** The record an item holds: the item without its keys and kind. */
export function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...rest } = item;
  return rest as T;
}

/** Every page of a Query, decoded. */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const found: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: config.tableName, ...input, ExclusiveStartKey }));
    found.push(...(page.Items ?? []).map((item) => strip<T>(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

const SEAT_COUNTERS = { GAMER: { used: 'gamers', limit: 'gamerSeats' }, COACH: { used: 'coaches', limit: 'coachSeats' } } as const;

/** Takes (+1) or frees (-1) a seat of the role; taking one is refused when they are all in use. */
function seatChange(teamId: string, role: MemberRole, change: 1 | -1): TransactItem {
  const { used, limit } = SEAT_COUNTERS[role];
  return {
    Update: {
      TableName: config.tableName,
      Key: keys.teamSeats(teamId),
      UpdateExpression: 'ADD #used :change',
      ConditionExpression: change > 0 ? '#used < #limit' : 'attribute_exists(pk)',
      ExpressionAttributeNames: change > 0 ? { '#used': used, '#limit': limit } : { '#used': used },
      ExpressionAttributeValues: { ':change': change },
    },
  };
}

export const dynamoTeamStore: TeamStore = {
  async get(teamId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.team(teamId), ConsistentRead: true }));
    return Item ? strip<TeamRecord>(Item) : null;
  },
  async getMembership(teamId, userId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.membership(teamId, userId), ConsistentRead: true }));
    return Item ? strip<MembershipRecord>(Item) : null;
  },
  membersOf(teamId) {
    return queryAll<MembershipRecord>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': keys.team(teamId).pk, ':member': 'MEMBER#' },
      ConsistentRead: true,
    });
  },
  membershipsOfUser(userId) {
    return queryAll<MembershipRecord>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :member)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':member': 'MEMBER#' },
    });
  },
  ownedBy(ownerId) {
    const owned = keys.teamByOwner(ownerId, '');
    return queryAll<TeamRecord>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :team)',
      ExpressionAttributeValues: { ':pk': owned.gsi1pk, ':team': owned.gsi1sk },
    });
  },
  async seats(teamId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.teamSeats(teamId), ConsistentRead: true }));
    return Item ? { gamerSeats: Item.gamerSeats, gamers: Item.gamers, coachSeats: Item.coachSeats, coaches: Item.coaches } : null;
  },
  async create(team, { extraGamerSeats = 0, also = [] } = {}) {
    const TableName = config.tableName;
    const seats: TeamSeatCounts = { gamerSeats: TEAM_PLAN.gamerSeats + extraGamerSeats, gamers: 0, coachSeats: TEAM_PLAN.coachSeats, coaches: 0 };
    await transact([
      { label: 'team', item: { Put: { TableName, Item: teamItem(team), ConditionExpression: 'attribute_not_exists(pk)' } } },
      { label: 'seats', item: { Put: { TableName, Item: { ...keys.teamSeats(team.id), type: 'TeamSeats', teamId: team.id, ...seats } } } },
      {
        label: 'owner',
        item: {
          Update: { TableName, Key: keys.ownedTeamCount(team.ownerId), UpdateExpression: 'ADD teams :one SET #type = :type', ExpressionAttributeNames: { '#type': 'type' }, ExpressionAttributeValues: { ':one': 1, ':type': 'OwnedTeams' } },
        },
      },
      ...also,
    ]);
  },
  async update(teamId, changes, at) {
    const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.team(teamId),
          UpdateExpression: `SET ${[...fields.map(([name]) => `#${name} = :${name}`), 'updatedAt = :at'].join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(fields.map(([name]) => [`#${name}`, name])),
          ExpressionAttributeValues: { ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])), ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? strip<TeamRecord>(Attributes) : null;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return null;
      throw error;
    }
  },
  async addMember(membership, also = []) {
    const TableName = config.tableName;
    await transact([
      { label: 'team', item: { ConditionCheck: { TableName, Key: keys.team(membership.teamId), ConditionExpression: 'attribute_exists(pk)' } } },
      { label: 'seats', item: seatChange(membership.teamId, membership.role, 1) },
      { label: 'membership', item: { Put: { TableName, Item: membershipItem(membership), ConditionExpression: 'attribute_not_exists(pk)' } } },
      ...also,
    ]);
  },
  async removeMember(membership) {
    await transact([
      {
        label: 'membership',
        item: { Delete: { TableName: config.tableName, Key: keys.membership(membership.teamId, membership.userId), ConditionExpression: 'attribute_exists(pk)' } },
      },
      { label: 'seats', item: seatChange(membership.teamId, membership.role, -1) },
    ]);
  },
  async delete(team, others) {
    const TableName = config.tableName;
    const members = await this.membersOf(team.id);
    const deletes = [keys.teamSeats(team.id), ...members.map((m) => keys.membership(team.id, m.userId)), ...others];
    const head = [
      { label: 'team', item: { Delete: { TableName, Key: keys.team(team.id), ConditionExpression: 'attribute_exists(pk)' } } },
      {
        label: 'owner',
        item: {
          Update: { TableName, Key: keys.ownedTeamCount(team.ownerId), UpdateExpression: 'ADD teams :minus', ConditionExpression: 'teams >= :two', ExpressionAttributeValues: { ':minus': -1, ':two': 2 } },
        },
      },
    ];
    const room = MAX_TRANSACTION_ITEMS - head.length;
    await transact([...head, ...deletes.slice(0, room).map((Key) => ({ label: 'item', item: { Delete: { TableName, Key } } }))]);
    // Past DynamoDB's 100 items (a team with very many old invites), the rest goes after: without the team item
    // nothing can reach or use them any more (every join checks that the team exists).
    for (let start = room; start < deletes.length; start += 25) {
      let requests: { DeleteRequest: { Key: Record<string, unknown> } }[] | undefined = deletes.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
      // BatchWriteItem may leave some unprocessed under load: send those again until none are left.
      while (requests?.length) {
        const { UnprocessedItems }: BatchWriteCommandOutput = await db().send(new BatchWriteCommand({ RequestItems: { [TableName]: requests } }));
        requests = UnprocessedItems?.[TableName] as typeof requests;
      }
    }
  },
};
