import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@core/roles';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';

export interface UserRecord {
  id: string;
  email: string;
  fullName: string | null;
  username: string | null;
  avatar: string | null;
  role: Role | null;
  enabled: boolean;
  selectedTeamId: string | null;
  /**
   * IANA zone whose clock defines the gamer's score days (4 am boundary), from `timeZoneFrom` on, and the zone
   * before it; UTC when absent. Set by the check-in (core/user-zone.ts).
   */
  timeZone?: string | null;
  timeZoneFrom?: string | null;
  previousTimeZone?: string | null;
  /** Set when the account was made through Discord sign-in (it then has no password of the user's). */
  discordId?: string | null;
  usedDiscord?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UserStore {
  get(userId: string): Promise<UserRecord | null>;
  /** Profiles by id (BatchGetItem), in no particular order; missing ones are left out. */
  getMany(userIds: readonly string[]): Promise<UserRecord[]>;
  findByEmail(email: string): Promise<UserRecord | null>;
  /** Creates the user; fails with ConditionalCheckFailedException when the id exists. */
  create(user: UserRecord): Promise<void>;
  setSelectedTeam(userId: string, teamId: string | null, at: string): Promise<void>;
}

const strip = ({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, type: _t, ...rest }: Record<string, unknown>) =>
  rest as unknown as UserRecord;

/** The profile item as stored: the record plus its keys (also written by the sign-up transaction). */
export const userItem = (user: UserRecord) => ({
  ...keys.user(user.id),
  ...keys.userByEmail(user.email),
  type: 'User',
  ...user,
  email: user.email.toLowerCase(),
});

export const dynamoUserStore: UserStore = {
  async get(userId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.user(userId) }));
    return Item ? strip(Item) : null;
  },
  async getMany(userIds) {
    const found: UserRecord[] = [];
    const unique = [...new Set(userIds)];
    // BatchGetItem takes at most 100 keys; keys it leaves unprocessed (throttling) are asked for again.
    for (let start = 0; start < unique.length; start += 100) {
      let requested: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map((id) => keys.user(id));
      while (requested?.length) {
        const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: requested } } }));
        found.push(...(Responses?.[config.tableName] ?? []).map(strip));
        requested = UnprocessedKeys?.[config.tableName]?.Keys;
      }
    }
    return found;
  },
  async findByEmail(email) {
    const index = keys.userByEmail(email);
    const { Items } = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
        Limit: 1,
      }),
    );
    return Items?.[0] ? strip(Items[0]) : null;
  },
  async create(user) {
    await db().send(
      new PutCommand({
        TableName: config.tableName,
        Item: userItem(user),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  async setSelectedTeam(userId, teamId, at) {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET selectedTeamId = :team, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':team': teamId, ':at': at },
      }),
    );
  },
};
