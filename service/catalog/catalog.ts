// The catalog decider over one book's stream (decision 077). The content file seeds it: a book with no stream yet is
// listed, and the file updates it only while the owner has never changed it; from the owner's first change the owner
// is its author and a restart leaves it alone. The owner's commands record what changed, who changed it and why.
import type { BookDto, BookFields } from '../../contracts/catalog/model.ts';
import type { ProductCustoms } from '../../contracts/catalog/customs.ts';
import {
  evolveBook,
  productCustomsOf,
  type BookStreamEvent,
  type ProductDetails,
} from '../../contracts/catalog/product.ts';
import type { ProductAdded, ProductEdited } from '../../contracts/catalog/events.ts';
import { productEventTypes } from '../../contracts/catalog/events.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import { ofTypes } from '../../contracts/shared/events.ts';
import type { AgeRange } from '../../contracts/catalog/model.ts';
import type { Decider } from '../commands.ts';

export type BookState = { book: BookDto | null; ownerChanged: boolean };

type Said = { by: string; reason: string; at: string };
export type SyncBook = { type: 'SyncBook'; fields: BookFields };
export type AddProduct = {
  type: 'AddProduct';
  product: Omit<ProductAdded['data'], 'by' | 'reason' | 'at'>;
  /** customs details given with it (decision 098); those left out are the content file's for its kind */
  customs?: Partial<ProductCustoms>;
} & Said;
export type EditProduct = {
  type: 'EditProduct';
  id: number;
  changes: Partial<ProductDetails> &
    Partial<ProductCustoms> & {
      ageRange?: AgeRange | null;
      price?: number;
      sortOrder?: number;
      published?: boolean;
    };
} & Said;
export type BookCommand = SyncBook | AddProduct | EditProduct;

export const catalogMessages = {
  unknown: (id: number) => `There is no product with id ${id}`,
  taken: (id: number) => `There is already a product with id ${id}`,
} as const;

const same = (a: BookFields, b: BookFields) =>
  a.id === b.id &&
  a.title === b.title &&
  a.description === b.description &&
  a.price === b.price &&
  a.coverImage === b.coverImage;

const ownerTypes: ReadonlySet<string> = new Set(productEventTypes);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The customs details after a change (decision 098) as an event, or none when they stay as they were. The details are
 * the product's as they apply now (the book after the change's other events, so a new kind's defaults count).
 */
function customsChanged(book: BookDto, given: Partial<ProductCustoms>, command: Said & { id: number }) {
  const from = productCustomsOf(book);
  const to: ProductCustoms = {
    weightGrams: given.weightGrams ?? from.weightGrams,
    hsCode: given.hsCode ?? from.hsCode,
    origin: given.origin ?? from.origin,
  };
  if (sameJson(from, to)) return [];
  const { id, by, reason, at } = command;
  return [{ type: 'ProductCustomsChanged', data: { id, from, to, by, reason, at } } satisfies BookStreamEvent];
}

/**
 * The owner's edit as events: the detail fields that changed, then the price, the order, whether it is on sale, and
 * the customs details.
 */
function edited(book: BookDto, command: EditProduct): BookStreamEvent[] {
  const { by, reason, at, id } = command;
  const { price, sortOrder, published, ageRange, weightGrams, hsCode, origin, ...details } = command.changes;
  const said = { by, reason, at };
  const changes: ProductEdited['data']['changes'] = {};
  for (const [key, value] of Object.entries(details) as [keyof ProductDetails, unknown][]) {
    if (value !== undefined && !sameJson(book[key], value)) Object.assign(changes, { [key]: value });
  }
  if (ageRange === null && book.ageRange) changes.ageRange = null;
  if (ageRange && !sameJson(book.ageRange, ageRange)) changes.ageRange = ageRange;
  const events: BookStreamEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'ProductEdited', data: { id, changes, ...said } });
  if (price !== undefined && price !== book.price)
    events.push({ type: 'ProductPriceChanged', data: { id, from: book.price, to: price, ...said } });
  if (sortOrder !== undefined && sortOrder !== book.sortOrder)
    events.push({ type: 'ProductReordered', data: { id, from: book.sortOrder, to: sortOrder, ...said } });
  if (published === true && !book.published) events.push({ type: 'ProductPublished', data: { id, ...said } });
  if (published === false && book.published) events.push({ type: 'ProductHidden', data: { id, ...said } });
  const after = events.reduce<BookDto>((b, event) => evolveBook(b, event) ?? b, book);
  events.push(...customsChanged(after, { weightGrams, hsCode, origin }, command));
  return events;
}

const isBookStreamEvent = ofTypes(['BookListed', 'BookUpdated', ...productEventTypes]);

export const bookDecider: Decider<BookState, BookCommand, BookStreamEvent> = {
  initialState: () => ({ book: null, ownerChanged: false }),
  evolve: (state, event) => ({
    book: isBookStreamEvent(event) ? evolveBook(state.book, event) : state.book,
    ownerChanged: state.ownerChanged || ownerTypes.has(event.type),
  }),
  decide: (command, state) => {
    switch (command.type) {
      case 'SyncBook': {
        if (!state.book) return [{ type: 'BookListed', data: command.fields }];
        // The owner is the author of a book they have changed: the file seeds, it never overwrites.
        if (state.ownerChanged) return [];
        const { id, title, description, price, coverImage } = state.book;
        if (same({ id, title, description, price, coverImage }, command.fields)) return [];
        return [{ type: 'BookUpdated', data: command.fields }];
      }
      case 'AddProduct': {
        if (state.book) throw conflict(catalogMessages.taken(command.product.id));
        const { by, reason, at } = command;
        const added: BookStreamEvent = { type: 'ProductAdded', data: { ...command.product, by, reason, at } };
        const book = evolveBook(null, added)!;
        return [added, ...customsChanged(book, command.customs ?? {}, { id: book.id, by, reason, at })];
      }
      case 'EditProduct': {
        if (!state.book) throw notFound(catalogMessages.unknown(command.id));
        return edited(state.book, command);
      }
    }
  },
};
