// A projection that counts how often each event reaches it, and the restart scenario the runner tests share: the
// runner's exactly-once folding checked the same way whichever read store is under it.
import { randomUUID } from 'node:crypto';
import * as assert from 'uvu/assert';
import type { StoredEventStore } from '../../contracts/ports/eventStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import type { NewEvent } from '../../contracts/shared/events.ts';
import type { Projection } from '../../projections/engine/projection.ts';
import { ProjectionRunner } from '../../projections/engine/runner.ts';

const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' };

/** An `Added` event carrying `n`, the one event the counting projection folds. */
export const added = (n: number): NewEvent => ({ id: randomUUID(), type: 'Added', data: { n }, metadata: meta });

/** Sums the `Added` events and counts how often each reaches the projection, to prove exactly-once application. */
export function counting() {
  const applications = new Map<string, number>();
  const projection: Projection = {
    name: 'sum',
    handles: ['Added'],
    async apply(event, view) {
      applications.set(event.id, (applications.get(event.id) ?? 0) + 1);
      const current = (await view.get<{ total: number; count: number }>('sum', 'all')) ?? { total: 0, count: 0 };
      const n = (event.data as { n: number }).n;
      return [
        { op: 'put', collection: 'sum', id: 'all', doc: { total: current.total + n, count: current.count + 1 } },
        { op: 'put', collection: 'added', id: event.id, doc: { n, position: event.position } },
        { op: 'index', index: 'added:byN', id: event.id, score: n % 7 },
        { op: 'index', index: 'sum:byPosition', id: String(event.position), score: event.position },
      ];
    },
  };
  return { projection, applications };
}

/**
 * A runner folds 300 events into `first` and stops; `reopen` gives the store a restarted process would have; 200 more
 * events are appended and a second runner folds them there. Answers the second store, to be checked by the caller.
 */
export async function foldAcrossARestart<S extends ReadStore>(
  events: StoredEventStore,
  projection: ReturnType<typeof counting>['projection'],
  first: ReadStore,
  reopen: () => Promise<S>,
): Promise<S> {
  for (let i = 1; i <= 300; i++) await events.append(`n-${i}`, [added(1)], 'no_stream');
  const before = new ProjectionRunner(events, first, [projection], { batchSize: 64, healthCheckMs: 0 });
  await before.start();
  assert.ok(await before.waitFor(300));
  await before.stop();
  await Promise.all(Array.from({ length: 200 }, (_, i) => events.append(`m-${i}`, [added(1)], 'no_stream')));
  const second = await reopen();
  const after = new ProjectionRunner(events, second, [projection], { batchSize: 64, healthCheckMs: 0 });
  await after.start();
  assert.ok(await after.waitFor(500));
  await after.stop();
  return second;
}
