// The event store port: an append-only log of streams under optimistic concurrency.
//
// What the shop reads is typed by the event catalogue: `EventStore` (of `ShopEvent`) hands every reader each event in its
// type's newest shape, so every fold, projection and reaction is checked by the compiler. Only the catalogue's layer
// (infra/eventstore/versionedEventStore.ts) makes one, from a `StoredEventStore`: an adapter over the stored bytes,
// whose payloads are in whichever version they were written.
import type { ShopEvent } from '../eventCatalog.ts';
import type { DomainEvent, NewEvent, RecordedEvent } from '../shared/events.ts';

/** The revision the caller last saw: a number, 'no_stream' (must not exist yet) or 'any'. */
export type ExpectedRevision = number | 'no_stream' | 'any';

export type AppendResult = {
  /** revision of the stream's last event after the append */
  revision: number;
  /** global position of the last appended (or already present) event */
  position: number;
};

export type StreamInfo = { stream: string; revision: number; lastPosition: number };

/** A (type, version) pair the log holds, with the stream of its first event, so a refusal can point at one. */
export type EventVersionInfo = { type: string; version: number; stream: string };

export interface Subscription {
  close(): Promise<void>;
}

export interface EventStore<E extends DomainEvent = ShopEvent> {
  readonly kind: 'sqlite' | 'esdb';
  /**
   * Appends atomically. Throws WrongExpectedRevision when `expected` does not match. Appending events whose
   * ids the stream already holds is a no-op that answers as if it had succeeded (an idempotent retry).
   */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Every event of one stream in revision order; [] when the stream does not exist. */
  readStream(stream: string): Promise<RecordedEvent<E>[]>;
  /** Every event after `afterPosition` (exclusive; 0 = from the start), in global order. */
  readAll(afterPosition?: number, options?: { batchSize?: number; limit?: number }): AsyncIterable<RecordedEvent<E>>;
  /** Catch up from `afterPosition`, then deliver live events in order until closed. */
  subscribe(
    afterPosition: number,
    handler: (event: RecordedEvent<E>) => Promise<void> | void,
    onError?: (error: unknown) => void,
  ): Subscription;
  /** Position of the last event in the log, 0 if empty. */
  headPosition(): Promise<number>;
  /**
   * The streams in the log with their last revision, in the order they began; with `prefix`, only those whose name
   * starts with it (one category's, such as the accounts'), found without going through the others.
   */
  listStreams(prefix?: string): Promise<StreamInfo[]>;
  /** Every (event type, schema version) pair in the log; the start-up check reads this rather than the whole log. */
  eventVersions(): Promise<EventVersionInfo[]>;
  /** Is the store reachable? */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** An adapter over the stored bytes: each payload as written, in its own version, not yet read by the catalogue. */
export type StoredEventStore = EventStore<DomainEvent>;

export class WrongExpectedRevision extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream} is at revision ${actual}, not ${expected}`);
    this.name = 'WrongExpectedRevision';
  }
}
