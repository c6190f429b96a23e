// What a read model is: a name, the events it folds, and a function from one event to read-store writes.
import type { RecordedEvent } from '../contracts/events.ts';
import type { ReadStoreReader, Write } from '../service/ports/readStore.ts';

export interface Projection {
  /** unique; also the checkpoint's name */
  readonly name: string;
  /** event types this projection folds; others pass without any I/O */
  readonly handles: readonly string[];
  /**
   * Returns the writes for one event. It may read the current documents through `view`, which already shows the
   * writes of earlier events in the same batch. Must be deterministic: the same log gives the same read model.
   */
  apply(event: RecordedEvent, view: ReadStoreReader): Promise<readonly Write[]> | readonly Write[];
}

export const defineProjection = (projection: Projection): Projection => projection;
