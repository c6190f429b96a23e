// A process that races others for one stream of one SQLite log, for the event store's test of appends from several
// processes: RACERS writers each read the stream and append one event at the revision they read, ROUNDS times. It prints
// one line of JSON: how many appends were acknowledged, and the errors by name (a lost race is WrongExpectedRevision).
import { randomUUID } from 'node:crypto';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';

const store = openSqliteEventStore(process.env.EVENTS_FILE!);
const stream = process.env.STREAM ?? 'race-1';
const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' };
const errors: Record<string, number> = {};
let acknowledged = 0;
await Promise.all(
  Array.from({ length: Number(process.env.RACERS ?? 10) }, async () => {
    for (let round = 0; round < Number(process.env.ROUNDS ?? 10); round++) {
      const last = (await store.readStream(stream)).at(-1);
      try {
        await store.append(
          stream,
          [{ id: randomUUID(), type: 'Raced', data: { pid: process.pid }, metadata: meta }],
          last ? last.revision : 'no_stream',
        );
        acknowledged += 1;
      } catch (error) {
        const name =
          error instanceof Error ? `${error.name}${'code' in error ? ` ${String(error.code)}` : ''}` : String(error);
        errors[name] = (errors[name] ?? 0) + 1;
      }
    }
  }),
);
await store.close();
process.stdout.write(`${JSON.stringify({ acknowledged, errors })}\n`);
