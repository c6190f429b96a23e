// A diff between two moments as people read it, the same in the audit console and in `npm run events -- diff --text`:
// field names as words ("customerName" → "Customer name", "items[0].quantity" → "Items 1 › quantity") and values as
// text, so the browser's table and the CLI's lines say the same thing.
import type { DiffResponse } from './model.ts';

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

/** A value as text: a dash when absent, JSON when not text. */
export const valueText = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export type DiffRow = { field: string; before: string; after: string };

/** The rows of a diff as the console's table shows them and the CLI prints them. */
export const diffRows = (diff: DiffResponse): DiffRow[] =>
  diff.changes.map((c) => ({ field: fieldWords(c.path), before: valueText(c.before), after: valueText(c.after) }));

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
