// A diff between two moments as people read it, the same in the audit console and in `npm run events -- diff --text`:
// field names as words ("customerName" → "Customer name", "items[0].quantity" → "Items 1 › quantity") and values as
// text, so the browser's table and the CLI's lines say the same thing.
import type { DiffResponse } from './model.ts';
import { formatPence } from '../shared/money.ts';

/** Parts of names that are written in capitals. */
const capitals = new Set(['id', 'vat', 'url', 'uk', 'sku', 'isbn', 'ip', 'pdf']);

/** One camelCase or snake_case name as words, lower case but for the capitals kept ("orderId" → "order ID"). */
function words(name: string): string {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (capitals.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()))
    .join(' ');
}

/** A diff's path as words: each part's name, list places counted from 1, parts joined by " › ", the first capitalised. */
export function fieldWords(path: string): string {
  if (path === '') return 'The whole record';
  const parts = path
    .split('.')
    .map((part) => part.replace(/\[(\d+)\]/g, (_, i: string) => ` ${Number(i) + 1}`))
    .map((part) => {
      const [name, ...places] = part.split(' ');
      return [words(name ?? ''), ...places].filter(Boolean).join(' ');
    });
  const text = parts.join(' › ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Fields the shop keeps in whole pence: a diff shows them in pounds ("£26.97", not 2697). */
const penceFields = new Set([
  'total',
  'totalAmount',
  'subtotal',
  'shippingCost',
  'amount',
  'price',
  'listPrice',
  'unitPrice',
  'bookPrice',
  'refunded',
  'gross',
  'net',
  'vat',
  'fee',
  'fees',
]);

/** The last name of a path: `items[0].price` → `price`. */
const lastName = (path: string) => (path.split('.').pop() ?? '').replace(/\[\d+\]$/, '');

/** Whole pence as pounds in a value, wherever a money field holds them, inside objects and lists too. */
function inPounds(value: unknown, name: string): unknown {
  if (typeof value === 'number') return penceFields.has(name) && Number.isInteger(value) ? formatPence(value) : value;
  if (Array.isArray(value)) return value.map((item) => inPounds(item, name));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, inPounds(v, key)]));
  return value;
}

/** A value as text: a dash when absent, JSON when not text; money (known by its field's name) in pounds. */
export const valueText = (value: unknown, path = ''): string => {
  if (value === undefined || value === null) return '—';
  const shown = inPounds(value, lastName(path));
  return typeof shown === 'string' ? shown : JSON.stringify(shown);
};

export type DiffRow = { field: string; before: string; after: string };

/** The rows of a diff as the console's table shows them and the CLI prints them. */
export const diffRows = (diff: DiffResponse): DiffRow[] =>
  diff.changes.map((c) => ({
    field: fieldWords(c.path),
    before: valueText(c.before, c.path),
    after: valueText(c.after, c.path),
  }));

/** One row as a line of text: `Status: processing → delivered`. */
export const diffRowText = (row: DiffRow): string => `${row.field}: ${row.before} → ${row.after}`;

/** A diff as lines of text: what was compared, then one line a change (or that nothing changed). */
export function diffText(diff: DiffResponse, at: (iso: string) => string = (iso) => iso): string[] {
  const rows = diffRows(diff);
  return [
    `${diff.stream}: revision ${diff.from.revision} (${at(diff.from.at)}) → revision ${diff.to.revision} (${at(diff.to.at)})`,
    ...(rows.length === 0 ? ['Nothing changed.'] : rows.map(diffRowText)),
  ];
}
