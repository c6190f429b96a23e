// `npm run events -- backup <file>` while the shop takes a burst of orders: the copy restores to a log that passes
// check and verify, holds every event acknowledged before the backup began, and is the live log up to one position.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderStream } from '../../contracts/shared/streams.ts';
import { newEventId } from '../../service/commands.ts';
import { eventsCli, exportAndCheck } from '../testing/eventsCli.ts';
import { orderPlacedData } from '../testing/exampleOrders.ts';
import { startTestShop } from '../testing/shop.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-backup-'));
test.after(() => rmSync(root, { recursive: true, force: true }));

test('a backup during a write burst restores to a log that passes check and verify, with every acknowledged event', async () => {
  const dataDir = join(root, 'live');
  const shop = await startTestShop({ DATA_DIR: dataDir });
  const file = join(root, 'events-backup.sqlite');
  const acknowledged: { id: string; position: number }[] = [];
  let writing = true;
  let n = 0;
  let twoHundred!: () => void;
  const twoHundredIn = new Promise<void>((resolve) => (twoHundred = resolve));
  const burst = (async () => {
    while (writing) {
      const data = orderPlacedData({ orderId: `pi_sandbox_Backup${String(n++).padStart(20, '0')}`, placedAt: new Date().toISOString() });
      const id = newEventId();
      const metadata = { causedBy: 'webhook:sandbox', causationId: data.paymentReference, correlationId: data.paymentReference, at: data.placedAt };
      const result = await shop.shop.deps.events.append(orderStream(data.orderId), [{ id, type: 'OrderPlaced', data, metadata }], 'no_stream');
      acknowledged.push({ id, position: result.position });
      if (acknowledged.length === 200) twoHundred();
      // Let the shop's other work (the projection runner) go on between appends.
      await new Promise((r) => setImmediate(r));
    }
  })();
  try {
    // Some orders are in before the backup starts; more arrive while it runs.
    await Promise.race([twoHundredIn, burst]);
    assert.ok(acknowledged.length >= 200, 'two hundred orders in before the backup');
    const before = acknowledged.length;
    const backup = await eventsCli(['backup', file], { DATA_DIR: dataDir });
    const during = acknowledged.length - before;
    writing = false;
    await burst;
    assert.is(backup.code, 0, backup.stdout + backup.stderr);
    assert.match(backup.stdout, /Backed up \d+ events/);
    assert.ok(during > 0, 'the burst went on while the backup ran');
    assert.is((await eventsCli(['backup', file], { DATA_DIR: dataDir })).code, 1, 'a backup never overwrites a file');

    // Restore: the copy becomes another shop's events.sqlite.
    const restored = join(root, 'restored');
    mkdirSync(restored);
    copyFileSync(file, join(restored, 'events.sqlite'));
    assert.not.ok(existsSync(`${file}-wal`), 'the copy stands alone');
    const copy = openSqliteEventStore(join(restored, 'events.sqlite'));
    const copied = new Map<number, string>();
    for await (const event of copy.readAll(0)) copied.set(event.position, event.id);
    await copy.close();
    const head = Math.max(...copied.keys());
    for (const event of acknowledged.slice(0, before)) assert.is(copied.get(event.position), event.id, `acknowledged event at ${event.position} missing`);
    // Consistent: exactly the live log up to its head, nothing half-written, no gap.
    let live = 0;
    for await (const event of shop.shop.deps.events.readAll(0)) {
      if (event.position > head) break;
      live++;
      assert.is(copied.get(event.position), event.id, `position ${event.position}`);
    }
    assert.is(copied.size, live);

    const events = (args: string[]) => eventsCli(args, { DATA_DIR: restored });
    const { intact } = await exportAndCheck(events, join(root, 'restored.ndjson'));
    assert.match(intact.stdout, `Chain intact: ${copied.size} lines`);
    const verified = await events(['verify']);
    assert.is(verified.code, 0, verified.stdout + verified.stderr);
    assert.match(verified.stdout, 'MATCH');
    console.log(`backup: ${before} events acknowledged before it, ${during} during it; the copy holds ${copied.size}`);
  } finally {
    writing = false;
    await burst;
    await shop.close();
  }
});

test.run();
