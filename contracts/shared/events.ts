// The shape every event has in the log, whatever its type.
import * as v from 'valibot';

export const EventMetadataSchema = v.object({
  /** who caused it: 'shopper', 'admin:<username>', 'webhook:stripe', 'system:<what>' */
  causedBy: v.string(),
  /** the request or command id that caused it */
  causationId: v.string(),
  /** the id shared by everything one user action caused */
  correlationId: v.string(),
  /** ISO-8601 UTC time the command was decided */
  at: v.string(),
  /** the client's address, where it matters to an audit (sign-in attempts) */
  ip: v.optional(v.string()),
  /**
   * where a shop without PUBLIC_URL, outside production, was reached by the request that caused it ("http://127.0.0.1:
   * 43000"): the address its e-mails link to when the reactor sends them later (decision 112). The shop's, not a person's.
   */
  origin: v.optional(v.string()),
  /** the version of the payload's shape (contracts/eventCatalog.ts); absent in events written before versions were recorded, which are version 1 */
  schemaVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type EventMetadata = v.InferOutput<typeof EventMetadataSchema>;

/** An event as a decider returns it: a type and a JSON-native payload. */
export type DomainEvent<T extends string = string, D = unknown> = { type: T; data: D };

/** An event ready to append: ids are UUIDs, or derived from an external reference for idempotency. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E & { id: string; metadata: EventMetadata };

/** An event as the store holds it. Revisions start at 0 per stream; positions grow across the whole log. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = NewEvent<E> & {
  stream: string;
  revision: number;
  position: number;
};

export type EventOf<R> = R extends RecordedEvent<infer E> ? E : never;

/**
 * A guard that an event is of one of `types`, narrowing it to those types: how a fold over some of the catalogue's types
 * passes over the others a stream may hold.
 */
export function ofTypes<T extends string>(types: readonly T[]) {
  const folded = new Set<string>(types);
  return <E extends DomainEvent>(event: E): event is Extract<E, { type: T }> => folded.has(event.type);
}
