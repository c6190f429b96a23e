// Rebuilds read models from the log into a fresh namespace, and verifies that they equal the live ones.
import { createHash } from 'node:crypto';
import type { DomainEvent } from '../../contracts/shared/events.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { ProjectionBatch } from './batch.ts';
import type { Projection } from './projection.ts';

export type RebuildResult = { events: number; position: number; ms: number };

/**
 * How long a rebuild or a hash works before it lets the process answer anything else. The stores answer
 * synchronously (SQLite), so without pauses a verification or a rebuild of a large log held every shopper's request
 * until it ended. Counting events was not enough: a hundred events cost anything from a millisecond to tens of them,
 * by what they fold and what the machine is doing; a slice of time bounds what a shopper waits (docs/decisions/062).
 */
export const sliceMs = 2;

/** Lets the event loop run what is waiting (I/O, timers) before the work goes on. */
export const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Call often: pauses once `sliceMs` of work has gone by since the last pause, else answers at once. */
export function slicer(ms = sliceMs): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < ms) return undefined;
    return pause().then(() => {
      since = performance.now();
    });
  };
}

/** Folds the whole log (up to `upTo`, inclusive) into `target`, which must be empty. */
export async function rebuild(
  events: EventStore<DomainEvent>,
  target: ReadStore,
  projections: readonly Projection[],
  {
    upTo = Infinity,
    batchSize = 2000,
    onProgress,
  }: {
    upTo?: number;
    batchSize?: number;
    /** told the events folded so far, after each batch */ onProgress?: (events: number) => void;
  } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  const held = await Promise.all(projections.map((p) => target.checkpoint(p.name)));
  if (held.some((position) => position !== null))
    throw new Error(`Cannot rebuild into ${target.namespace}: it already holds read models`);
  const applied = new Map(projections.map((p) => [p.name, 0]));
  const written = new Set<string>();
  let batch = new ProjectionBatch(target, projections, applied, written);
  let count = 0;
  let position = 0;
  const yieldNow = slicer();
  for await (const event of events.readAll(0, { batchSize })) {
    if (event.position > upTo) break;
    await batch.add(event);
    count += 1;
    position = event.position;
    await yieldNow();
    if (batch.count >= batchSize) {
      await batch.commit();
      onProgress?.(count);
      // The last committed batch answers reads of what it wrote (see ProjectionBatch).
      batch = new ProjectionBatch(target, projections, applied, written, batch);
    }
  }
  await batch.commit();
  return { events: count, position, ms: performance.now() - started };
}

/** SHA-256 over every document and index entry of a read store, in a stable order. */
export async function contentHash(store: ReadStore): Promise<string> {
  const hash = createHash('sha256');
  const yieldNow = slicer();
  for await (const line of store.dump()) {
    if (line.startsWith('doc ') || line.startsWith('idx ')) hash.update(line + '\n');
    const paused = yieldNow();
    if (paused) await paused;
  }
  return hash.digest('hex');
}

export type VerifyResult = {
  match: boolean;
  position: number;
  liveHash: string;
  rebuiltHash: string;
  events: number;
  ms: number;
};

/**
 * Rebuilds into a scratch store up to the live read models' checkpoint and compares content hashes.
 * The live read models must not move while this runs (the runner is stopped, or the log is quiet).
 *
 * `scratch` is where the log is folded: by default a namespace of the live backend; the shop gives an empty store in
 * its own memory, so checking costs the live backend (its SQLite file, its Redis) no writes and no drop.
 */
export async function verify(
  events: EventStore<DomainEvent>,
  live: ReadStore,
  projections: readonly Projection[],
  {
    scratch = live.withNamespace(`verify-${process.pid}-${Date.now()}`),
    onProgress,
  }: { scratch?: ReadStore; onProgress?: (events: number) => void } = {},
): Promise<VerifyResult> {
  const positions = await Promise.all(projections.map((p) => live.checkpoint(p.name)));
  const position = Math.min(...positions.map((p) => p ?? 0));
  try {
    // Small batches: each commit is one synchronous transaction, so shoppers wait at most one of them.
    const result = await rebuild(events, scratch, projections, {
      upTo: position,
      batchSize: 250,
      ...(onProgress ? { onProgress } : {}),
    });
    const [liveHash, rebuiltHash] = await Promise.all([contentHash(live), contentHash(scratch)]);
    return { match: liveHash === rebuiltHash, position, liveHash, rebuiltHash, events: result.events, ms: result.ms };
  } finally {
    await scratch.drop();
  }
}
