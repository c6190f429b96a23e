// How every command runs: load the stream, fold it, decide, append at the expected revision, wait for the read models.
import { createHash, randomUUID } from 'node:crypto';
import type { ShopEvent } from '../contracts/eventCatalog.ts';
import type { DomainEvent, EventMetadata, NewEvent } from '../contracts/shared/events.ts';
import { WrongExpectedRevision, type AppendResult, type EventStore } from '../contracts/ports/eventStore.ts';
import type { PositionWaiter } from '../contracts/ports/positionWaiter.ts';
import { concurrentChangeMessage, conflict } from '../contracts/shared/errors.ts';

export type Decider<State, Command, Event extends ShopEvent> = {
  initialState: () => State;
  /**
   * Folds one event of the stream, as the catalogue reads it. A stream may hold any event the catalogue knows, so
   * evolve takes them all and passes over what it does not fold (its switch's default, or a test of the type).
   */
  evolve: (state: State, event: ShopEvent) => State;
  /** pure: throws a domain error (NotFound, Conflict, Invalid) when the command is not allowed in this state; [] when nothing changes */
  decide: (command: Command, state: State) => Event[];
};

/** Who and what caused a command, and when it was decided. */
export type CommandMeta = {
  causedBy: string;
  requestId: string;
  correlationId?: string;
  /** ISO-8601 UTC */
  now: string;
  /** the client's address, recorded where it matters to an audit (sign-in attempts) */
  ip?: string;
  /** where a shop without PUBLIC_URL was reached by the request (decision 112); absent with PUBLIC_URL or in production */
  origin?: string;
};

export type CommandResult<Event extends ShopEvent> = {
  events: Event[];
  revision: number;
  position: number;
};

/**
 * Mints ids for new events: UUIDv7 (RFC 9562), a 48-bit Unix-millisecond timestamp, a 12-bit counter that orders
 * the ids of one millisecond, then 62 random bits. Ids minted one after another sort after each other, so the event
 * store's unique index on ids grows at its right edge instead of taking each insert on a random page (which made a
 * batch of 100 events write about 100 index pages). The clock is a parameter so tests can hold or turn it back.
 */
export function eventIdSource(clock: () => number = Date.now): () => string {
  let lastMs = -1;
  let counter = 0;
  return () => {
    const now = clock();
    if (now > lastMs) {
      lastMs = now;
      counter = 0;
    } else if (++counter > 0xfff) {
      // More than 4,096 ids in one millisecond, or a clock turned back: borrow the next millisecond, stay in order.
      lastMs += 1;
      counter = 0;
    }
    const time = lastMs.toString(16).padStart(12, '0');
    // randomUUID's last 17 characters are 62 random bits behind the RFC variant bits (10xx), as UUIDv7 wants them.
    return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter.toString(16).padStart(3, '0')}-${randomUUID().slice(19)}`;
  };
}

/** A new, time-ordered event id. Everything that mints an event id (not derived from a reference) uses this. */
export const newEventId: () => string = eventIdSource();

/** A UUID derived from a name, so the same external reference always gives the same event id. */
export function idFromReference(kind: string, reference: string): string {
  const h = createHash('sha256').update(`${kind}:${reference}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function metadataOf(meta: CommandMeta): EventMetadata {
  const metadata: EventMetadata = {
    causedBy: meta.causedBy,
    causationId: meta.requestId,
    correlationId: meta.correlationId ?? meta.requestId,
    at: meta.now,
  };
  if (meta.ip !== undefined) metadata.ip = meta.ip;
  if (meta.origin !== undefined) metadata.origin = meta.origin;
  return metadata;
}

export function fold<State>(
  decider: Pick<Decider<State, unknown, ShopEvent>, 'initialState' | 'evolve'>,
  events: readonly ShopEvent[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export type HandleOptions = {
  /** ids for the new events; default newEventId (time-ordered UUIDv7). Derive them from an external reference to make retries no-ops. */
  eventIds?: (event: DomainEvent, index: number) => string;
  /** wait for the read models to fold the new events before answering (read-your-writes) */
  waiter?: PositionWaiter;
  waitTimeoutMs?: number;
  /**
   * The revision of the stream the caller last saw (as an ETag names a version and If-Match asks for it): when the
   * stream has moved on since, the command is refused with a Conflict carrying `staleMessage`, whatever it asks.
   */
  expectedRevision?: number;
  /** what a caller holding an older revision is told; default: someone else changed this */
  staleMessage?: string;
  /**
   * How often to decide again after losing an append race (default 1). A stream many shoppers write at once (a
   * product's stock) sets more: each loser decides again on the fresh stream, so only the decider refuses.
   */
  raceRetries?: number;
};

export async function handleCommand<State, Command, Event extends ShopEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  meta: CommandMeta,
  options: HandleOptions = {},
): Promise<CommandResult<Event>> {
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(stream);
    const state = fold(decider, history);
    const last = history.at(-1);
    if (options.expectedRevision !== undefined && options.expectedRevision !== (last?.revision ?? -1)) {
      // Something that does not exist is not found before it is stale: the decider answers for an empty stream.
      if (!last) decider.decide(command, state);
      throw conflict(options.staleMessage ?? concurrentChangeMessage);
    }
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { events: [], revision: last?.revision ?? -1, position: last?.position ?? 0 };
    const metadata = metadataOf(meta);
    const events: NewEvent[] = decided.map((event, i) => ({
      ...event,
      id: options.eventIds?.(event, i) ?? newEventId(),
      metadata,
    }));
    let result: AppendResult;
    try {
      result = await store.append(stream, events, last ? last.revision : 'no_stream');
    } catch (error) {
      // A concurrent writer won: decide once more on the fresh stream (a caller's expected revision is then stale),
      // then give up with a conflict.
      if (error instanceof WrongExpectedRevision && attempt < (options.raceRetries ?? 1)) {
        // Many racers: a short random pause spreads the next round instead of running them all into each other again.
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
        continue;
      }
      throw error;
    }
    if (options.waiter) await options.waiter.waitFor(result.position, options.waitTimeoutMs ?? 2000);
    return { events: decided, revision: result.revision, position: result.position };
  }
}
