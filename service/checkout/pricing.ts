// The server's prices, never what a browser sends: the books read model says which books are on sale and their titles,
// and every book costs the fixed price the web shows (contracts/shared/constants.ts), whatever the catalog lists.
import type { BookDto } from '../../contracts/catalog/model.ts';
import { fixedBookPricePence, quantity } from '../../contracts/shared/constants.ts';
import { singleCheckoutBook } from '../../contracts/checkout/model.ts';
import type { OrderItem } from '../../contracts/orders/model.ts';
import { getBook, listBooks } from '../../contracts/catalog/books.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';

export type PricedItems = { items: OrderItem[]; subtotal: number };

const itemOf = (book: BookDto, count: number, price = fixedBookPricePence): OrderItem => ({
  bookId: book.id,
  name: book.title,
  quantity: count,
  price,
});

function priced(lines: Map<number, { book: BookDto; quantity: number }>): PricedItems {
  const items: OrderItem[] = [];
  for (const { book, quantity: count } of lines.values()) {
    if (count > quantity.max) throw invalid(`At most ${quantity.max} copies of "${book.title}" fit in one order`);
    items.push(itemOf(book, count));
  }
  return { items, subtotal: items.reduce((sum, item) => sum + item.price * item.quantity, 0) };
}

/** Cart lines by book id; the same book twice is one line. */
export async function priceCart(
  reads: ReadStoreReader,
  lines: { bookId: number; quantity: number }[],
): Promise<PricedItems> {
  const merged = new Map<number, { book: BookDto; quantity: number }>();
  for (const line of lines) {
    const book = merged.get(line.bookId)?.book ?? (await getBook(reads, line.bookId));
    if (!book) throw invalid(`There is no book with id ${line.bookId}`);
    merged.set(book.id, { book, quantity: (merged.get(book.id)?.quantity ?? 0) + line.quantity });
  }
  return priced(merged);
}

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

/** Direct purchase lines by title, as the checkout-session body names its items. */
export async function priceByTitle(
  reads: ReadStoreReader,
  lines: { title: string; quantity: number }[],
): Promise<PricedItems> {
  const books = await listBooks(reads);
  const merged = new Map<number, { book: BookDto; quantity: number }>();
  for (const line of lines) {
    const book = books.find((b) => sameTitle(b.title, line.title));
    if (!book) throw invalid(`We do not sell "${line.title}"`);
    merged.set(book.id, { book, quantity: (merged.get(book.id)?.quantity ?? 0) + line.quantity });
  }
  return priced(merged);
}

/**
 * The catalogue's books a purchase notice names, each once, at the price a direct purchase of it is charged: what the
 * owner's e-mail shows. Names that are no book of the catalogue are left out (the e-mail quotes them as the shopper's).
 */
export async function catalogItemsNamed(
  reads: ReadStoreReader,
  names: readonly string[],
): Promise<{ bookId: number; name: string; price: number }[]> {
  const books = await listBooks(reads);
  const found = new Map<number, BookDto>();
  for (const name of names) {
    const book = books.find((b) => sameTitle(b.title, name));
    if (book) found.set(book.id, book);
  }
  return [...found.values()].map((book) => ({ bookId: book.id, name: book.title, price: fixedBookPricePence }));
}

/** The custom checkout and wallet pages sell one story book at the fixed 999 pence. */
export async function priceSingleBook(reads: ReadStoreReader, title?: string): Promise<PricedItems> {
  const books = await listBooks(reads);
  const book = title ? books.find((b) => sameTitle(b.title, title)) : books.find((b) => b.id === singleCheckoutBook.id);
  if (!book) throw invalid(title ? `We do not sell "${title}"` : 'The book is not in the catalog');
  const item = itemOf(book, 1, singleCheckoutBook.price);
  return { items: [item], subtotal: item.price };
}
