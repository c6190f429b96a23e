// The catalog decider: a book is listed once, and updated only when the catalog file changes it.
import type { BookFields, CatalogEvent } from '../../contracts/catalog/model.ts';
import type { Decider } from '../commands.ts';

export type BookState = { listed: false } | { listed: true; fields: BookFields };
export type SyncBook = { type: 'SyncBook'; fields: BookFields };

const same = (a: BookFields, b: BookFields) =>
  a.id === b.id &&
  a.title === b.title &&
  a.description === b.description &&
  a.price === b.price &&
  a.coverImage === b.coverImage;

export const bookDecider: Decider<BookState, SyncBook, CatalogEvent> = {
  initialState: () => ({ listed: false }),
  evolve: (_state, event) => ({ listed: true, fields: event.data }),
  decide: (command, state) => {
    if (!state.listed) return [{ type: 'BookListed', data: command.fields }];
    if (same(state.fields, command.fields)) return [];
    return [{ type: 'BookUpdated', data: command.fields }];
  },
};
