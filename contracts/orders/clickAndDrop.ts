// Royal Mail Click & Drop, both ways (decision 081): the selected orders written in the column layout of its order
// import ("Order Import spreadsheet field specifications"), so labels can be bought there, and the tracking numbers
// read back from a carrier's CSV (Click & Drop's own export has "Order reference" and "Tracking number"), matched to
// orders by their AH- number. Pure: the server writes the file, the console reads the carrier's. Every row carries its
// parcel's weight and package format, and a parcel leaving the UK its customs columns (decision 098).
import { isErasedValue } from '../personalData.ts';
import { destinationCode, destinationName } from '../checkout/shipping.ts';
import { csvLine, csvPounds, type CsvNumeral } from '../sales/model.ts';
import { hsDigits, isoCountryName } from '../catalog/customs.ts';
import type { BookDto } from '../catalog/model.ts';
import { customsDeclarationOf, destinationOf, kilograms, parcelOf } from './customs.ts';
import { maxTrackingNumberLength, trackingNumberPattern } from './fulfilment.ts';
import type { OrderItem, ShippingAddress } from './model.ts';
import { lazily } from '../shared/lazily.ts';

/** Click & Drop's order import columns, in this order, spelt as its field specifications name them. */
export const clickAndDropColumns = [
  'Order reference',
  'Date',
  'First Name',
  'Last Name',
  'Full name',
  'Address Line 1',
  'Address Line 2',
  'Address Line 3',
  'City',
  'County',
  'Postcode',
  'Country',
  'Email',
  'Phone',
  'Sub-total',
  'Shipping Cost',
  'Total',
  'Currency Code',
  'Weight',
  'Package Size',
  'Product SKU',
  'Item name',
  'Quantity',
  // A parcel leaving the UK: what its customs declaration says of each line (decision 098).
  'Unit price',
  'Customs description',
  'Product customs code',
  'Country of origin',
  'Content type',
] as const;

/** The import's limits on the two fields it bounds. */
export const clickAndDropLimits = { orderReference: 40, postcode: 20 } as const;

/** What an order gives the file: as it is on record now (buyer's details added since included). */
export type ClickAndDropOrder = {
  orderNumber: string;
  /** ISO-8601 UTC */
  placedAt: string;
  customerName: string;
  customerEmail: string;
  phone?: string | undefined;
  shippingAddress: ShippingAddress | string;
  items: readonly Pick<OrderItem, 'name' | 'quantity' | 'bookId' | 'price'>[];
  /** pence */
  subtotal: number;
  shippingCost: number;
  total: number;
};

/** Words before a name that are no part of it for a label's first and last name. */
const titles = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev']);

/**
 * A name as a label wants it: the first word is the first name, the rest the last name ("Maryam Al Hussain" →
 * "Maryam", "Al Hussain"); a title before it (Mr, Dr, ...) stays out of both; one word is a first name alone.
 */
export function splitName(fullName: string): { first: string; last: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && titles.has(words[0]!.toLowerCase().replace(/\.$/, ''))) words.shift();
  return { first: words[0] ?? '', last: words.slice(1).join(' ') };
}

/** The day an order was placed, as the import reads it: dd/mm/yy, the shop's (UK) day. */
const ukDay = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
    }),
);
export const clickAndDropDate = (iso: string) => ukDay().format(new Date(iso));

/** A UK postcode inside an address written as one text. */
const postcodeInText = /\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\b/i;

type AddressCells = { line1: string; line2: string; line3: string; city: string; postcode: string; country: string };

