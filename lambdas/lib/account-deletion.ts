import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { avatarKeyPrefix } from '@core/avatars';
import { isSubscriptionRunning } from '@core/billing/plans';
import { config } from './config';
import { db } from './db/client';
import { defineItem, sortKeyPrefix } from './db/item';
import { teamPartition, userPartition } from './db/keys';
import { batchDelete, type Item, type Key, partitionQuery, query } from './db/table';
import { logger } from './observability';
import { discordClaimItem, emailClaimItem } from './stores/account-store';
import { dynamoInviteStore, pendingInviteGuardItem, teamCodeItem } from './stores/invite-store';
import { commentItem, commentOnDayKey, readinessAlertItem } from './stores/journal-store';
import { type StoredMemberDay, withdrawFromTeamDay } from './stores/score-store';
import { dynamoSubscriptionStore } from './stores/subscription-store';
import { dynamoTeamStore, type TeamRecord, teamItem } from './stores/team-store';
import { TransactionRefused } from './stores/transactions';
import { dynamoUserStore, userItem } from './stores/user-store';
import { s3UploadsBucket } from './uploads';
import { invitesToEmail, userPartitionItems } from './user-data';

/**
 * Deleting an account and everything stored about it (docs/accounts.md, "Deleting an account"): the account page's
 * deleteAccount and the admins' deleteUser both call deleteUserData.
 *
 * Resumable: every step is idempotent (deleting what is gone is a no-op, a membership already ended is skipped, a team
 * aggregate is only corrected while it still lists the user's day), and the profile, which holds the e-mail and
 * Discord id the later steps need, goes last. A deletion that stopped half-way (a timeout, a throttled table) is
 * finished by calling deleteUserData(userId) again with the same id, which is what deleteAccount and deleteUser do
 * when the caller retries. A deletion that stopped after the Cognito step cannot be retried by its user (he can no
 * longer sign in): a marker item, written first and removed last, lets the hourly repair job find and finish it
 * (finishStoppedDeletions; docs/data-model.md "Windows between transactions").
 */

/** Lambda's longest run: a marker older than this belongs to a deletion that stopped, not one still running. */
export const STOPPED_DELETION_AGE_MS = 15 * 60_000;

/** The marker of a deletion under way, from its first step to its last: all on one partition, which the job reads. */
const deletionItem = defineItem<{ userId: string; startedAt: string }>()({
  type: 'DeletionInProgress',
  key: ({ userId }: { userId: string }) => ({ pk: 'DELETIONS', sk: userPartition(userId) }),
});

let cognitoClient: CognitoIdentityProviderClient | undefined;
const cognito = () => (cognitoClient ??= new CognitoIdentityProviderClient({}));

const keyOf = (item: Item): Key => ({ pk: item.pk as string, sk: item.sk as string });

/** Teams the user owns whose subscription still runs: his account may not be deleted while there is one. */
export async function teamsBlockingDeletion(userId: string, now: Date): Promise<TeamRecord[]> {
  const owned = await dynamoTeamStore.ownedBy(userId);
  const subscriptions = await Promise.all(owned.map((team) => dynamoSubscriptionStore.teamSubscription(team.id)));
  return owned.filter((_, index) => isSubscriptionRunning(subscriptions[index], now));
}

async function deleteCognitoUser(userId: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: userId }));
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
}

/**
 * Takes the user's days out of the aggregates of the teams he is in, then ends those memberships through the team
 * store's leave path (the seat is freed and the team's member-list version moves, as when he leaves).
 * Teams he left before keep his past days, as leaving always does (docs/data-model.md, Team day aggregate).
 */
async function leaveTeams(userId: string, days: StoredMemberDay[], at: string): Promise<string[]> {
  const memberships = await dynamoTeamStore.membershipsOfUser(userId);
  for (const membership of memberships) {
    for (const day of days) {
      // Once: a day it never counted, or an earlier run took out already, leaves the team's totals as they are.
      await withdrawFromTeamDay(membership.teamId, day, at);
    }
    try {
      await dynamoTeamStore.removeMember(membership);
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
    }
  }
  return memberships.map((membership) => membership.teamId);
}

/** The sort-key prefixes of every comment and every readiness alert of a team. */
const COMMENTS = sortKeyPrefix(commentItem.key({ teamId: '', date: '', userId: '', createdAt: '', id: '' }).sk);
const ALERTS = sortKeyPrefix(readinessAlertItem.key({ teamId: '', date: '', userId: '' }).sk);

/**
 * In the teams he was in: the comments on his answers and his own (with their entries in their gamers' lists), and his
 * readiness alerts (Query + filter on his id).
 */
async function teamItemsAbout(userId: string, teamIds: string[]): Promise<Key[]> {
  const found = await Promise.all(
    teamIds.flatMap((teamId) => [
      query({ ...withUser(partitionQuery('table', teamPartition(teamId), COMMENTS), '#user = :user OR authorId = :user', userId) }),
      query({ ...withUser(partitionQuery('table', teamPartition(teamId), ALERTS), '#user = :user', userId) }),
    ]),
  );
  return found.flatMap(({ items }) =>
    items.flatMap((item) => (item.type === commentItem.type ? [keyOf(item), commentOnDayKey(commentItem.decode(item))] : [keyOf(item)])),
  );
}

