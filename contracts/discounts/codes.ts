// The read model of which discount codes exist (decision 075): one index of the codes by when they were made, so the
// owner's list need not scan the log for their streams. Each code's figures are folded from its own stream on read.
import type { ReadStoreReader } from '../ports/readStore.ts';

export const discountCodesReadModel = {
  name: 'discountCodes',
  /** every code, scored by the milliseconds it was made at */
  index: 'discountCodes:byCreated',
} as const;

/** Every code, newest first. */
export const listCodeNames = (reader: ReadStoreReader): Promise<string[]> =>
  reader.range(discountCodesReadModel.index, { reverse: true });
