import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BY_TEAM_REASONS, SUBSCRIPTION_REASONS, subscriptionOf } from '@core/billing/subscription-reasons';
import type { Role } from '@core/roles';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { userPartition } from '../db/keys';
import { batchGet, isConditionFailure, type Page, type PageRequest, partitionQuery, query } from '../db/table';

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
  /** False once the user turned off readiness-alert e-mails; absent means on (docs/journal.md). */
  readinessAlertEmails?: boolean;
  /** False once the gamer turned off nudges from his teams' staff (docs/reminders.md, "Nudge"); on when absent. */
  nudges?: boolean;
  /** The user's choice of metric units (updateUser); absent means not chosen. */
  preferMetricUnits?: boolean | null;
  /**
   * True once the account proved it reads its e-mail's mailbox: signed up or joined with a team code mailed to that
   * address, made through Discord (which verifies e-mails), or seeded. Invites matched by e-mail need it (docs/teams.md).
   */
  emailVerified?: boolean;
  /** Why the account has the app free or Pro (core/billing/subscription-reasons.ts); absent means free. */
  appSubscriptionReason?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The user's notification choices (updateNotificationSettings). */
type NotificationSettings = Partial<Record<'readinessAlertEmails' | 'nudges', boolean | null>>;

export interface UserStore {
  get(userId: string): Promise<UserRecord | null>;
  /** Profiles by id (BatchGetItem), in no particular order; missing ones are left out. */
  getMany(userIds: readonly string[]): Promise<UserRecord[]>;
  /** The user of an e-mail, whatever its case (index gsi1). */
  findByEmail(email: string): Promise<UserRecord | null>;
  /** Users, newest first, a page at a time (index gsi2). */
  newest(page: PageRequest): Promise<Page<UserRecord>>;
  /** Creates the user; fails with ConditionalCheckFailedException when the id exists. */
  create(user: UserRecord): Promise<void>;
  /** Fails with ConditionalCheckFailedException when the user does not exist. */
  setSelectedTeam(userId: string, teamId: string | null, at: string): Promise<void>;
  /**
   * Sets the notification choices given (a missing one keeps its value); the profile as it now is. Fails with
   * ConditionalCheckFailedException when the user does not exist.
   */
  setNotificationSettings(userId: string, settings: NotificationSettings, at: string): Promise<UserRecord>;
  /** Fails with ConditionalCheckFailedException when the user does not exist. */
  setAvatar(userId: string, avatar: string, at: string): Promise<void>;
  /** Records that the account proved it owns its e-mail; fails with ConditionalCheckFailedException when the user does not exist. */
  markEmailVerified(userId: string, at: string): Promise<void>;
  /** A reason given by a team becomes the free app, only while it still is one (a reason set meanwhile stays). */
  endTeamSubscriptionReason(userId: string, at: string): Promise<void>;
}

/** The profile: under the user's partition, by e-mail (gsi1, lower-cased as stored) and in the listing by creation (gsi2). */
export const userItem = defineItem<UserRecord>()({
  type: 'User',
  key: ({ id }: { id: string }) => ({ pk: userPartition(id), sk: 'PROFILE' }),
  indexes: {
    gsi1: ({ email }: { email: string }) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'USER' }),
    /** Every user on one gsi2 partition, ordered by creation (admin listing). */
    gsi2: ({ createdAt, id }: { createdAt: string; id: string }) => ({ gsi2pk: 'USERS', gsi2sk: `${createdAt}#${id}` }),
  },
  encode: (user) => ({ ...user, email: user.email.toLowerCase() }),
});

/** Sets one field of an existing profile; ConditionalCheckFailedException when there is none. */
async function setProfileField(
  userId: string,
  field: 'selectedTeamId' | 'avatar' | 'emailVerified',
  value: string | boolean | null,
  at: string,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: userItem.key({ id: userId }),
      UpdateExpression: 'SET #field = :value, updatedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':value': value, ':at': at },
    }),
  );
}

/** A profile as the GraphQL User type shows it: the optional flags answered as false, not left out. */
export const userView = (user: UserRecord) => ({
  ...user,
  usedDiscord: user.usedDiscord ?? false,
  discordId: user.discordId ?? null,
  emailVerified: user.emailVerified ?? false,
  ...subscriptionOf(user.appSubscriptionReason),
});

export const dynamoUserStore: UserStore = {
  async get(userId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: userItem.key({ id: userId }) }));
    return Item ? userItem.decode(Item) : null;
  },
  async getMany(userIds) {
    return (await batchGet([...new Set(userIds)].map((id) => userItem.key({ id })))).map(userItem.decode);
  },
  async findByEmail(email) {
    const index = userItem.indexes.gsi1({ email });
    const { items } = await query(
      {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
      },
      { limit: 1 },
    );
    return items[0] ? userItem.decode(items[0]) : null;
  },
  async newest(page) {
    const { items, cursor } = await query(
      { ...partitionQuery('gsi2', userItem.indexes.gsi2({ createdAt: '', id: '' }).gsi2pk), ScanIndexForward: false },
      page,
    );
    return { items: items.map(userItem.decode), cursor };
  },
  async create(user) {
    await db().send(new PutCommand(userItem.put(user, { ConditionExpression: 'attribute_not_exists(pk)' }).Put));
  },
  async setNotificationSettings(userId, { readinessAlertEmails, nudges }, at) {
    const given = Object.entries({ readinessAlertEmails, nudges }).filter(([, value]) => value !== undefined && value !== null);
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: userItem.key({ id: userId }),
        UpdateExpression: `SET ${given.map(([name]) => `${name} = :${name}, `).join('')}updatedAt = :at`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ...Object.fromEntries(given.map(([name, value]) => [`:${name}`, value])), ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return userItem.decode(Attributes!);
  },
  setSelectedTeam: (userId, teamId, at) => setProfileField(userId, 'selectedTeamId', teamId, at),
  setAvatar: (userId, avatar, at) => setProfileField(userId, 'avatar', avatar, at),
  markEmailVerified: (userId, at) => setProfileField(userId, 'emailVerified', true, at),
  async endTeamSubscriptionReason(userId, at) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: userItem.key({ id: userId }),
          UpdateExpression: 'SET appSubscriptionReason = :free, updatedAt = :at',
          ConditionExpression: 'appSubscriptionReason IN (:byTeam0, :byTeam1)',
          ExpressionAttributeValues: {
            ':free': SUBSCRIPTION_REASONS.free,
            ':at': at,
            ':byTeam0': BY_TEAM_REASONS[0],
            ':byTeam1': BY_TEAM_REASONS[1],
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  },
};
