import { describeStoreContract } from './test-support/contract';
import { dynamoStores } from './stores';

// The DynamoDB stores on DynamoDB Local (jest project `dynamodb`); memory.test.ts holds their in-memory twin to the same suite.
describeStoreContract('DynamoDB', () => dynamoStores);
