import { sortKeyPrefix } from './db/item';
import { userPartition } from './db/keys';
import { type Item, partitionQuery, query } from './db/table';
import { inviteItem } from './stores/invite-store';

/**
 * Where a user's own items are, for the account's data export and its deletion: every item of his partition
 * `USER#<id>` (whatever its kind, so kinds added later are exported and deleted too), and the invites sent to his e-mail.
 */
export async function userPartitionItems(userId: string): Promise<Item[]> {
  return (await query({ ...partitionQuery('table', userPartition(userId)), ConsistentRead: true })).items;
}

/** Every invite sent to the e-mail, whatever its status (index gsi1). */
export async function invitesToEmail(email: string): Promise<Item[]> {
  const { gsi1pk, gsi1sk } = inviteItem.indexes.gsi1({ inviteeEmail: email, status: '', createdAt: '' });
  return (await query(partitionQuery('gsi1', gsi1pk, sortKeyPrefix(gsi1sk)))).items;
}
