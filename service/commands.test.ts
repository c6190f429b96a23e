import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bookStream } from '../contracts/shared/streams.ts';
import { openSqliteEventStore } from '../infra/eventstore/sqlite/sqliteEventStore.ts';
import { withEventVersions } from '../infra/eventstore/versionedEventStore.ts';
import { eventCatalog } from '../contracts/eventCatalog.ts';
import { bookDecider } from './catalog/catalog.ts';
import { eventIdSource, handleCommand, idFromReference, newEventId } from './commands.ts';

const uuidv7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisOf = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);

test('newEventId: a UUIDv7 carrying the time it was minted', () => {
  const before = Date.now();
  const id = newEventId();
  const after = Date.now();
  assert.match(id, uuidv7);
  assert.ok(millisOf(id) >= before && millisOf(id) <= after, `${millisOf(id)} not in [${before}, ${after}]`);
});

test('newEventId: ids minted one after another sort after each other, and differ', () => {
  const ids = Array.from({ length: 20_000 }, () => newEventId());
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1]! < ids[i]!, `${ids[i - 1]} then ${ids[i]}`);
  assert.is(new Set(ids).size, ids.length);
});

test('eventIdSource: stays in order within one millisecond, past 4,096 ids, and when the clock turns back', () => {
  let now = 1_700_000_000_000;
  const next = eventIdSource(() => now);
  const ids = Array.from({ length: 5000 }, () => next());
  now -= 10_000;
  ids.push(next(), next());
  now += 20_000;
  ids.push(next());
  for (const id of ids) assert.match(id, uuidv7);
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1]! < ids[i]!, `${i}: ${ids[i - 1]} then ${ids[i]}`);
  assert.is(millisOf(ids[0]!), 1_700_000_000_000);
  assert.is(millisOf(ids[4095]!), 1_700_000_000_000);
  assert.is(millisOf(ids[4096]!), 1_700_000_000_001);
  assert.is(millisOf(ids.at(-1)!), now);
});

test('idFromReference is unchanged: the same reference gives the same version-5-shaped id', () => {
  assert.is(idFromReference('BookListed', '1'), idFromReference('BookListed', '1'));
  assert.match(
    idFromReference('BookListed', '1'),
    /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
});

test('handleCommand: events without given ids get time-ordered ids', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-commands-'));
  const store = withEventVersions(openSqliteEventStore(join(dir, 'events.sqlite')), eventCatalog);
  try {
    const meta = { causedBy: 'test', requestId: 'r', now: '2026-01-01T00:00:00.000Z' };
    for (const n of [1, 2]) {
      const fields = { id: n, title: `Book ${n}`, description: 'D', price: 999, coverImage: '/c.svg' };
      await handleCommand(store, bookStream(n), bookDecider, { type: 'SyncBook', fields }, meta);
    }
    const [first] = await store.readStream(bookStream(1));
    const [second] = await store.readStream(bookStream(2));
    assert.match(first!.id, uuidv7);
    assert.ok(first!.id < second!.id);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
