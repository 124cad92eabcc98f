import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TEAM_PLAN } from '@core/teams';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { teamPartition, userPartition } from '../db/keys';
import { batchDelete, batchGet, isConditionFailure, type Key, type Page, type PageRequest, partitionQuery, query } from '../db/table';
import { MAX_TRANSACTION_ITEMS, type TransactItem, TransactionRefused, transact } from './transactions';

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

export type TeamChanges = Partial<Pick<TeamRecord, 'name' | 'description' | 'game' | 'avatar'>>;

/** Items joined to a store's transaction (an invite or code answered, a purchase spent), each labelled for TransactionRefused. */
export type AlsoItems = { label: string; item: TransactItem }[];

export interface TeamStore {
  get(teamId: string): Promise<TeamRecord | null>;
  /** Teams by id (BatchGetItem), in the order asked, once each; missing ones are left out. */
  getMany(teamIds: readonly string[]): Promise<TeamRecord[]>;
  /** Teams a director owns (index gsi1). */
  ownedBy(ownerId: string): Promise<TeamRecord[]>;
  /** Teams, newest first, a page at a time (index gsi2). */
  newest(page: PageRequest): Promise<Page<TeamRecord>>;
  getMembership(teamId: string, userId: string): Promise<MembershipRecord | null>;
  /** Members and coaches of a team. */
  membersOf(teamId: string): Promise<MembershipRecord[]>;
  /** The teams a user belongs to or coaches (index gsi1). */
  membershipsOfUser(userId: string): Promise<MembershipRecord[]>;
  seats(teamId: string): Promise<TeamSeatCounts | null>;
  /**
   * Creates the team with the plan's seats (plus `extraGamerSeats`) and counts it for its owner, in one transaction;
   * `also` joins more items to it (createTeam spends a purchase). Fails with TransactionRefused('team') when the id exists.
   */
  create(team: TeamRecord, options?: { extraGamerSeats?: number; also?: AlsoItems }): Promise<void>;
  /** Changes the team's fields while it exists; returns the team as changed, null when it does not exist. */
  update(teamId: string, changes: TeamChanges, at: string): Promise<TeamRecord | null>;
  /**
   * Adds a member while the team exists and has a free seat of the member's role, in one transaction with `also`
   * (an invite or code marked accepted). Throws TransactionRefused labelled `team` (gone), `seats` (full),
   * `membership` (exists already) or with one of `also`'s labels.
   */
  addMember(membership: MembershipRecord, also?: AlsoItems): Promise<void>;
  /** Ends a membership and frees its seat; TransactionRefused('membership') when there is none. */
  removeMember(membership: MembershipRecord): Promise<void>;
  /**
   * Deletes the team, its seats, memberships and the given other items (invites, codes, seats) in one transaction,
   * while its owner still owns 2 or more teams (TransactionRefused('owner') otherwise). A member list that keeps
   * changing while it is read is refused with TransactionRefused('members') after a few tries.
   */
  delete(team: TeamRecord, items: Key[]): Promise<void>;
}

/** The team: under its partition, by owner (gsi1) and in the listing by creation (gsi2). */
export const teamItem = defineItem<TeamRecord>()({
  type: 'Team',
  key: ({ id }: { id: string }) => ({ pk: teamPartition(id), sk: 'TEAM' }),
  indexes: {
    gsi1: ({ ownerId, id }: { ownerId: string; id: string }) => ({ gsi1pk: `OWNER#${ownerId}`, gsi1sk: `TEAM#${id}` }),
    /** Every team on one gsi2 partition, ordered by creation (admin listing). */
    gsi2: ({ createdAt, id }: { createdAt: string; id: string }) => ({ gsi2pk: 'TEAMS', gsi2sk: `${createdAt}#${id}` }),
  },
});

