// Brings the log in line with the editable catalog file at start: new books are listed, changed ones updated.
import { bookStream } from '../../contracts/shared/streams.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import { handleCommand, idFromReference, newEventId, type CommandMeta } from '../commands.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { bookDecider } from './catalog.ts';

export async function seedCatalog(store: EventStore, now: string, books = shopContent.books): Promise<number> {
  let appended = 0;
  for (const book of books) {
    const fields = {
      id: book.id,
      title: book.title,
      description: book.description,
      price: book.price,
      coverImage: book.coverImage,
    };
    const meta: CommandMeta = { causedBy: 'system:catalog-seed', requestId: `seed-${now}`, now };
    // The first listing's id is derived from the book id, so two services starting at once still list it once.
    const result = await handleCommand(store, bookStream(book.id), bookDecider, { type: 'SyncBook', fields }, meta, {
      eventIds: (event) =>
        event.type === 'BookListed' ? idFromReference('BookListed', String(book.id)) : newEventId(),
    });
    appended += result.events.length;
  }
  return appended;
}
