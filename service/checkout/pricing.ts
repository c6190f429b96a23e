// The server's prices, never what a browser sends: the books read model says which books are on sale, their titles and
// their prices (decision 077: a price the owner changes applies to checkouts started after it; orders keep theirs).
// The custom checkout and wallet pages still sell their one book at the spec's fixed price.
import type { BookDto } from '../../contracts/catalog/model.ts';
import { quantity } from '../../contracts/shared/constants.ts';
import { singleCheckoutBook } from '../../contracts/checkout/model.ts';
import type { OrderDiscount, OrderItem } from '../../contracts/orders/model.ts';
import { withBundle, type BundleOffer } from '../../contracts/catalog/bundle.ts';
import { withCode, type CodeTerms } from '../../contracts/discounts/split.ts';
import { getBook, listAllBooks, listBooks } from '../../contracts/catalog/books.ts';
import { conflict, invalid } from '../../contracts/shared/errors.ts';
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';

export type PricedItems = {
  items: OrderItem[];
  subtotal: number;
  discounts?: OrderDiscount[];
  /** with a discount code (decision 075): the basket before it (after the bundle) and the pence it took off */
  code?: { code: string; before: number; amount: number };
};

/**
 * The one place a checkout's lines get their savings (decisions 072 and 075): the bundle splits the lines it covers so
 * every line's unit price is what is charged, then a discount code's saving is split across the lines as they are
 * after the bundle; each saving is recorded per line. Every checkout path and the cart's check price through here.
 */
function withSavings(items: OrderItem[], offer: BundleOffer, code?: CodeTerms): PricedItems {
  const { lines, saving } = withBundle(offer, items);
  const bundled: OrderItem[] = lines.map(({ from: _from, ...item }) => item);
  const before = bundled.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const bundleDiscounts: OrderDiscount[] = saving
    ? [
        {
          kind: 'bundle',
          amount: saving.amount,
          lines: bundled.flatMap((item, line) =>
            item.listPrice === undefined ? [] : [{ line, amount: (item.listPrice - item.price) * item.quantity }],
          ),
        },
      ]
    : [];
  if (!code) return { items: bundled, subtotal: before, ...(saving ? { discounts: bundleDiscounts } : {}) };
  const after = withCode(bundled, bundleDiscounts, code);
  return {
    items: after.items,
    subtotal: after.subtotal,
    ...(after.discounts.length ? { discounts: after.discounts } : {}),
    code: { code: code.code, before, amount: after.amount },
  };
}

/** The bundle's saving in a priced basket (0 without one). */
export const bundleSavingIn = (priced: Pick<PricedItems, 'discounts'>): number =>
  priced.discounts?.find((d) => d.kind === 'bundle')?.amount ?? 0;

export const pricingMessages = {
  hidden: (title: string) => `Sorry, "${title}" is no longer on sale. Please take it out of your basket.`,
} as const;

const itemOf = (book: BookDto, count: number, price = book.price): OrderItem => ({
  bookId: book.id,
  name: book.title,
  quantity: count,
  price,
});

function priced(
  lines: Map<number, { book: BookDto; quantity: number }>,
  offer: BundleOffer,
  code?: CodeTerms,
): PricedItems {
  const items: OrderItem[] = [];
  for (const { book, quantity: count } of lines.values()) {
    if (count > quantity.max) throw invalid(`At most ${quantity.max} copies of "${book.title}" fit in one order`);
    items.push(itemOf(book, count));
  }
  return withSavings(items, offer, code);
}

/** Cart lines by book id; the same book twice is one line. */
export async function priceCart(
  reads: ReadStoreReader,
  lines: { bookId: number; quantity: number }[],
  offer: BundleOffer,
  code?: CodeTerms,
): Promise<PricedItems> {
  const merged = new Map<number, { book: BookDto; quantity: number }>();
  for (const line of lines) {
    const book = merged.get(line.bookId)?.book ?? (await getBook(reads, line.bookId));
    if (!book) throw invalid(`There is no book with id ${line.bookId}`);
    if (!book.published) throw conflict(pricingMessages.hidden(book.title));
    merged.set(book.id, { book, quantity: (merged.get(book.id)?.quantity ?? 0) + line.quantity });
  }
  return priced(merged, offer, code);
}

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

/** Direct purchase lines by title, as the checkout-session body names its items. */
export async function priceByTitle(
  reads: ReadStoreReader,
  lines: { title: string; quantity: number }[],
  offer: BundleOffer,
  code?: CodeTerms,
): Promise<PricedItems> {
  const books = await listAllBooks(reads);
  const merged = new Map<number, { book: BookDto; quantity: number }>();
  for (const line of lines) {
    const book = books.find((b) => sameTitle(b.title, line.title));
    if (!book) throw invalid(`We do not sell "${line.title}"`);
    if (!book.published) throw conflict(pricingMessages.hidden(book.title));
    merged.set(book.id, { book, quantity: (merged.get(book.id)?.quantity ?? 0) + line.quantity });
  }
  return priced(merged, offer, code);
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
  return [...found.values()].map((book) => ({ bookId: book.id, name: book.title, price: book.price }));
}

/**
 * The custom checkout and wallet pages sell one story book at the fixed 999 pence; it goes through the same savings as
 * every checkout, which one book alone never earns under a bundle of two or more.
 */
export async function priceSingleBook(
  reads: ReadStoreReader,
  offer: BundleOffer,
  title?: string,
  code?: CodeTerms,
): Promise<PricedItems> {
  const books = await listBooks(reads);
  const book = title ? books.find((b) => sameTitle(b.title, title)) : books.find((b) => b.id === singleCheckoutBook.id);
  if (!book) throw invalid(title ? `We do not sell "${title}"` : 'The book is not in the catalog');
  return withSavings([itemOf(book, 1, singleCheckoutBook.price)], offer, code);
}
