import { describeVideoStoreContract } from './test-support/video-contract';
import { dynamoVideoStore } from './video-store';

// The video store on DynamoDB Local (jest project `dynamodb`); video-store.memory.test.ts runs its twin through the same suite.
describeVideoStoreContract('DynamoDB', () => dynamoVideoStore);
