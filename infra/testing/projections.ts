// Test helpers for read models: fold events into a fresh memory store, once or each event twice.
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { createMemoryReadStore } from '../readstore/memoryReadStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { ProjectionBatch } from '../../projections/engine/batch.ts';
import type { Projection } from '../../projections/engine/projection.ts';
import { contentHash } from '../../projections/engine/rebuild.ts';

let nextPosition = 1;
const revisions = new Map<string, number>();

/** Gives plain events the stream, revision and position the log would give them. */
export function recorded<E extends { type: string; data: unknown }>(
  stream: string,
  event: E,
  at = '2026-01-01T00:00:00.000Z',
): RecordedEvent<E> {
  const revision = (revisions.get(stream) ?? -1) + 1;
  revisions.set(stream, revision);
  return {
    ...event,
    id: crypto.randomUUID(),
    stream,
    revision,
    position: nextPosition++,
    metadata: { causedBy: 'test', causationId: 'test', correlationId: 'test', at },
  };
}

export async function foldInto(
  store: ReadStore,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  times = 1,
): Promise<ReadStore> {
  for (const event of events) {
    for (let i = 0; i < times; i++) {
      // A fresh batch with no checkpoint applies the event again, as an at-least-once delivery would.
      const batch = new ProjectionBatch(store, projections, new Map());
      await batch.add(event);
      await batch.commit();
    }
  }
  return store;
}

/** Folds the events once into one store and each event twice into another; true when both hold the same. */
export async function isIdempotent(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Promise<boolean> {
  const once = await foldInto(createMemoryReadStore(`once-${nextPosition}`), projections, events, 1);
  const twice = await foldInto(createMemoryReadStore(`twice-${nextPosition}`), projections, events, 2);
  return (await contentHash(once)) === (await contentHash(twice));
}

export async function fold(projections: readonly Projection[], events: readonly RecordedEvent[]): Promise<ReadStore> {
  return foldInto(createMemoryReadStore(`fold-${nextPosition}-${Math.random()}`), projections, events, 1);
}
