import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem, sortKeyPrefix } from '../db/item';
import { teamPartition } from '../db/keys';
import { type Key, partitionQuery, query } from '../db/table';
import { type MemberRole, teamItem } from './team-store';
import { type TransactItem, transact } from './transactions';

export type InviteStatus = 'PENDING' | 'ACCEPTED' | 'REJECTED';

export interface InviteRecord {
  id: string;
  teamId: string;
  inviteeEmail: string;
  inviteeName: string;
  inviterUserId: string;
  role: MemberRole;
  status: InviteStatus;
  /** The one-time team code sent with the invite (invites made before codes existed have none). */
  code?: string;
  createdAt: string;
  updatedAt: string;
}

/** A one-time team code: joins its invite's team once, for the invited mailbox only (docs/teams.md, "The team-code model"). */
export interface TeamCodeRecord {
  id: string;
  code: string;
  teamId: string;
  inviteId: string;
  email: string;
  used: boolean;
  accepted: boolean;
  userId: string | null;
  createdAt: string;
}

/** Which condition refused an invite write. */
export type InviteRefusal = 'team' | 'invite' | 'pending' | 'code';

export interface InviteStore {
  /**
   * Stores a new PENDING invite to an existing team, with its pending-e-mail guard and its team code when given, in one
   * transaction. TransactionRefused('team') when the team is missing, ('pending') when the e-mail has a pending invite
   * to the team, ('code') when the code exists, ('invite') when the id exists.
   */
  create(invite: InviteRecord, code?: TeamCodeRecord): Promise<void>;
  get(teamId: string, inviteId: string): Promise<InviteRecord | null>;
  /** Invites of a team, oldest first. */
  ofTeam(teamId: string): Promise<InviteRecord[]>;
  /** Pending invites addressed to an e-mail, whatever its case, oldest first (index gsi1). */
  pendingFor(email: string): Promise<InviteRecord[]>;
  codeOf(code: string): Promise<TeamCodeRecord | null>;
  /** Codes of a team, oldest first (index gsi1). */
  codesOf(teamId: string): Promise<TeamCodeRecord[]>;
  /** Items that answer a pending invite (exactly once: TransactionRefused('invite') when it is no longer pending). */
  answerItems(
    invite: InviteRecord,
    answer: 'ACCEPTED' | 'REJECTED',
    by: { userId: string | null },
    at: string,
  ): { label: InviteRefusal; item: TransactItem }[];
  /** Answers a pending invite REJECTED. */
  reject(invite: InviteRecord, at: string): Promise<void>;
  /** Deletes an invite, its guard and its code. */
  delete(invite: InviteRecord): Promise<void>;
  /** Keys of everything invite-related a team holds (invites, guards, codes), for deleting the team. */
  keysOfTeam(teamId: string): Promise<Key[]>;
}

const TableName = () => config.tableName;

/** An invite: under its team, and by invitee, status and age (gsi1); the e-mail is kept lower-cased. */
export const inviteItem = defineItem<InviteRecord>()({
  type: 'Invite',
  key: ({ teamId, id }: { teamId: string; id: string }) => ({ pk: teamPartition(teamId), sk: `INVITE#${id}` }),
  indexes: {
    /** An invitee's invites by status, oldest first: sign-in checks for a pending coach invite. */
    gsi1: ({ inviteeEmail, status, createdAt }: { inviteeEmail: string; status: string; createdAt: string }) => ({
      gsi1pk: `INVITEE#${inviteeEmail.toLowerCase()}`,
      gsi1sk: `INVITE#${status}#${createdAt}`,
    }),
  },
  encode: (invite) => ({ ...invite, inviteeEmail: invite.inviteeEmail.toLowerCase() }),
});

/** A one-time team code, found by the code itself (join by code) and by team and age (gsi1). */
export const teamCodeItem = defineItem<TeamCodeRecord>()({
  type: 'TeamCode',
  key: ({ code }: { code: string }) => ({ pk: `CODE#${code}`, sk: 'TEAM_CODE' }),
  indexes: {
    gsi1: ({ teamId, createdAt, code }: { teamId: string; createdAt: string; code: string }) => ({
      gsi1pk: `TEAM_CODES#${teamId}`,
      gsi1sk: `CODE#${createdAt}#${code}`,
    }),
  },
});

