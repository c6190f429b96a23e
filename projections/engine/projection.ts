// What a read model is: a name, a version, and one handler per event type it folds, each from one event of that type
// (typed by the event catalogue) to read-store writes. The types it folds are its handlers' names.
import type { ShopEvent, ShopEventOf, ShopEventType } from '../../contracts/eventCatalog.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';

/**
 * The writes for one event of type `T`. It may read the current documents through `view`, which already shows the
 * writes of earlier events in the same batch. Must be deterministic: the same log gives the same read model.
 */
export type Handler<T extends ShopEventType> = Fold<ShopEventOf<T>>;
type Fold<E extends ShopEvent> = (
  event: RecordedEvent<E>,
  view: ReadStoreReader,
) => Promise<readonly Write[]> | readonly Write[];

/** Event type → its handler; an event of a type without one passes without any I/O. */
export type Handlers = { readonly [T in ShopEventType]?: Handler<T> };

export type ProjectionDefinition = {
  /** unique; also the checkpoint's name */
  readonly name: string;
  /**
   * The version of what it writes. Raise it whenever a handler would fold the same log into different documents or
   * indexes: the shop then builds a new generation of read models beside the live one, switches to it once it has
   * caught up, and removes the old one (see generations.ts). 1 when left out.
   */
  readonly version?: number;
  readonly handlers: Handlers;
};

/** A read model as the engine runs it (runner, batches, generations, rebuilds). */
export interface Projection {
  readonly name: string;
  readonly version?: number;
  /** the event types it folds: its handlers' names */
  readonly handles: readonly string[];
  /** The writes for one event; none for a type it does not fold. */
  apply(event: RecordedEvent, view: ReadStoreReader): Promise<readonly Write[]> | readonly Write[];
}

export function defineProjection({ name, version, handlers }: ProjectionDefinition): Projection {
  const handles = Object.keys(handlers);
  return {
    name,
    ...(version === undefined ? {} : { version }),
    handles,
    apply(event, view) {
      if (!Object.hasOwn(handlers, event.type)) return [];
      // The one place the log's event meets its type: the catalogue read it as this type's newest shape.
      const handler = handlers[event.type as ShopEventType] as Handler<ShopEventType>;
      return handler(event as RecordedEvent<ShopEventOf<ShopEventType>>, view);
    },
  };
}

/** One handler for several event types: `...each(['A', 'B'], (event) => ...)` among a projection's handlers. */
export function each<T extends ShopEventType>(
  types: readonly T[],
  handler: Handler<T>,
): { readonly [K in T]?: Fold<ShopEventOf<T>> } {
  const handlers: { [K in T]?: Fold<ShopEventOf<T>> } = {};
  for (const type of types) handlers[type] = handler;
  return handlers;
}