/** A membership, gamer or coach: under the team, and by user (gsi1). */
export const membershipItem = defineItem<MembershipRecord>()({
  type: 'Membership',
  key: ({ teamId, userId }: { teamId: string; userId: string }) => ({ pk: teamPartition(teamId), sk: `MEMBER#${userId}` }),
  indexes: {
    gsi1: ({ userId, teamId }: { userId: string; teamId: string }) => ({ gsi1pk: userPartition(userId), gsi1sk: `MEMBER#${teamId}` }),
  },
});

/** A team's seat counts (seats of its plan and extra ones, seats in use), changed in every membership transaction. */
export const teamSeatsItem = defineItem<TeamSeatCounts & { teamId: string }>()({
  type: 'TeamSeats',
  key: ({ teamId }: { teamId: string }) => ({ pk: teamPartition(teamId), sk: 'SEATS' }),
});

/** How many teams a director owns (`teams`): deleting one needs 2 or more, checked in the delete transaction. */
const ownedTeamsItem = defineItem<{ userId: string }>()({
  type: 'OwnedTeams',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'OWNED_TEAMS' }),
});

/** Which counter a seat of each role takes, and which one limits it. */
const SEAT_COUNTERS = { GAMER: { used: 'gamers', limit: 'gamerSeats' }, COACH: { used: 'coaches', limit: 'coachSeats' } } as const;

/**
 * Takes (+1) or frees (-1) a seat of the role; taking one is refused when they are all in use. Every membership change
 * also counts up the seats item's `version`, so deleting the team can tell that its member list changed meanwhile.
 */
function seatChange(teamId: string, role: MemberRole, change: 1 | -1): TransactItem {
  const { used, limit } = SEAT_COUNTERS[role];
  return teamSeatsItem.update(
    { teamId },
    {
      UpdateExpression: 'ADD #used :change, version :one',
      ConditionExpression: change > 0 ? '#used < #limit' : 'attribute_exists(pk)',
      ExpressionAttributeNames: change > 0 ? { '#used': used, '#limit': limit } : { '#used': used },
      ExpressionAttributeValues: { ':change': change, ':one': 1 },
    },
  );
}

/** Tries of a team delete whose member list changed while it was read (a join or a leave in between). */
const DELETE_TRIES = 3;