function addressCells(address: ShippingAddress | string): AddressCells {
  if (typeof address !== 'string') {
    return {
      line1: address.line1.trim(),
      line2: address.line2?.trim() ?? '',
      line3: '',
      city: address.city.trim(),
      postcode: address.postcode.trim().slice(0, clickAndDropLimits.postcode),
      country: destinationName(address.country) ?? address.country,
    };
  }
  // An address kept as text (an older order): its parts by commas, the postcode found wherever it stands.
  const postcode = postcodeInText.exec(address)?.[1]?.toUpperCase() ?? '';
  const parts = address
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter((p) => p && p.toUpperCase() !== postcode);
  const last = parts.at(-1) ?? '';
  const named = destinationName(last.toUpperCase()) ?? (destinationCode(last) ? last : undefined);
  const country = parts.length > 1 && named ? (parts.pop(), named) : '';
  const city = parts.length > 1 ? parts.pop()! : '';
  return {
    line1: parts[0] ?? '',
    line2: parts[1] ?? '',
    line3: parts.slice(2).join(', '),
    city,
    postcode: postcode.slice(0, clickAndDropLimits.postcode),
    country,
  };
}

/** Whether an order's buyer was forgotten (decision 057): their details then stay out of the file. */
export const isErasedBuyer = (order: Pick<ClickAndDropOrder, 'customerName' | 'customerEmail'>) =>
  isErasedValue(order.customerName) || isErasedValue(order.customerEmail);

const noAddress: AddressCells = { line1: '', line2: '', line3: '', city: '', postcode: '', country: '' };

/** The products as the file declares them: their kind and the owner's customs details (decision 098). */
export type ClickAndDropCatalogue = readonly Pick<BookDto, 'id' | 'title' | 'kind' | 'customs'>[];

/**
 * One order's rows: one for each of its lines (Click & Drop puts the rows of one order reference into one order),
 * or one row without a product for an order without lines. A forgotten buyer's name, address, e-mail and phone are
 * left empty; the reference, the date and the money stay. Every row has the parcel's weight (kg) and package format;
 * a row of a parcel leaving the UK has its line's unit price, customs description, tariff code (digits), country of
 * origin (its name, as the Country column) and the content type; a UK row leaves those empty.
 */
export function clickAndDropRows(
  order: ClickAndDropOrder,
  catalogue: ClickAndDropCatalogue,
): (string | CsvNumeral)[][] {
  const erased = isErasedBuyer(order);
  const parcel = parcelOf(order.items, catalogue);
  const declaration = erased
    ? null
    : customsDeclarationOf(destinationOf(order.shippingAddress), order.items, catalogue);
  const name = erased ? '' : order.customerName.trim();
  const { first, last } = splitName(name);
  const address = erased ? noAddress : addressCells(order.shippingAddress);
  const common = [
    order.orderNumber.slice(0, clickAndDropLimits.orderReference),
    clickAndDropDate(order.placedAt),
    first,
    last,
    name,
    address.line1,
    address.line2,
    address.line3,
    address.city,
    '',
    address.postcode,
    address.country,
    erased ? '' : order.customerEmail.trim(),
    erased || isErasedValue(order.phone) ? '' : (order.phone?.trim() ?? ''),
    csvPounds(order.subtotal),
    csvPounds(order.shippingCost),
    csvPounds(order.total),
    'GBP',
    { numeral: kilograms(parcel.grossWeightGrams) },
    parcel.packageSize,
  ];
  if (order.items.length === 0) return [[...common, '', '', '', '', '', '', '', '']];
  return order.items.map((item, i) => {
    const line = declaration?.lines[i];
    return [
      ...common,
      item.bookId === undefined ? '' : `BOOK-${item.bookId}`,
      item.name,
      String(item.quantity),
      ...(line
        ? [
            csvPounds(line.unitPrice),
            line.description,
            hsDigits(line.hsCode),
            isoCountryName(line.origin),
            declaration.contentType,
          ]
        : ['', '', '', '', '']),
    ];
  });
}

/** The whole import file: a header row and every order's rows, CRLF line ends, formula-safe cells. */
export function clickAndDropCsv(orders: readonly ClickAndDropOrder[], catalogue: ClickAndDropCatalogue): string {
  const rows = orders.flatMap((order) => clickAndDropRows(order, catalogue));
  return [csvLine([...clickAndDropColumns]), ...rows.map((row) => csvLine(row))].join('');
}

// --- tracking numbers back from the carrier ---------------------------------------------------------------------------

