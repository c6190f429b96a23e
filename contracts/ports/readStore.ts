// The read store port: documents and sorted indexes, written in batches committed with their checkpoints.

export type Write =
  | { op: 'put'; collection: string; id: string; doc: unknown }
  | { op: 'delete'; collection: string; id: string }
  | { op: 'index'; index: string; id: string; score: number }
  | { op: 'unindex'; index: string; id: string };

export type Checkpoint = { projection: string; position: number };

/** Scores between `min` and `max` (both inclusive) when given; then `offset` and `limit` in the chosen order. */
export type ScoreBounds = { min?: number; max?: number };
export type RangeOptions = ScoreBounds & { offset?: number; limit?: number; reverse?: boolean };

export interface ReadStoreReader {
  get<T>(collection: string, id: string): Promise<T | null>;
  getMany<T>(collection: string, ids: readonly string[]): Promise<(T | null)[]>;
  /** ids in a sorted index, lowest score first (or highest with reverse) */
  range(index: string, options?: RangeOptions): Promise<string[]>;
  /** entries in a sorted index, only those scored within `bounds` when given */
  count(index: string, bounds?: ScoreBounds): Promise<number>;
}

/**
 * The generation of read models that answers queries: its namespace, and the projection versions folded into it
 * ("books@1,reviews@2", sorted). Recorded once per backend, outside every namespace.
 */
export type LiveGeneration = { namespace: string; versions: string };

export interface ReadStore extends ReadStoreReader {
  readonly kind: 'memory' | 'redis' | 'sqlite';
  readonly namespace: string;
  /**
   * Applies every write and stores every checkpoint together: all or nothing. With `expected`, only if each named
   * checkpoint still stands where the caller last saw it (a position of 0 also matches none stored), checked in the
   * same step as the writes; otherwise nothing is written and the answer is false. Processes folding into one shared
   * store guard every batch this way, so none writes over what another folded since (decision 094).
   */
  commit(
    writes: readonly Write[],
    checkpoints: readonly Checkpoint[],
    expected?: readonly Checkpoint[],
  ): Promise<boolean>;
  checkpoint(projection: string): Promise<number | null>;
  /** Every document and index entry, in a stable order, for content hashing. */
  dump(): AsyncIterable<string>;
  /** Removes everything in this namespace. */
  drop(): Promise<void>;
  /**
   * Leaves no copy of removed rows readable in the backend's files (a file-backed store rewrites itself); absent where
   * removed data is gone once removed (memory, Redis without persistence).
   */
  compact?(): Promise<void>;
  /** A store on the same backend under another namespace (for rebuilds). */
  withNamespace(namespace: string): ReadStore;
  /** The generation this backend records as live; null when none is recorded (a new or flushed backend). */
  live(): Promise<LiveGeneration | null>;
  /** Records `next` as live if the record still names `expectedNamespace` (null: no record); false if it changed. */
  setLive(next: LiveGeneration, expectedNamespace: string | null): Promise<boolean>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
