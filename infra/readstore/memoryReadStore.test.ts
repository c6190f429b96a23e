import { readStoreContract } from '../testing/readStoreContract.ts';
import { createMemoryReadStore } from './memoryReadStore.ts';

readStoreContract('memory', async (namespace) => createMemoryReadStore(namespace)).run();
