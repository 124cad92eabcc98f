/**
 * The partitions several item kinds share, each kind declared with `defineItem` (./item.ts) in the store that owns it
 * (docs/data-model.md, "Items and keys"). Everything stored about a user is under his partition, so reading or deleting
 * it is one Query (`myDataExport`, lambdas/lib/account-deletion.ts); a team's records are under the team's.
 */
export const userPartition = (userId: string) => `USER#${userId}`;
export const teamPartition = (teamId: string) => `TEAM#${teamId}`;