function withUser(input: ReturnType<typeof partitionQuery>, filter: string, userId: string) {
  return {
    ...input,
    FilterExpression: filter,
    ExpressionAttributeNames: { '#user': 'userId' },
    ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':user': userId },
  };
}

/** The invites sent to his e-mail, whatever their status, with their pending guards and team codes. */
async function invitesTo(email: string): Promise<Key[]> {
  return (await invitesToEmail(email)).flatMap((invite) => [
    keyOf(invite),
    ...(invite.status === 'PENDING' ? [pendingInviteGuardItem.key({ teamId: invite.teamId as string, inviteeEmail: email })] : []),
    ...(invite.code ? [teamCodeItem.key({ code: invite.code as string })] : []),
  ]);
}

/**
 * The teams he owns go with him (deleteAccount refuses while one has a running subscription): every item of each team's
 * partition (seats, memberships, invites, comments, aggregates, subscription) and its codes, then the team items, so
 * that a retry still finds through the owner index a team whose contents were not all deleted.
 */
async function deleteOwnedTeams(userId: string): Promise<number> {
  const owned = await dynamoTeamStore.ownedBy(userId);
  const contents = await Promise.all(
    owned.map(async (team) => {
      const { pk, sk } = teamItem.key(team);
      const [{ items }, codes] = await Promise.all([query(partitionQuery('table', pk)), dynamoInviteStore.codesOf(team.id)]);
      return [...items.filter((item) => item.sk !== sk).map(keyOf), ...codes.map(teamCodeItem.key)];
    }),
  );
  await batchDelete(contents.flat());
  await batchDelete(owned.map(teamItem.key));
  return contents.flat().length + owned.length;
}

/**
 * Removes the Cognito user and every item about the user; see the module comment for the order and how to resume.
 * Answers what it removed, for logs and the caller's tests.
 */
export async function deleteUserData(userId: string, now: Date = new Date()): Promise<{ items: number; avatars: number }> {
  await beginDeletion(userId, now);
  return finishDeletion(userId, now);
}

/**
 * The first steps: the marker, then the Cognito user, so that nobody signs in (and checks in) while the data goes.
 * Exported for the test that stops a deletion here, as a crash would.
 */
export async function beginDeletion(userId: string, now: Date): Promise<void> {
  await db().send(new PutCommand(deletionItem.put({ userId, startedAt: now.toISOString() }).Put));
  await deleteCognitoUser(userId);
}

async function finishDeletion(userId: string, now: Date): Promise<{ items: number; avatars: number }> {
  const profile = await dynamoUserStore.get(userId);

  const own = await userPartitionItems(userId);
  const days = own.filter((item) => item.type === 'MemberDay') as unknown as StoredMemberDay[];
  const teamIds = await leaveTeams(userId, days, now.toISOString());

  const others = [
    ...(await teamItemsAbout(userId, teamIds)),
    // Only a proven e-mail's invites are the user's: an account on someone else's address (sign-up checks no mailbox)
    // must not be able to wipe the invites sent to that address by deleting itself (issue 24).
    ...(profile?.emailVerified ? await invitesTo(profile.email) : []),
  ];
  await batchDelete(others);
  const ownedItems = await deleteOwnedTeams(userId);

  const avatars = await s3UploadsBucket.deleteUnder(avatarKeyPrefix(userId));

  const claims = profile ? [emailClaimItem.key(profile), ...(profile.discordId ? [discordClaimItem.key({ discordId: profile.discordId })] : [])] : [];
  const partition = own.filter((item) => item.sk !== userItem.key({ id: userId }).sk).map(keyOf);
  await batchDelete([...partition, ...claims]);
  // Items written since the partition was read (a check-in in flight), then the profile itself, last.
  await batchDelete((await userPartitionItems(userId)).map(keyOf));
  await db().send(new DeleteCommand({ TableName: config.tableName, Key: deletionItem.key({ userId }) }));
  const removed = others.length + ownedItems + partition.length + claims.length + (profile ? 1 : 0);
  logger.info('account data deleted', { userId, items: removed, avatars });
  return { items: removed, avatars };
}

/**
 * The repair job's work (lambdas/account/deletion-repair.ts, hourly): finishes every deletion whose marker is older than
 * a Lambda's longest run, one after the other. One Query of the markers' partition, which holds only deletions under
 * way. Answers the ids it finished.
 */
export async function finishStoppedDeletions(now: Date = new Date()): Promise<string[]> {
  const { items } = await query(partitionQuery('table', deletionItem.key({ userId: '' }).pk));
  const cutoff = now.getTime() - STOPPED_DELETION_AGE_MS;
  const stopped = items.filter((item) => Date.parse(item.startedAt as string) < cutoff).map((item) => item.userId as string);
  for (const userId of stopped) {
    await finishDeletion(userId, now);
    logger.info('stopped account deletion finished', { userId });
  }
  return stopped;
}
