// The event store on EventStoreDB/KurrentDB (chosen by EVENTSTORE_URL), through @eventstore/db-client over gRPC.
//
// Positions: every append made through gRPC is an implicit transaction whose events are each written "committed",
// so each event's commit position is its own place in the transaction log (commit = prepare). That number is unique
// and grows with $all order, so it serves as our global `position`; {commit: p, prepare: p} turns it back.
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type ReadPosition,
} from '@eventstore/db-client';
import type { EventMetadata, RecordedEvent } from '../../../contracts/shared/events.ts';
import {
  WrongExpectedRevision,
  type StoredEventStore,
  type ExpectedRevision,
  type StreamInfo,
  type Subscription,
} from '../../../contracts/ports/eventStore.ts';

type StoredEvent = {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position?: { commit: bigint } | undefined;
};

/** System streams ($…) and system event types ($metadata, link events "$>") are the server's, not the shop's. */
const isSystem = (event: { streamId: string; type: string }) =>
  event.streamId.startsWith('$') || event.type.startsWith('$');

const positionOf = (position: number): ReadPosition =>
  position > 0 ? { commit: BigInt(position), prepare: BigInt(position) } : START;

function toRecorded(event: StoredEvent): RecordedEvent {
  // Servers before 22.6 do not send positions on stream reads; the shop needs them for read-your-writes.
  if (!event.position)
    throw new Error('EventStoreDB did not send event positions; the shop needs server 22.6 or newer');
  return {
    id: event.id,
    stream: event.streamId,
    revision: Number(event.revision),
    position: Number(event.position.commit),
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
  };
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

/**
 * Reads a bounded read to its end. Leaving a client read early (break, return) leaves its gRPC call paused and
 * unfinished, and the client's dispose() then waits for it forever; so every read here is bounded and drained.
 */
async function drain<T>(read: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of read) all.push(item);
  return all;
}

