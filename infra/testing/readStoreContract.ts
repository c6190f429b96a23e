// One contract every read store adapter must keep; each adapter's test file runs it.
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { rejects } from './assert.ts';

export function readStoreContract(name: string, open: (namespace: string) => Promise<ReadStore>) {
  const test = suite<{ store: ReadStore }>(`read store contract: ${name}`);
  test.before.each(async (ctx) => {
    ctx.store = await open(`test-${randomUUID()}`);
  });
  test.after.each(async (ctx) => {
    await ctx.store.drop();
    await ctx.store.close();
  });

  test('puts, gets and deletes documents', async ({ store }) => {
    await store.commit([{ op: 'put', collection: 'books', id: '1', doc: { title: 'A', n: [1, 2] } }], []);
    assert.equal(await store.get('books', '1'), { title: 'A', n: [1, 2] });
    assert.is(await store.get('books', '2'), null);
    assert.equal(await store.getMany('books', ['2', '1']), [null, { title: 'A', n: [1, 2] }]);
    await store.commit([{ op: 'delete', collection: 'books', id: '1' }], []);
    assert.is(await store.get('books', '1'), null);
  });

  test('sorted indexes: range by score, reverse, offset, limit, count', async ({ store }) => {
    await store.commit(
      [
        { op: 'index', index: 'i', id: 'c', score: 3 },
        { op: 'index', index: 'i', id: 'a', score: 1 },
        { op: 'index', index: 'i', id: 'b', score: 2 },
        { op: 'index', index: 'i', id: 'b2', score: 2 },
      ],
      [],
    );
    assert.equal(await store.range('i'), ['a', 'b', 'b2', 'c']);
    assert.equal(await store.range('i', { reverse: true }), ['c', 'b2', 'b', 'a']);
    assert.equal(await store.range('i', { offset: 1, limit: 2 }), ['b', 'b2']);
    assert.is(await store.count('i'), 4);
    await store.commit(
      [
        { op: 'unindex', index: 'i', id: 'a' },
        { op: 'index', index: 'i', id: 'c', score: 0 },
      ],
      [],
    );
    assert.equal(await store.range('i'), ['c', 'b', 'b2']);
    assert.equal(await store.range('missing'), []);
    assert.is(await store.count('missing'), 0);
  });

  test('sorted indexes: range and count within score bounds', async ({ store }) => {
    await store.commit(
      [1, 2, 2, 3, 4].map((score, i) => ({ op: 'index' as const, index: 'd', id: `k${i}`, score })),
      [],
    );
    assert.equal(await store.range('d', { min: 2, max: 3 }), ['k1', 'k2', 'k3']);
    assert.equal(await store.range('d', { min: 2, max: 3, reverse: true }), ['k3', 'k2', 'k1']);
    assert.equal(await store.range('d', { max: 2, reverse: true, offset: 1, limit: 2 }), ['k1', 'k0']);
    assert.equal(await store.range('d', { min: 3 }), ['k3', 'k4']);
    assert.is(await store.count('d', { min: 2, max: 3 }), 3);
    assert.is(await store.count('d', { min: 5 }), 0);
    assert.is(await store.count('d', {}), 5);
    assert.equal(await store.range('missing', { min: 0 }), []);
  });

  test('checkpoints are committed with their batch', async ({ store }) => {
    assert.is(await store.checkpoint('books'), null);
    await store.commit(
      [{ op: 'put', collection: 'c', id: '1', doc: 1 }],
      [
        { projection: 'books', position: 7 },
        { projection: 'reviews', position: 7 },
      ],
    );
    assert.is(await store.checkpoint('books'), 7);
    assert.is(await store.checkpoint('reviews'), 7);
  });

  test('a guarded batch commits only where its checkpoints still stand; otherwise it writes nothing', async ({
    store,
  }) => {
    const batch = (n: number) => [
      { op: 'put' as const, collection: 'c', id: 'doc', doc: { n } },
      { op: 'index' as const, index: 'i', id: `e${n}`, score: n + 0.1 },
    ];
    // Nothing stored yet: an expected 0 matches.
    assert.is(
      await store.commit(batch(1), [{ projection: 'p', position: 5 }], [{ projection: 'p', position: 0 }]),
      true,
    );
    // Another commit got there first: one expecting the old position writes nothing, and the checkpoint stays put.
    assert.is(
      await store.commit(batch(2), [{ projection: 'p', position: 3 }], [{ projection: 'p', position: 0 }]),
      false,
    );
    assert.is(await store.checkpoint('p'), 5);
    assert.equal(await store.get('c', 'doc'), { n: 1 });
    assert.equal(await store.range('i'), ['e1']);
    // Several expectations: every one must hold (a mark that is gone refuses the batch).
    assert.is(
      await store.commit(
        batch(3),
        [{ projection: 'p', position: 8 }],
        [
          { projection: 'p', position: 5 },
          { projection: '$mark', position: 42 },
        ],
      ),
      false,
    );
    assert.is(
      await store.commit([], [{ projection: '$mark', position: 42 }], [{ projection: '$mark', position: 0 }]),
      true,
    );
    assert.is(
      await store.commit(
        batch(3),
        [{ projection: 'p', position: 8 }],
        [
          { projection: 'p', position: 5 },
          { projection: '$mark', position: 42 },
        ],
      ),
      true,
    );
    assert.is(await store.checkpoint('p'), 8);
    assert.equal(await store.get('c', 'doc'), { n: 3 });
    assert.equal(await store.range('i'), ['e1', 'e3']);
    // A large guarded batch (more entries than one command of the Redis script carries) is written whole.
    const many = Array.from({ length: 2500 }, (_, i) => ({
      op: 'put' as const,
      collection: 'many',
      id: String(i),
      doc: i,
    }));
    assert.is(await store.commit(many, [{ projection: 'p', position: 9 }], [{ projection: 'p', position: 8 }]), true);
    assert.equal(await store.get('many', '2499'), 2499);
    assert.is(await store.count('i', { min: 3.1, max: 3.1 }), 1);
  });

  test('a batch that cannot be written leaves nothing behind', async ({ store }) => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await rejects(() =>
      store.commit(
        [
          { op: 'put', collection: 'c', id: 'ok', doc: 1 },
          { op: 'put', collection: 'c', id: 'bad', doc: cyclic },
        ],
        [{ projection: 'p', position: 9 }],
      ),
    );
    assert.is(await store.get('c', 'ok'), null);
    assert.is(await store.checkpoint('p'), null);
  });

  test('namespaces are separate; dump is stable; drop empties one namespace only', async ({ store }) => {
    const other = store.withNamespace(`${store.namespace}-other`);
    await store.commit(
      [
        { op: 'put', collection: 'c', id: '2', doc: { b: 1 } },
        { op: 'put', collection: 'c', id: '1', doc: { a: 1 } },
        { op: 'index', index: 'i', id: '1', score: 5 },
      ],
      [{ projection: 'p', position: 1 }],
    );
    await other.commit([{ op: 'put', collection: 'c', id: '1', doc: { other: true } }], []);
    assert.equal(await store.get('c', '1'), { a: 1 });
    const lines: string[] = [];
    for await (const line of store.dump()) lines.push(line);
    assert.equal(lines, ['doc c 1 {"a":1}', 'doc c 2 {"b":1}', 'idx i 1 5']);
    await other.drop();
    assert.is(await other.get('c', '1'), null);
    assert.equal(await store.get('c', '1'), { a: 1 });
    await other.close();
  });

  test('the live generation is one record per backend, outside every namespace, switched only from the one expected', async ({
    store,
  }) => {
    const next = store.withNamespace(`${store.namespace}-next`);
    const first = { namespace: store.namespace, versions: 'books@1' };
    const second = { namespace: next.namespace, versions: 'books@2' };
    const before = await store.live();
    assert.ok(await store.setLive(first, before?.namespace ?? null));
    assert.equal(await next.live(), first, 'every namespace of the backend sees the same record');
    assert.not.ok(
      await next.setLive(second, 'another-namespace'),
      'a switch from a generation that is not live is refused',
    );
    assert.not.ok(await next.setLive(second, null), 'a record exists, so "none expected" is refused');
    assert.ok(await next.setLive(second, store.namespace));
    assert.equal(await store.live(), second);
    await store.commit([{ op: 'put', collection: 'c', id: '1', doc: 1 }], [{ projection: 'p', position: 1 }]);
    await store.drop();
    assert.equal(await store.live(), second, 'dropping a namespace leaves the record');
    await next.close();
  });

  return test;
}
