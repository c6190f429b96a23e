// A projection folds the event types it has handlers for, each handler typed by its event in the catalogue.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { allProjections } from '../index.ts';
import { defineProjection, each } from './projection.ts';

const view: ReadStoreReader = {
  get: async () => null,
  getMany: async (_collection, ids) => ids.map(() => null),
  range: async () => [],
  count: async () => 0,
};

const recorded = (type: string, data: unknown, position = 1): RecordedEvent => ({
  id: `e-${position}`,
  type,
  data,
  metadata: { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' },
  stream: 'review-1',
  revision: 0,
  position,
});

const projection = defineProjection({
  name: 'moderation',
  handlers: {
    ReviewApproved: (event) => [{ op: 'put', collection: 'm', id: event.data.reviewId, doc: { by: event.data.by } }],
    ...each(['ReviewSubmitted', 'ReviewRejected'], (event) => [
      { op: 'index', index: `m:${event.type}`, id: event.data.reviewId, score: event.position },
    ]),
  },
});

test('the event types a projection folds are its handlers’ names', () => {
  assert.equal([...projection.handles].sort(), ['ReviewApproved', 'ReviewRejected', 'ReviewSubmitted']);
  assert.is(projection.version, undefined);
});

test('each event goes to the handler of its type; another type writes nothing', async () => {
  assert.equal(await projection.apply(recorded('ReviewApproved', { reviewId: 'r1', by: 'ann', at: 'x' }), view), [
    { op: 'put', collection: 'm', id: 'r1', doc: { by: 'ann' } },
  ]);
  assert.equal(await projection.apply(recorded('ReviewRejected', { reviewId: 'r2' }, 7), view), [
    { op: 'index', index: 'm:ReviewRejected', id: 'r2', score: 7 },
  ]);
  assert.equal(await projection.apply(recorded('BookListed', { id: 1 }), view), []);
  // A name every object has is no handler.
  assert.equal(await projection.apply(recorded('toString', {}), view), []);
});

test('handlers are held to the catalogue: an unknown type or a field its event lacks does not compile', () => {
  defineProjection({
    name: 'typed',
    handlers: {
      // @ts-expect-error no event type is called ReviewDeleted
      ReviewDeleted: () => [],
      // @ts-expect-error ReviewSubmitted carries no adminMessage
      ReviewSubmitted: (event) => [{ op: 'delete', collection: 'r', id: event.data.adminMessage }],
    },
  });
});

test('the one registry names each read model once, and each folds something', () => {
  const names = allProjections.map((p) => p.name);
  assert.equal(names, [...new Set(names)]);
  for (const p of allProjections) assert.ok(p.handles.length > 0, p.name);
});

test.run();
