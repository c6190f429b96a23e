// Folds events into pending writes that later reads can see, then commits them with the checkpoints in one go.
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type {
  Checkpoint,
  RangeOptions,
  ReadStore,
  ReadStoreReader,
  ScoreBounds,
  Write,
} from '../../contracts/ports/readStore.ts';
import type { Projection } from './projection.ts';

const key = (collection: string, id: string) => `${collection}\u0000${id}`;

export class ProjectionBatch {
  private writes: Write[] = [];
  private docs = new Map<string, unknown>();
  private touchedIndexes = new Set<string>();
  private lastPosition = 0;
  count = 0;

  constructor(
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    /** per projection, the position it has already applied */
    private readonly applied: Map<string, number>,
    /**
     * For a store that was empty when folding began (a rebuild): every document key written since. A key outside it
     * cannot be in the store, so reading it costs no round-trip — most events of a rebuild create their document.
     */
    private readonly writtenSinceEmpty?: Set<string>,
    /**
     * The documents the batch before this one wrote, as it committed them: a later event of the same story (an
     * order's status change just after a batch boundary) then reads its document from here, not from the store.
     * Only for a store nothing else writes to meanwhile (a rebuild's fresh namespace).
     */
    private previous?: ProjectionBatch,
  ) {
    // Only one batch back: the chain of batches (and every document they held) is not kept alive.
    if (previous) previous.previous = undefined;
  }

  /** Whether this batch wrote the document, and what (null for a delete). */
  private pending(k: string): { doc: unknown } | undefined {
    return this.docs.has(k) ? { doc: this.docs.get(k) ?? null } : undefined;
  }

  /** Reads through the pending writes. Index reads see only committed entries plus none pending (a projection that
   *  reads an index it writes in the same batch must commit first; none does). */
  readonly view: ReadStoreReader = {
    get: async <T>(collection: string, id: string) => {
      const k = key(collection, id);
      const known = this.pending(k) ?? this.previous?.pending(k);
      if (known) return structuredClone(known.doc) as T | null;
      if (this.writtenSinceEmpty && !this.writtenSinceEmpty.has(k)) return null;
      return this.store.get<T>(collection, id);
    },
    getMany: async <T>(collection: string, ids: readonly string[]) =>
      Promise.all(ids.map((id) => this.view.get<T>(collection, id))),
    range: (index: string, options?: RangeOptions) => {
      if (this.touchedIndexes.has(index))
        throw new Error(`Index ${index} was written in this batch; it cannot be read before commit`);
      return this.store.range(index, options);
    },
    count: (index: string, bounds?: ScoreBounds) => {
      if (this.touchedIndexes.has(index))
        throw new Error(`Index ${index} was written in this batch; it cannot be read before commit`);
      return this.store.count(index, bounds);
    },
  };

  async add(event: RecordedEvent): Promise<void> {
    for (const projection of this.projections) {
      if ((this.applied.get(projection.name) ?? 0) >= event.position) continue;
      if (!projection.handles.includes(event.type)) continue;
      for (const write of await projection.apply(event, this.view)) {
        this.writes.push(write);
        if (write.op === 'put' || write.op === 'delete') {
          const k = key(write.collection, write.id);
          this.docs.set(k, write.op === 'put' ? structuredClone(write.doc) : null);
          this.writtenSinceEmpty?.add(k);
        } else this.touchedIndexes.add(write.index);
      }
    }
    this.lastPosition = event.position;
    this.count += 1;
  }

  /**
   * Commits the writes and moves every projection's checkpoint to the last event added, together with any `extra`
   * checkpoints. Returns that position. With `guard` (checkpoints such as the runner's store mark), the commit also
   * expects every projection's checkpoint where this batch began: when another process folded into the store since,
   * nothing is written and the answer is null.
   */
  async commit(extra: readonly Checkpoint[] = [], guard?: readonly Checkpoint[]): Promise<number | null> {
    if (this.count === 0) return this.lastPosition;
    const checkpoints = this.projections.map((p) => ({
      projection: p.name,
      position: Math.max(this.applied.get(p.name) ?? 0, this.lastPosition),
    }));
    const expected = guard && [
      ...this.projections.map((p) => ({ projection: p.name, position: this.applied.get(p.name) ?? 0 })),
      ...guard,
    ];
    if (!(await this.store.commit(lastWritePerDocument(this.writes), [...checkpoints, ...extra], expected)))
      return null;
    for (const c of checkpoints) this.applied.set(c.projection, c.position);
    return this.lastPosition;
  }
}

/**
 * The writes with only the last put or delete of each document: a document written for many events of a batch (a
 * day's sales, a product's shelf) is stored once, as it stands at the batch's end. Index writes are kept as they are,
 * in their order; documents and indexes are separate, so dropping an earlier write of the same document changes
 * nothing the commit leaves behind.
 */
export function lastWritePerDocument(writes: readonly Write[]): Write[] {
  const seen = new Set<string>();
  const kept: Write[] = [];
  for (let i = writes.length - 1; i >= 0; i--) {
    const write = writes[i]!;
    if (write.op === 'put' || write.op === 'delete') {
      const k = key(write.collection, write.id);
      if (seen.has(k)) continue;
      seen.add(k);
    }
    kept.push(write);
  }
  return kept.reverse();
}