export const dynamoTeamStore: TeamStore = {
  async get(teamId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: teamItem.key({ id: teamId }), ConsistentRead: true }));
    return Item ? teamItem.decode(Item) : null;
  },
  async getMany(teamIds) {
    const unique = [...new Set(teamIds)];
    const byId = new Map((await batchGet(unique.map((id) => teamItem.key({ id })))).map((item) => [item.id, teamItem.decode(item)]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  },
  async ownedBy(ownerId) {
    const owned = teamItem.indexes.gsi1({ ownerId, id: '' });
    return (await query(partitionQuery('gsi1', owned.gsi1pk, owned.gsi1sk))).items.map(teamItem.decode);
  },
  async newest(page) {
    const { items, cursor } = await query(
      { ...partitionQuery('gsi2', teamItem.indexes.gsi2({ createdAt: '', id: '' }).gsi2pk), ScanIndexForward: false },
      page,
    );
    return { items: items.map(teamItem.decode), cursor };
  },
  async getMembership(teamId, userId) {
    const { Item } = await db().send(
      new GetCommand({ TableName: config.tableName, Key: membershipItem.key({ teamId, userId }), ConsistentRead: true }),
    );
    return Item ? membershipItem.decode(Item) : null;
  },
  async membersOf(teamId) {
    const members = membershipItem.key({ teamId, userId: '' });
    return (await query({ ...partitionQuery('table', members.pk, members.sk), ConsistentRead: true })).items.map(membershipItem.decode);
  },
  async membershipsOfUser(userId) {
    const ofUser = membershipItem.indexes.gsi1({ userId, teamId: '' });
    return (await query(partitionQuery('gsi1', ofUser.gsi1pk, ofUser.gsi1sk))).items.map(membershipItem.decode);
  },
  async seats(teamId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: teamSeatsItem.key({ teamId }), ConsistentRead: true }));
    return Item ? { gamerSeats: Item.gamerSeats, gamers: Item.gamers, coachSeats: Item.coachSeats, coaches: Item.coaches } : null;
  },
  async create(team, { extraGamerSeats = 0, also = [] } = {}) {
    const seats: TeamSeatCounts = { gamerSeats: TEAM_PLAN.gamerSeats + extraGamerSeats, gamers: 0, coachSeats: TEAM_PLAN.coachSeats, coaches: 0 };
    await transact([
      { label: 'team', item: teamItem.put(team, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      { label: 'seats', item: teamSeatsItem.put({ teamId: team.id, ...seats }) },
      {
        label: 'owner',
        item: ownedTeamsItem.update(
          { userId: team.ownerId },
          {
            UpdateExpression: 'ADD teams :one SET #type = :type',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':one': 1, ':type': ownedTeamsItem.type },
          },
        ),
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
          Key: teamItem.key({ id: teamId }),
          UpdateExpression: `SET ${[...fields.map(([name]) => `#${name} = :${name}`), 'updatedAt = :at'].join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(fields.map(([name]) => [`#${name}`, name])),
          ExpressionAttributeValues: { ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])), ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? teamItem.decode(Attributes) : null;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  },
  async addMember(membership, also = []) {
    await transact([
      { label: 'team', item: teamItem.check({ id: membership.teamId }, { ConditionExpression: 'attribute_exists(pk)' }) },
      { label: 'seats', item: seatChange(membership.teamId, membership.role, 1) },
      { label: 'membership', item: membershipItem.put(membership, { ConditionExpression: 'attribute_not_exists(pk)' }) },
      ...also,
    ]);
  },
  async removeMember(membership) {
    await transact([
      { label: 'membership', item: membershipItem.delete(membership, { ConditionExpression: 'attribute_exists(pk)' }) },
      { label: 'seats', item: seatChange(membership.teamId, membership.role, -1) },
    ]);
  },
  async delete(team, others) {
    const TableName = config.tableName;
    for (let attempt = 1; ; attempt += 1) {
      // The seats' version first, then the members: a membership written after this read changes the version, and the
      // transaction below is refused on it, so no member who joined meanwhile outlives the team.
      const { Item: seats } = await db().send(new GetCommand({ TableName, Key: teamSeatsItem.key({ teamId: team.id }), ConsistentRead: true }));
      const members = await this.membersOf(team.id);
      const head = [
        { label: 'team', item: teamItem.delete(team, { ConditionExpression: 'attribute_exists(pk)' }) },
        {
          label: 'owner',
          item: ownedTeamsItem.update(
            { userId: team.ownerId },
            { UpdateExpression: 'ADD teams :minus', ConditionExpression: 'teams >= :two', ExpressionAttributeValues: { ':minus': -1, ':two': 2 } },
          ),
        },
        {
          label: 'members',
          item: teamSeatsItem.delete(
            { teamId: team.id },
            seats?.version === undefined
              ? { ConditionExpression: 'attribute_not_exists(version)' }
              : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': seats.version } },
          ),
        },
      ];
      const deletes = [...members.map(membershipItem.key), ...others];
      const room = MAX_TRANSACTION_ITEMS - head.length;
      try {
        await transact([...head, ...deletes.slice(0, room).map((Key) => ({ label: 'item', item: { Delete: { TableName, Key } } }))]);
      } catch (error) {
        if (error instanceof TransactionRefused && error.label === 'members' && attempt < DELETE_TRIES) continue;
        throw error;
      }
      // Past DynamoDB's 100 items (a team with very many old invites), the rest goes after: without the team item
      // nothing can reach or use them any more (every join checks that the team exists).
      await batchDelete(deletes.slice(room));
      return;
    }
  },
};
