import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import { type Item, type Key, partitionQuery, query, withoutKeys } from '../db/table';
import type { MemberRole } from './team-store';
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

/** The invite item: under its team, and by invitee, status and age (gsi1); the e-mail is kept lower-cased. */
const inviteItem = (invite: InviteRecord): Item => ({
  ...keys.invite(invite.teamId, invite.id),
  ...keys.inviteByInvitee(invite.inviteeEmail, invite.status, invite.createdAt),
  type: 'Invite',
  ...invite,
  inviteeEmail: invite.inviteeEmail.toLowerCase(),
});

/** The code item: under the code, and by team and age (gsi1). */
const codeItem = (code: TeamCodeRecord): Item => ({
  ...keys.teamCode(code.code),
  ...keys.teamCodeByTeam(code.teamId, code.createdAt, code.code),
  type: 'TeamCode',
  ...code,
});

const guardPut = (invite: InviteRecord): TransactItem => ({
  Put: {
    TableName: TableName(),
    Item: { ...keys.pendingInviteGuard(invite.teamId, invite.inviteeEmail), type: 'PendingInviteGuard', inviteId: invite.id },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const guardDelete = (invite: InviteRecord): TransactItem => ({
  Delete: {
    TableName: TableName(),
    Key: keys.pendingInviteGuard(invite.teamId, invite.inviteeEmail),
    ConditionExpression: 'inviteId = :invite',
    ExpressionAttributeValues: { ':invite': invite.id },
  },
});

export const dynamoInviteStore: InviteStore = {
  async create(invite, code) {
    const put = (item: Record<string, unknown>): TransactItem => ({
      Put: { TableName: TableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
    });
    await transact<InviteRefusal>([
      {
        label: 'team',
        item: { ConditionCheck: { TableName: TableName(), Key: keys.team(invite.teamId), ConditionExpression: 'attribute_exists(pk)' } },
      },
      { label: 'invite', item: put(inviteItem({ ...invite, code: code?.code })) },
      ...(invite.status === 'PENDING' ? [{ label: 'pending' as const, item: guardPut(invite) }] : []),
      ...(code ? [{ label: 'code' as const, item: put(codeItem(code)) }] : []),
    ]);
  },
  async get(teamId, inviteId) {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: keys.invite(teamId, inviteId), ConsistentRead: true }));
    return Item ? withoutKeys<InviteRecord>(Item) : null;
  },
  async ofTeam(teamId) {
    const ofTeam = keys.invite(teamId, '');
    const { items } = await query({ ...partitionQuery('table', ofTeam.pk, ofTeam.sk), ConsistentRead: true });
    return items.map((item) => withoutKeys<InviteRecord>(item)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  },
  async pendingFor(email) {
    const pending = keys.inviteByInvitee(email, 'PENDING', '');
    const { items } = await query(partitionQuery('gsi1', pending.gsi1pk, pending.gsi1sk));
    return items.map((item) => withoutKeys<InviteRecord>(item));
  },
  async codeOf(code) {
    const { Item } = await db().send(new GetCommand({ TableName: TableName(), Key: keys.teamCode(code), ConsistentRead: true }));
    return Item ? withoutKeys<TeamCodeRecord>(Item) : null;
  },
  async codesOf(teamId) {
    const ofTeam = keys.teamCodeByTeam(teamId, '', '');
    // The prefix is the sort key's constant part, `CODE#`.
    const { items } = await query(partitionQuery('gsi1', ofTeam.gsi1pk, ofTeam.gsi1sk.replace(/#+$/, '#')));
    return items.map((item) => withoutKeys<TeamCodeRecord>(item));
  },
  answerItems(invite, answer, { userId }, at) {
    const items: { label: InviteRefusal; item: TransactItem }[] = [
      {
        label: 'invite',
        item: {
          Update: {
            TableName: TableName(),
            Key: keys.invite(invite.teamId, invite.id),
            UpdateExpression: 'SET #status = :answer, gsi1sk = :byStatus, updatedAt = :at',
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':answer': answer,
              ':pending': 'PENDING',
              ':byStatus': keys.inviteByInvitee(invite.inviteeEmail, answer, invite.createdAt).gsi1sk,
              ':at': at,
            },
          },
        },
      },
      { label: 'pending', item: guardDelete(invite) },
    ];
    if (invite.code) {
      items.push({
        label: 'code',
        item: {
          Update: {
            TableName: TableName(),
            Key: keys.teamCode(invite.code),
            UpdateExpression: 'SET used = :true, accepted = :accepted, userId = :user',
            ConditionExpression: 'used = :false',
            ExpressionAttributeValues: { ':true': true, ':false': false, ':accepted': answer === 'ACCEPTED', ':user': userId },
          },
        },
      });
    }
    return items;
  },
  async reject(invite, at) {
    await transact(this.answerItems(invite, 'REJECTED', { userId: null }, at));
  },
  async delete(invite) {
    await transact<InviteRefusal>([
      {
        label: 'invite',
        item: { Delete: { TableName: TableName(), Key: keys.invite(invite.teamId, invite.id), ConditionExpression: 'attribute_exists(pk)' } },
      },
      ...(invite.status === 'PENDING' ? [{ label: 'pending' as const, item: guardDelete(invite) }] : []),
      ...(invite.code ? [{ label: 'code' as const, item: { Delete: { TableName: TableName(), Key: keys.teamCode(invite.code) } } }] : []),
    ]);
  },
  async keysOfTeam(teamId) {
    const [invites, codes] = await Promise.all([this.ofTeam(teamId), this.codesOf(teamId)]);
    return [
      ...invites.map((invite) => keys.invite(teamId, invite.id)),
      ...invites.filter((invite) => invite.status === 'PENDING').map((invite) => keys.pendingInviteGuard(teamId, invite.inviteeEmail)),
      ...codes.map((code) => keys.teamCode(code.code)),
    ];
  },
};
