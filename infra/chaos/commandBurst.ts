// A process that runs commands the way the service does — handleCommand against the SQLite log in DATA_DIR — as
// fast as it can from many concurrent clients, and prints "ack <command id>" only after each command has returned.
// The crash test kills it with SIGKILL mid-burst.
import { join } from 'node:path';
import { bookStream } from '../../contracts/streams.ts';
import { bookDecider } from '../../service/catalog/catalog.ts';
import { handleCommand } from '../../service/commands.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';

const [dataDir, round, clients] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4] ?? 32)];
const store = openSqliteEventStore(join(dataDir, 'events.sqlite'));
let next = 0;
const client = async () => {
  for (;;) {
    const n = next++;
    const commandId = `crash-${round}-${n}`;
    // A stream per command, as reviews and orders have: book ids far above the catalog's.
    const bookId = 1_000_000 + round * 100_000 + n;
    const fields = { id: bookId, title: `Crash test ${commandId}`, description: 'Written during a kill -9 test.', price: 999, coverImage: '/art/logo.svg' };
    await handleCommand(store, bookStream(bookId), bookDecider, { type: 'SyncBook', fields }, { causedBy: 'system:crash-test', requestId: commandId, now: new Date().toISOString() });
    process.stdout.write(`ack ${commandId}\n`);
  }
};
process.stdout.write('ready\n');
await Promise.all(Array.from({ length: clients }, client));