/** Guard: one pending invite per team and e-mail, written and removed with the invite's status; holds the invite's id. */
export const pendingInviteGuardItem = defineItem<InviteRecord>()({
  type: 'PendingInviteGuard',
  key: ({ teamId, inviteeEmail }: { teamId: string; inviteeEmail: string }) => ({
    pk: teamPartition(teamId),
    sk: `INVITEE#${inviteeEmail.toLowerCase()}`,
  }),
  encode: (invite) => ({ inviteId: invite.id }),
});

const guardDelete = (invite: InviteRecord): TransactItem =>
  pendingInviteGuardItem.delete(invite, { ConditionExpression: 'inviteId = :invite', ExpressionAttributeValues: { ':invite': invite.id } });

export const dynamoInviteStore: InviteStore = {
  async create(invite, code) {
    const absent = { ConditionExpression: 'attribute_not_exists(pk)' };
    await transact<InviteRefusal>([
      { label: 'team', item: teamItem.check({ id: invite.teamId }, { ConditionExpression: 'attribute_exists(pk)' }) },
      { label: 'invite', item: inviteItem.put({ ...invite, code: code?.code }, absent) },
      ...(invite.status === 'PENDING' ? [{ label: 'pending' as const, item: pendingInviteGuardItem.put(invite, absent) }] : []),
      ...(code ? [{ label: 'code' as const, item: teamCodeItem.put(code, absent) }] : []),
    ]);
  },
  async get(teamId, inviteId) {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: inviteItem.key({ teamId, id: inviteId }), ConsistentRead: true }));
    return Item ? inviteItem.decode(Item) : null;
  },
  async ofTeam(teamId) {
    const ofTeam = inviteItem.key({ teamId, id: '' });
    const { items } = await query({ ...partitionQuery('table', ofTeam.pk, ofTeam.sk), ConsistentRead: true });
    return items.map(inviteItem.decode).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  },
  async pendingFor(email) {
    const pending = inviteItem.indexes.gsi1({ inviteeEmail: email, status: 'PENDING', createdAt: '' });
    const { items } = await query(partitionQuery('gsi1', pending.gsi1pk, pending.gsi1sk));
    return items.map(inviteItem.decode);
  },
  async codeOf(code) {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: teamCodeItem.key({ code }), ConsistentRead: true }));
    return Item ? teamCodeItem.decode(Item) : null;
  },
  async codesOf(teamId) {
    const ofTeam = teamCodeItem.indexes.gsi1({ teamId, createdAt: '', code: '' });
    const { items } = await query(partitionQuery('gsi1', ofTeam.gsi1pk, sortKeyPrefix(ofTeam.gsi1sk)));
    return items.map(teamCodeItem.decode);
  },
  answerItems(invite, answer, { userId }, at) {
    const items: { label: InviteRefusal; item: TransactItem }[] = [
      {
        label: 'invite',
        item: inviteItem.update(invite, {
          UpdateExpression: 'SET #status = :answer, gsi1sk = :byStatus, updatedAt = :at',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':answer': answer,
            ':pending': 'PENDING',
            ':byStatus': inviteItem.indexes.gsi1({ ...invite, status: answer }).gsi1sk,
            ':at': at,
          },
        }),
      },
      { label: 'pending', item: guardDelete(invite) },
    ];
    if (invite.code) {
      items.push({
        label: 'code',
        item: teamCodeItem.update(
          { code: invite.code },
          {
            UpdateExpression: 'SET used = :true, accepted = :accepted, userId = :user',
            ConditionExpression: 'used = :false',
            ExpressionAttributeValues: { ':true': true, ':false': false, ':accepted': answer === 'ACCEPTED', ':user': userId },
          },
        ),
      });
    }
    return items;
  },
  async reject(invite, at) {
    await transact(this.answerItems(invite, 'REJECTED', { userId: null }, at));
  },
  async delete(invite) {
    await transact<InviteRefusal>([
      { label: 'invite', item: inviteItem.delete(invite, { ConditionExpression: 'attribute_exists(pk)' }) },
      ...(invite.status === 'PENDING' ? [{ label: 'pending' as const, item: guardDelete(invite) }] : []),
      ...(invite.code ? [{ label: 'code' as const, item: teamCodeItem.delete({ code: invite.code }) }] : []),
    ]);
  },
  async keysOfTeam(teamId) {
    const [invites, codes] = await Promise.all([this.ofTeam(teamId), this.codesOf(teamId)]);
    return [
      ...invites.map(inviteItem.key),
      ...invites.filter((invite) => invite.status === 'PENDING').map(pendingInviteGuardItem.key),
      ...codes.map(teamCodeItem.key),
    ];
  },
};
