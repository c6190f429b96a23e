// One contract every event store adapter must keep; each adapter's test file runs it.
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, rejects } from './assert.ts';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import { WrongExpectedRevision, type StoredEventStore } from '../../contracts/ports/eventStore.ts';

const event = (type: string, data: unknown = {}, id = randomUUID()): NewEvent => ({
  id,
  type,
  data,
  metadata: { causedBy: 'test', causationId: 'c', correlationId: 'c', at: new Date(0).toISOString() },
});

export function eventStoreContract(name: string, open: () => Promise<StoredEventStore>) {
  const test = suite<{ store: StoredEventStore; prefix: string }>(`event store contract: ${name}`);
  // A unique category per run keeps runs apart on a server that outlives them.
  test.before.each(async (ctx) => {
    ctx.store = await open();
    ctx.prefix = `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  });
  test.after.each(async (ctx) => {
    await ctx.store.close();
  });

  test('appends to a new stream and reads it back in order', async ({ store, prefix }) => {
    const stream = `${prefix}-1`;
    const result = await store.append(stream, [event('A', { n: 1 }), event('B', { n: 2 })], 'no_stream');
    assert.is(result.revision, 1);
    const read = await store.readStream(stream);
    assert.equal(
      read.map((e) => [e.type, e.data, e.revision]),
      [
        ['A', { n: 1 }, 0],
        ['B', { n: 2 }, 1],
      ],
    );
    assert.ok(read[0]!.position < read[1]!.position);
    assert.is(read[1]!.position, result.position);
    assert.equal(read[0]!.metadata.causedBy, 'test');
  });

  test('reading a stream that does not exist gives nothing', async ({ store, prefix }) => {
    assert.equal(await store.readStream(`${prefix}-none`), []);
  });

  test('expected revision: no_stream, a number and any', async ({ store, prefix }) => {
    const stream = `${prefix}-2`;
    await store.append(stream, [event('A')], 'no_stream');
    await rejects(
      () => store.append(stream, [event('B')], 'no_stream'),
      (e: unknown) => e instanceof WrongExpectedRevision,
    );
    await rejects(
      () => store.append(stream, [event('B')], 5),
      (e: unknown) => e instanceof WrongExpectedRevision,
    );
    const ok = await store.append(stream, [event('B')], 0);
    assert.is(ok.revision, 1);
    const any = await store.append(stream, [event('C')], 'any');
    assert.is(any.revision, 2);
    await rejects(
      () => store.append(`${prefix}-3`, [event('A')], 0),
      (e: unknown) => e instanceof WrongExpectedRevision,
    );
  });

  test('concurrent appends at the same revision: exactly one wins', async ({ store, prefix }) => {
    const stream = `${prefix}-4`;
    await store.append(stream, [event('Opened')], 'no_stream');
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => store.append(stream, [event('Changed', { i })], 0)),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled');
    assert.is(won.length, 1);
    for (const lost of attempts.filter((a) => a.status === 'rejected'))
      assert.instance(lost.reason, WrongExpectedRevision);
    assert.is((await store.readStream(stream)).length, 2);
  });

  test('appending the same event ids again is a no-op', async ({ store, prefix }) => {
    const stream = `${prefix}-5`;
    const batch = [event('A'), event('B')];
    const first = await store.append(stream, batch, 'no_stream');
    const retry = await store.append(stream, batch, 'no_stream');
    assert.is(retry.revision, first.revision);
    assert.is((await store.readStream(stream)).length, 2);
    const single = event('C');
    await store.append(stream, [single], 1);
    await store.append(stream, [single], 1);
    assert.is((await store.readStream(stream)).length, 3);
  });

  test('reads all in global order from a position', async ({ store, prefix }) => {
    const start = await store.headPosition();
    await store.append(`${prefix}-a`, [event('A1')], 'no_stream');
    await store.append(`${prefix}-b`, [event('B1')], 'no_stream');
    await store.append(`${prefix}-a`, [event('A2')], 0);
    const all: RecordedEvent[] = [];
    for await (const e of store.readAll(start)) if (e.stream.startsWith(prefix)) all.push(e);
    assert.equal(
      all.map((e) => e.type),
      ['A1', 'B1', 'A2'],
    );
    for (let i = 1; i < all.length; i++) assert.ok(all[i]!.position > all[i - 1]!.position);
    const after: string[] = [];
    for await (const e of store.readAll(all[0]!.position)) if (e.stream.startsWith(prefix)) after.push(e.type);
    assert.equal(after, ['B1', 'A2']);
    assert.ok((await store.headPosition()) >= all[2]!.position);
  });

  test('a subscription catches up, then delivers live events in order', async ({ store, prefix }) => {
    const start = await store.headPosition();
    await store.append(`${prefix}-s`, [event('Before')], 'no_stream');
    const seen: string[] = [];
    const sub = store.subscribe(start, (e) => {
      if (e.stream.startsWith(prefix)) seen.push(e.type);
    });
    // Caught up first (the event written before it subscribed), then live.
    await eventually(() => seen.length === 1, 5000, 'the subscription catching up');
    await store.append(`${prefix}-s`, [event('Live1')], 0);
    await store.append(`${prefix}-t`, [event('Live2')], 'no_stream');
    await eventually(() => seen.length === 3, 5000, 'the two live events');
    await sub.close();
    assert.equal(seen, ['Before', 'Live1', 'Live2']);
  });

  test('lists streams with their revisions', async ({ store, prefix }) => {
    await store.append(`${prefix}-x`, [event('A'), event('B')], 'no_stream');
    const mine = (await store.listStreams()).filter((s) => s.stream.startsWith(prefix));
    assert.equal(
      mine.map((s) => [s.stream, s.revision]),
      [[`${prefix}-x`, 1]],
    );
    assert.ok(await store.ping());
  });

  test('lists only the streams whose name starts with a prefix, when given one', async ({ store, prefix }) => {
    await store.append(`${prefix}-account-ann`, [event('A')], 'no_stream');
    await store.append(`${prefix}-order-1`, [event('A'), event('B')], 'no_stream');
    await store.append(`${prefix}-account-bob`, [event('A'), event('B'), event('C')], 'no_stream');
    // Just past the names that start with the prefix ('-' is followed by '.'), and just before them.
    await store.append(`${prefix}-account.`, [event('A')], 'no_stream');
    await store.append(`${prefix}-account`, [event('A')], 'no_stream');
    assert.equal(
      (await store.listStreams(`${prefix}-account-`)).map((s) => [s.stream, s.revision]),
      [
        [`${prefix}-account-ann`, 0],
        [`${prefix}-account-bob`, 2],
      ],
    );
    assert.equal(await store.listStreams(`${prefix}-nothing-`), []);
  });

  return test;
}
