// What a read model is: a name, the events it folds, and a function from one event to read-store writes.
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';

export interface Projection {
  /** unique; also the checkpoint's name */
  readonly name: string;
  /**
   * The version of what it writes. Raise it whenever `apply` would fold the same log into different documents or
   * indexes: the shop then builds a new generation of read models beside the live one, switches to it once it has
   * caught up, and removes the old one (see generations.ts). 1 when left out.
   */
  readonly version?: number;
  /** event types this projection folds; others pass without any I/O */
  readonly handles: readonly string[];
  /**
   * Returns the writes for one event. It may read the current documents through `view`, which already shows the
   * writes of earlier events in the same batch. Must be deterministic: the same log gives the same read model.
   */
  apply(event: RecordedEvent, view: ReadStoreReader): Promise<readonly Write[]> | readonly Write[];
}

export const defineProjection = (projection: Projection): Projection => projection;
