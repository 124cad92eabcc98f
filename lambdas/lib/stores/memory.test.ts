import { describeStoreContract } from './test-support/contract';
import { memoryStores } from './memory';

// The in-memory twin keeps the DynamoDB stores' contract (stores.dynamodb.test.ts runs the same suite on DynamoDB Local).
describeStoreContract('in-memory', memoryStores);
