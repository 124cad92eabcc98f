/**
 * Key shape of the single FitGauge table, shared by CDK (infra/) and the local stack, so that
 * both create the same table. The access patterns behind it are in docs/data-model.md.
 */
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type GlobalIndexName = (typeof tableDesign.globalIndexes)[number]['indexName'];
