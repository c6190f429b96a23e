import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Write } from '../../contracts/ports/readStore.ts';
import { lastWritePerDocument } from './batch.ts';

test('a batch stores each document once, as its last write leaves it; index writes stay, in order', () => {
  const writes: Write[] = [
    { op: 'put', collection: 'sales', id: 'day:1', doc: { orders: 1 } },
    { op: 'index', index: 'sales:day', id: 'day:1', score: 1 },
    { op: 'put', collection: 'sales', id: 'day:1', doc: { orders: 2 } },
    { op: 'put', collection: 'rows', id: 'a', doc: 'a' },
    { op: 'delete', collection: 'rows', id: 'a' },
    { op: 'unindex', index: 'sales:day', id: 'day:1' },
    { op: 'put', collection: 'sales', id: 'day:1', doc: { orders: 3 } },
  ];
  assert.equal(lastWritePerDocument(writes), [
    { op: 'index', index: 'sales:day', id: 'day:1', score: 1 },
    { op: 'delete', collection: 'rows', id: 'a' },
    { op: 'unindex', index: 'sales:day', id: 'day:1' },
    { op: 'put', collection: 'sales', id: 'day:1', doc: { orders: 3 } },
  ]);
});

test.run();
