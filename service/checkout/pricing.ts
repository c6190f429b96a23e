// The server's prices, never what a browser sends: the books read model says which books are on sale and their titles,
// and every book costs the fixed price the web shows (contracts/shared/constants.ts), whatever the catalog lists.
import type { BookDto } from '../../contracts/catalog/model.ts';
import { fixedBookPricePence, quantity } from '../../contracts/shared/constants.ts';
import { singleCheckoutBook } from '../../contracts/checkout/model.ts';
import type { OrderDiscount, OrderItem } from '../../contracts/orders/model.ts';
import { withBundle, type BundleOffer } from '../../contracts/catalog/bundle.ts';
import { getBook, listBooks } from '../../contracts/catalog/books.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';

export type PricedItems = { items: OrderItem[]; subtotal: number; discounts?: OrderDiscount[] };

/**
 * The one place a checkout's lines get their savings (decision 072): the bundle splits the lines it covers so every
 * line's unit price is what is charged, and the saving is recorded per line. Every checkout path prices through here.
 */
function withSavings(items: OrderItem[], offer: BundleOffer): PricedItems {
  const { lines, saving } = withBundle(offer, items);
  const priced: OrderItem[] = lines.map(({ from: _from, ...item }) => item);
  const subtotal = priced.reduce((sum, item) => sum + item.price * item.quantity, 0);
  if (!saving) return { items: priced, subtotal };
  const discountLines = priced.flatMap((item, line) =>
    item.listPrice === undefined ? [] : [{ line, amount: (item.listPrice - item.price) * item.quantity }],
  );
  return { items: priced, subtotal, discounts: [{ kind: 'bundle', amount: saving.amount, lines: discountLines }] };
}

const itemOf = (book: BookDto, count: number, price = fixedBookPricePence): OrderItem => ({
  bookId: book.id,
  name: book.title,
  quantity: count,
  price,
});

function priced(lines: Map<number, { book: BookDto; quantity: number }>, offer: BundleOffer): PricedItems {
  const items: OrderItem[] = [];
  for (const { book, quantity: count } of lines.values()) {
    if (count > quantity.max) throw invalid(`At most ${quantity.max} copies of "${book.title}" fit in one order`);
    items.push(itemOf(book, count));
  }
  return withSavings(items, offer);
}

/** Cart lines by book id; the same book twice is one line. */
export async function priceCart(
  reads: ReadStoreReader,
  lines: { bookId: number; quantity: number }[],
  offer: BundleOffer,
): Promise<PricedItems> {
  const merged = new Map<number, { book: BookDto; quantity: number }>();
  for (const line of lines) {
    const book = merged.get(line.bookId)?.book ?? (await getBook(reads, line.bookId));
    if (!book) throw invalid(`There is no book with id ${line.bookId}`);
    merged.set(book.id, { book, quantity: (merged.get(book.id)?.quantity ?? 0) + line.quantity });
  }
  return priced(merged, offer);
}

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

/** Direct purchase lines by title, as the checkout-session body names its items. */
export async function priceByTitle(
  reads: ReadStoreReader,
  lines: { title: string; quantity: number }[],
  offer: BundleOffer,
): Promise<PricedItems> {
  const books = await listBooks(reads);
  const merged = new Map<number, { book: BookDto; quantity: number }>();
  for (const line of lines) {
    const book = books.find((b) => sameTitle(b.title, line.title));
    if (!book) throw invalid(`We do not sell "${line.title}"`);
    merged.set(book.id, { book, quantity: (merged.get(book.id)?.quantity ?? 0) + line.quantity });
  }
  return priced(merged, offer);
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

/**
 * The custom checkout and wallet pages sell one story book at the fixed 999 pence; it goes through the same savings as
 * every checkout, which one book alone never earns under a bundle of two or more.
 */
export async function priceSingleBook(
  reads: ReadStoreReader,
  offer: BundleOffer,
  title?: string,
): Promise<PricedItems> {
  const books = await listBooks(reads);
  const book = title ? books.find((b) => sameTitle(b.title, title)) : books.find((b) => b.id === singleCheckoutBook.id);
  if (!book) throw invalid(title ? `We do not sell "${title}"` : 'The book is not in the catalog');
  return withSavings([itemOf(book, 1, singleCheckoutBook.price)], offer);
}