/** The client speaks esdb:// only; KurrentDB's own schemes name the same protocol. */
function clientConnectionString(url: string): string {
  return url.replace(/^(kurrentdb|kdb)(\+discover)?:\/\//, (_, _scheme: string, discover = '') => `esdb${discover}://`);
}

export function openEsdbEventStore(connectionString: string): StoredEventStore {
  const client = EventStoreDBClient.connectionString(clientConnectionString(connectionString));
  const subscriptions = new Set<Subscription>();
  let closed = false;

  /** The one event of `stream` at `revision`, as recorded. */
  async function eventAt(stream: string, revision: bigint): Promise<RecordedEvent> {
    const [resolved] = await drain(
      client.readStream(stream, { fromRevision: revision, maxCount: 1, direction: FORWARDS }),
    );
    if (!resolved?.event) throw new Error(`Stream ${stream} has no event at revision ${revision}`);
    return toRecorded(resolved.event);
  }

  const store: StoredEventStore = {
    kind: 'esdb',

    async append(stream, events, expected) {
      if (closed) throw new Error('Event store is closed');
      if (events.length === 0) throw new Error('Nothing to append');
      const proposed: EventData[] = events.map((e) => ({
        id: e.id,
        contentType: 'application/json',
        type: e.type,
        data: e.data as JSONType,
        metadata: e.metadata,
      }));
      let revision: bigint;
      try {
        // The server answers a retry of events it already holds (same ids, same expected revision) with success and
        // writes nothing: that is the port's idempotent append.
        const result = await client.appendToStream(stream, proposed, { expectedRevision: toExpected(expected) });
        revision = result.nextExpectedRevision;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
          throw new WrongExpectedRevision(stream, expected, actual);
        }
        throw error;
      }
      // An idempotent retry carries no position, and a fresh one is not documented to be the last event's; reading
      // the last event back gives the exact position the subscription will deliver, so waitFor() can rely on it.
      const last = await eventAt(stream, revision);
      return { revision: last.revision, position: last.position };
    },

    async readStream(stream) {
      const out: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(stream, { fromRevision: START, direction: FORWARDS })) {
          if (resolved.event) out.push(toRecorded(resolved.event));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return out;
    },

    async *readAll(afterPosition = 0, { batchSize = 1000, limit = Infinity } = {}) {
      // Page by page, each read drained before its events are handed on, so no read stays open while the caller
      // works. Reading $all from a position includes that position, so each page starts at the last event of the one
      // before and skips what was already seen.
      const pageSize = Math.max(2, batchSize);
      let from = positionOf(afterPosition);
      let last = afterPosition;
      let delivered = 0;
      for (;;) {
        const page: AllStreamResolvedEvent[] = await drain(
          client.readAll({ fromPosition: from, maxCount: pageSize, direction: FORWARDS }),
        );
        for (const resolved of page) {
          const event: AllStreamRecordedEvent | undefined = resolved.event;
          if (!event) continue;
          from = event.position;
          const position = Number(event.position.commit);
          if (position <= last || isSystem(event)) continue;
          last = position;
          yield toRecorded(event);
          delivered += 1;
          if (delivered >= limit) return;
        }
        if (page.length < pageSize) return;
      }
    },

    subscribe(afterPosition, handler, onError) {
      const live = client.subscribeToAll({ fromPosition: positionOf(afterPosition), filter: excludeSystemEvents() });
      let last = afterPosition;
      let stopped = false;
      const run = async () => {
        for await (const resolved of live) {
          if (stopped) return;
          const event = resolved.event;
          // The filter drops system event types; system streams and an inclusive start are dropped here.
          if (!event || isSystem(event)) continue;
          const recorded = toRecorded(event);
          if (recorded.position <= last) continue;
          await handler(recorded);
          last = recorded.position;
        }
        // A live subscription only ends when closed; the server ending it is a failure the caller must hear of.
        if (!stopped) throw new Error('EventStoreDB ended the subscription');
      };
      const done = run().catch((error) => {
        if (stopped) return;
        stopped = true;
        onError?.(error);
      });
      const subscription: Subscription = {
        async close() {
          if (!stopped) {
            stopped = true;
            await live.unsubscribe().catch(() => {});
            live.destroy();
          }
          await done;
          subscriptions.delete(subscription);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      // The newest events may be the server's own (stats, projections' links); step back past them.
      let from: ReadPosition = END;
      for (;;) {
        const page: AllStreamResolvedEvent[] = await drain(
          client.readAll({ fromPosition: from, maxCount: 100, direction: BACKWARDS }),
        );
        for (const resolved of page) {
          const event: AllStreamRecordedEvent | undefined = resolved.event;
          if (!event) continue;
          if (!isSystem(event)) return Number(event.position.commit);
          from = event.position;
        }
        if (page.length < 100) return 0;
      }
    },

    async listStreams(prefix?: string): Promise<StreamInfo[]> {
      // One pass over $all rather than the $streams system projection, which a default server does not run.
      const streams = new Map<string, StreamInfo>();
      for await (const event of store.readAll(0, { batchSize: 2000 })) {
        if (prefix && !event.stream.startsWith(prefix)) continue;
        streams.set(event.stream, { stream: event.stream, revision: event.revision, lastPosition: event.position });
      }
      return [...streams.values()];
    },

    async eventVersions() {
      // EventStoreDB keeps no table of its own to ask, so this reads $all once: start-up on this adapter grows with the log.
      const seen = new Map<string, { type: string; version: number; stream: string }>();
      for await (const event of store.readAll(0, { batchSize: 2000 })) {
        const version = event.metadata?.schemaVersion ?? 1;
        const key = `${event.type}\u0000${version}`;
        if (!seen.has(key)) seen.set(key, { type: event.type, version, stream: event.stream });
      }
      return [...seen.values()];
    },

    async ping() {
      try {
        await drain(client.readAll({ fromPosition: END, maxCount: 1, direction: BACKWARDS, deadline: 2000 }));
        return true;
      } catch {
        return false;
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
  return store;
}
