import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../../testing/assert.ts';
import { eventStoreContract } from '../contract.ts';
import { openSqliteEventStore } from './sqliteEventStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-sqlite-'));
const file = join(dir, 'events.sqlite');

eventStoreContract('sqlite', async () => openSqliteEventStore(file)).run();

const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' };

test('sqlite: concurrent appends to different streams share a commit and all succeed', async () => {
  const store = openSqliteEventStore(join(dir, 'group.sqlite'));
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) => store.append(`g-${i}`, [{ id: randomUUID(), type: 'A', data: { i }, metadata: meta }], 'no_stream')),
  );
  assert.is(new Set(results.map((r) => r.position)).size, 50);
  assert.is(await store.headPosition(), 50);
  await store.close();
});

test('sqlite: an event id used by another stream is refused, and nothing else in that append lands', async () => {
  const store = openSqliteEventStore(join(dir, 'dup.sqlite'));
  const id = randomUUID();
  await store.append('a-1', [{ id, type: 'A', data: {}, metadata: meta }], 'no_stream');
  await rejects(() => store.append('b-1', [{ id: randomUUID(), type: 'B', data: {}, metadata: meta }, { id, type: 'A', data: {}, metadata: meta }], 'no_stream'));
  assert.equal(await store.readStream('b-1'), []);
  await store.close();
});

test('sqlite: what was acknowledged is there after reopening the file', async () => {
  const path = join(dir, 'reopen.sqlite');
  const first = openSqliteEventStore(path);
  await first.append('r-1', [{ id: randomUUID(), type: 'A', data: { kept: true }, metadata: meta }], 'no_stream');
  await first.close();
  const second = openSqliteEventStore(path);
  assert.equal((await second.readStream('r-1'))[0]!.data, { kept: true });
  await second.close();
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
