import { readStoreContract } from './contract.ts';
import { createMemoryReadStore } from './memoryReadStore.ts';

readStoreContract('memory', async (namespace) => createMemoryReadStore(namespace)).run();
