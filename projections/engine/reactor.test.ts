import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import { openSqliteEventStore } from '../../infra/eventstore/sqlite/sqliteEventStore.ts';
import { createMemoryReadStore } from '../../infra/readstore/memoryReadStore.ts';
import type { StoredEventStore } from '../../contracts/ports/eventStore.ts';
import { Reactor } from './reactor.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-reactor-'));
const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' };
const event = (type: string, n: number): NewEvent => ({ id: randomUUID(), type, data: { n }, metadata: meta });

test('reactor: reacts to the event types of its table only, saves its checkpoint, and resumes after it', async () => {
  const events = openSqliteEventStore(join(dir, 'a.sqlite'));
  for (let i = 1; i <= 10; i++) await events.append(`s-${i}`, [event(i % 2 ? 'Ordered' : 'Other', i)], 'no_stream');
  const checkpoints = createMemoryReadStore('reactor');
  const seen: number[] = [];
  const reactions = { Ordered: async (e: RecordedEvent) => void seen.push((e.data as { n: number }).n) };
  const first = new Reactor(events, checkpoints, reactions);
  await first.start();
  assert.ok(await first.waitFor(10));
  await first.stop();
  assert.equal(seen, [1, 3, 5, 7, 9]);
  assert.is(await checkpoints.checkpoint('emails'), 10);

  await events.append('s-11', [event('Ordered', 11)], 'no_stream');
  const second = new Reactor(events, checkpoints, reactions);
  await second.start();
  assert.ok(await second.waitFor(11));
  await second.stop();
  assert.equal(seen, [1, 3, 5, 7, 9, 11], 'a restart reacts only to what came after the checkpoint');
  await events.close();
});

test('reactor: a subscription that fails is resumed after the last event reacted to', async () => {
  const real = openSqliteEventStore(join(dir, 'b.sqlite'));
  for (let i = 1; i <= 4; i++) await real.append(`s-${i}`, [event('Ordered', i)], 'no_stream');
  let failNext = true;
  const flaky: StoredEventStore = Object.create(real);
  flaky.subscribe = (from, handler, onError) => {
    if (!failNext) return real.subscribe(from, handler, onError);
    failNext = false;
    // Delivers the first two events, then fails as a dropped connection would.
    return real.subscribe(
      from,
      async (e) => {
        if (e.position > 2) throw new Error('connection lost');
        await handler(e);
      },
      onError,
    );
  };
  const seen: number[] = [];
  const reactor = new Reactor(
    flaky,
    createMemoryReadStore('reactor-b'),
    { Ordered: async (e) => void seen.push(e.position) },
    { retryDelayMs: 10 },
  );
  await reactor.start();
  assert.ok(await reactor.waitFor(4, 5000));
  await reactor.stop();
  assert.equal(seen, [1, 2, 3, 4]);
  await real.close();
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
