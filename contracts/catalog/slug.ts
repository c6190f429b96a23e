// A product's address in the shop, /books/{slug}: lower-case letters, digits and single hyphens, as the owner writes it.
import * as v from 'valibot';

export const SlugSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'A slug is lower-case letters and digits joined by single hyphens, like "the-kindness-basket"',
  ),
  v.maxLength(80, 'A slug is at most 80 characters'),
);

/** A slug made from a title, for a product that has none yet: "Alif to Ya!" → "alif-to-ya". */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
