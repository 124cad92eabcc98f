import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { defineItem } from '../db/item';
import { userPartition } from '../db/keys';
import { isConditionFailure, type Item } from '../db/table';

/** No Cognito access or id token lives longer than a day, so a sign-out need not be remembered longer. */
const LONGEST_TOKEN_LIFE_SECONDS = 24 * 60 * 60;

/** When each account last signed out (docs/accounts.md, Sessions). */
export interface SignOutStore {
  /** Epoch second of the account's last sign-out; null when there is none to honour. */
  signedOutAt(userId: string): Promise<number | null>;
  /** Records a sign-out at `at`; an earlier time never replaces a later one. */
  signOut(userId: string, at: Date): Promise<void>;
}

/** When the account last signed out: its tokens issued before then are refused (expires after the longest token life). */
const signOutItem = defineItem<{ userId: string }>()({
  type: 'SignOut',
  key: ({ userId }: { userId: string }) => ({ pk: userPartition(userId), sk: 'SIGN_OUT' }),
});

/** The key of an account's sign-out item, for a read that fetches it with other items (lambdas/lib/first-reads.ts). */
export const signOutKey = (userId: string) => signOutItem.key({ userId });

/** The sign-out time a read of the item gives (the item or its absence). */
export const signedOutAtOf = (item: Item | undefined): number | null => (typeof item?.signedOutAt === 'number' ? item.signedOutAt : null);

export const dynamoSignOutStore: SignOutStore = {
  async signedOutAt(userId) {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: signOutKey(userId), ConsistentRead: true }));
    return signedOutAtOf(Item);
  },
  async signOut(userId, at) {
    const seconds = Math.floor(at.getTime() / 1000);
    try {
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: signOutItem.key({ userId }),
          UpdateExpression: 'SET #type = :type, signedOutAt = :at, expiresAt = :expiresAt',
          ConditionExpression: 'attribute_not_exists(signedOutAt) OR signedOutAt < :at',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': signOutItem.type, ':at': seconds, ':expiresAt': seconds + LONGEST_TOKEN_LIFE_SECONDS },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // a later sign-out is kept
    }
  },
};
