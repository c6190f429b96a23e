// Event versions around any event store: appends are checked against the newest schema and record its version; every
// read (streams, the global log, subscriptions) comes out upcast to the newest shape. The stored bytes never change.
import { UnknownEventVersion, type EventCatalog } from '../../contracts/eventCatalog.ts';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import type { EventStore, StoredEventStore } from '../../contracts/ports/eventStore.ts';

/** The upcasting store, with the adapter underneath for the one reader that needs stored bytes: the auditor's export. */
export type VersionedEventStore = EventStore & { readonly stored: StoredEventStore; readonly catalog: EventCatalog };

export class EventNotInCatalog extends Error {
  constructor(
    readonly type: string,
    readonly stream: string,
    problems: string,
  ) {
    super(`Cannot append ${type} to ${stream}: ${problems}`);
    this.name = 'EventNotInCatalog';
  }
}

/** Throws UnknownEventVersion for the first (type, version) pair in the log that the catalogue cannot read. */
export async function assertLogReadable(store: StoredEventStore, catalog: EventCatalog): Promise<void> {
  for (const { type, version, stream } of await store.eventVersions()) catalog.assertReadable(type, version, stream);
}

/**
 * The stored event as the catalogue reads it: its payload in the newest shape of its type. The one place a stored payload
 * becomes a typed event: every appended payload was checked against the newest schema (`stamp` below) and older ones are
 * carried to it by their upcasters, which the catalogue's tests and the golden logs hold to their schemas.
 */
export function upcastEvent(catalog: EventCatalog, event: RecordedEvent): RecordedEvent<ShopEvent> {
  const version = event.metadata?.schemaVersion ?? 1;
  // Today's events are already in the newest shape: hand them on untouched.
  if (catalog.newest(event.type) === version) return event as RecordedEvent<ShopEvent>;
  const data = catalog.upcast(event.type, version, event.data, event.stream);
  return {
    ...event,
    data,
    metadata: { ...event.metadata, schemaVersion: catalog.newest(event.type)! },
  } as RecordedEvent<ShopEvent>;
}

/** `storedBytes`: the adapter whose bytes the export reads, when `store` is itself a layer over it (sealed fields). */
export function withEventVersions(
  store: StoredEventStore,
  catalog: EventCatalog,
  options: { storedBytes?: StoredEventStore } = {},
): VersionedEventStore {
  const upcast = (event: RecordedEvent) => upcastEvent(catalog, event);

  /** The events as written: the newest version of each type, recorded in the metadata. */
  function stamp(stream: string, events: NewEvent[]): NewEvent[] {
    // Events of one command share one metadata object; keep them sharing one stamped copy.
    const stamped = new Map<EventMetadata, Map<number, EventMetadata>>();
    return events.map((event) => {
      const problems = catalog.problems(event.type, event.data);
      if (problems) throw new EventNotInCatalog(event.type, stream, problems);
      const version = catalog.newest(event.type)!;
      let byVersion = stamped.get(event.metadata);
      if (!byVersion) stamped.set(event.metadata, (byVersion = new Map<number, EventMetadata>()));
      let metadata = byVersion.get(version);
      if (!metadata) byVersion.set(version, (metadata = { ...event.metadata, schemaVersion: version }));
      return { ...event, metadata };
    });
  }

  return {
    kind: store.kind,
    stored: options.storedBytes ?? store,
    catalog,
    async append(stream, events, expected) {
      return store.append(stream, stamp(stream, events), expected);
    },
    async readStream(stream) {
      return (await store.readStream(stream)).map(upcast);
    },
    async *readAll(afterPosition, options) {
      for await (const event of store.readAll(afterPosition, options)) yield upcast(event);
    },
    subscribe(afterPosition, handler, onError) {
      return store.subscribe(afterPosition, (event) => handler(upcast(event)), onError);
    },
    headPosition: () => store.headPosition(),
    listStreams: (prefix?: string) => store.listStreams(prefix),
    eventVersions: () => store.eventVersions(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

export { UnknownEventVersion };
