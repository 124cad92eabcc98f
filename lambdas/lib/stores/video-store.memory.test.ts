import { describeVideoStoreContract } from './test-support/video-contract';
import { memoryVideoStore } from './video-store.memory';

describeVideoStoreContract('in-memory', memoryVideoStore);