/**
 * A CSV's rows as cells: quoted cells (with commas, doubled quotes and line breaks inside) unquoted, CRLF, LF or CR
 * line ends, a byte-order mark ignored, blank lines dropped.
 */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let started = false;
  const endRow = () => {
    row.push(cell);
    if (row.some((c) => c.trim() !== '')) rows.push(row);
    row = [];
    cell = '';
    started = false;
  };
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
      started = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      started = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
    } else {
      cell += c;
      started = true;
    }
  }
  if (started || cell !== '' || row.length > 0) endRow();
  return rows;
}

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');
const referenceHeaders = ['orderreference', 'reference', 'orderref', 'ordernumber', 'orderno', 'channelreference'];
const trackingHeaders = ['trackingnumber', 'trackingno', 'tracking', 'trackingcode', 'trackingreference'];

/** An order's AH- number inside a reference cell ("AH-FBDXjEXU", "#AH-FBDXjEXU", "Order AH-FBDXjEXU"). */
const orderNumberIn = /\bAH-[A-Za-z0-9_-]+/i;

export type CarrierCsvRow = { orderNumber: string; trackingNumber: string; row: number };
export type CarrierCsv = { rows: CarrierCsvRow[]; problems: string[] };

export const carrierCsvMessages = {
  empty: 'This file has no rows.',
  noColumns:
    'This file needs a column of order references (e.g. "Order reference") and one of tracking numbers (e.g. "Tracking number").',
  noNumber: (row: number) => `Row ${row}: no order number (AH-…) in the reference.`,
  badTracking: (row: number) =>
    `Row ${row}: the tracking number must be 1 to ${maxTrackingNumberLength} letters, digits, spaces or dashes.`,
  twice: (row: number, orderNumber: string) =>
    `Row ${row}: ${orderNumber} has another tracking number earlier in the file; the first is kept.`,
} as const;

/**
 * The tracking numbers in a carrier's CSV, by order number: the first row's cells name the columns (any of "Order
 * reference", "Reference", "Order number"; "Tracking number", "Tracking"), each row after it gives one order. Rows
 * without an AH- number or a usable tracking number are skipped and said why (rows counted from 1, the header's).
 */
export function parseCarrierCsv(text: string): CarrierCsv {
  const table = parseCsvRows(text);
  if (table.length === 0) return { rows: [], problems: [carrierCsvMessages.empty] };
  const header = table[0]!.map(headerKey);
  const find = (names: string[]) => {
    for (const name of names) {
      const at = header.indexOf(name);
      if (at >= 0) return at;
    }
    return -1;
  };
  const referenceAt = find(referenceHeaders);
  const trackingAt = find(trackingHeaders);
  if (referenceAt < 0 || trackingAt < 0) return { rows: [], problems: [carrierCsvMessages.noColumns] };
  const rows: CarrierCsvRow[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  table.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const reference = (cells[referenceAt] ?? '').trim();
    const tracking = (cells[trackingAt] ?? '').trim().replace(/^'/, '');
    const orderNumber = orderNumberIn.exec(reference)?.[0];
    if (!orderNumber) return void problems.push(carrierCsvMessages.noNumber(row));
    const normalised = `AH-${orderNumber.slice(3)}`;
    if (!tracking || tracking.length > maxTrackingNumberLength || !trackingNumberPattern.test(tracking))
      return void problems.push(carrierCsvMessages.badTracking(row));
    if (seen.has(normalised)) return void problems.push(carrierCsvMessages.twice(row, normalised));
    seen.add(normalised);
    rows.push({ orderNumber: normalised, trackingNumber: tracking, row });
  });
  return { rows, problems };
}

/**
 * The order a carrier's order number names among `orders`: the same number exactly, or, when the carrier changed its
 * case, the one order whose number differs only in case. Null when none (or more than one) does.
 */
export function orderForNumber<O extends { orderNumber: string }>(orders: readonly O[], orderNumber: string): O | null {
  const exact = orders.find((o) => o.orderNumber === orderNumber);
  if (exact) return exact;
  const folded = orders.filter((o) => o.orderNumber.toLowerCase() === orderNumber.toLowerCase());
  return folded.length === 1 ? folded[0]! : null;
}
