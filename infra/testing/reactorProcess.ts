// A process that runs a reactor with the lease on DATA_DIR's embedded log, for the test that starts two of them: each
// `Ordered` event it reacts to is one line "<pid> <position>" in REACTED_FILE, and each time it asks for the lease and
// is refused, one line "<pid>" in REFUSED_FILE (when set), so the test waits for the one standing by to have asked.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reactor } from '../../projections/engine/reactor.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { openSqliteLease } from '../lease/sqliteLease.ts';
import { openSqliteReadStore } from '../readstore/sqliteReadStore.ts';

const dataDir = process.env.DATA_DIR!;
const reactedFile = process.env.REACTED_FILE!;
const events = openSqliteEventStore(join(dataDir, 'events.sqlite'));
const checkpoints = openSqliteReadStore(join(dataDir, 'readmodels.sqlite'), 'reactor');
const refusedFile = process.env.REFUSED_FILE;
const held = openSqliteLease(dataDir, 'reactor:emails', {
  ttlMs: Number(process.env.LEASE_TTL_MS ?? 15_000),
  renewMs: 100,
});
const lease = {
  ...held,
  async acquire() {
    const granted = await held.acquire();
    if (!granted && refusedFile) appendFileSync(refusedFile, `${process.pid}\n`);
    return granted;
  },
};
const reactor = new Reactor(
  events,
  checkpoints,
  { Ordered: async (event) => appendFileSync(reactedFile, `${process.pid} ${event.position}\n`) },
  { lease, retryDelayMs: 50 },
);
// Nothing else keeps this process alive while it stands by (the lease's timer does not hold a process open).
const alive = setInterval(() => undefined, 60_000);
await reactor.start();
process.stdout.write(`started ${reactor.active ? 'active' : 'standby'}\n`);
async function stop() {
  clearInterval(alive);
  await reactor.stop();
  lease.close();
  await checkpoints.close();
  await events.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
