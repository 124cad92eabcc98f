import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { keys } from '../db/keys';
import type { MemberRole } from './team-store';

export type InviteStatus = 'PENDING' | 'ACCEPTED' | 'REJECTED';

export interface InviteRecord {
  id: string;
  teamId: string;
  inviteeEmail: string;
  inviteeName: string;
  inviterUserId: string;
  role: MemberRole;
  status: InviteStatus;
  createdAt: string;
  updatedAt: string;
}

export interface InviteStore {
  /** Stores a new invite to an existing team; fails when the team is missing or the invite id exists. */
  create(invite: InviteRecord): Promise<void>;
}

export const dynamoInviteStore: InviteStore = {
  async create(invite) {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: config.tableName,
              Key: keys.team(invite.teamId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Put: {
              TableName: config.tableName,
              Item: {
                ...keys.invite(invite.teamId, invite.id),
                ...keys.inviteByInvitee(invite.inviteeEmail, invite.status, invite.createdAt),
                type: 'Invite',
                ...invite,
                inviteeEmail: invite.inviteeEmail.toLowerCase(),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  },
};
