// The shop's own artwork for a book: the local cover and preview pages override what the server names.
import type { BookDto } from '../../../../contracts/catalog/model.ts';
import { shopContent, type CatalogEntry } from '../../../../contracts/catalog/content.ts';

export type BookArt = { coverImage: string; coverAlt: string; previewPages: CatalogEntry['previewPages'] };

export function bookArt(book: BookDto): BookArt {
  const local = shopContent.books.find((entry) => entry.id === book.id);
  return {
    coverImage: local?.coverImage ?? book.coverImage,
    coverAlt: local?.coverAlt ?? `Cover of ${book.title}`,
    previewPages: local?.previewPages ?? [],
  };
}
