// The catalogue as crawlers and shopping services read it: sitemap.xml, robots.txt and the Google Merchant Center
// feed. Pure: the caller gathers the published books and whether each is in stock.
import { bookPath, catalogFiles } from '../../contracts/catalog/pages.ts';
import { adminApiPrefix } from '../../contracts/shared/endpoint.ts';
import { penceToPoundsString } from '../../contracts/shared/money.ts';
import { absolute, type PageBook, type Site } from './pageHead.ts';

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe for XML content and attributes; characters XML 1.0 cannot hold at all are left out. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => xmlEscapes[c]!);
}

/** The landing page and every published book's page. */
export function sitemapXml(site: Site, books: readonly PageBook[]): string {
  const urls = [`${site.origin}/`, ...books.map((book) => absolute(site, bookPath(book.slug)))];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** Paths no crawler has any business in: the owner's screens and API, receipts by signed link, the test checkout. */
export const privatePaths = [
  '/admin',
  '/admin-login',
  '/admin-dashboard',
  adminApiPrefix.replace(/\/$/, ''),
  '/receipt/',
  '/sandbox/',
] as const;

export function robotsTxt(site: Site): string {
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${site.origin}${catalogFiles.sitemap.path}`,
    '',
  ].join('\n');
}

/** Google's product taxonomy: where a story book and the poster sit. */
export const googleProductCategory = {
  story: 'Media > Books',
  poster: 'Home & Garden > Decor > Artwork > Posters, Prints, & Visual Artwork',
} as const;

/** `publicationDate`: a coming book's (decision 120), listed as a pre-order available from that day. */
export type FeedItem = { book: PageBook; inStock: boolean; imageUrl: string; publicationDate?: string | null };

/**
 * An RSS 2.0 feed with Google's g: namespace, the format Merchant Center fetches on a schedule: one item per
 * published book with the attributes a product needs (no GTIN or MPN: the shop publishes its own books).
 */
export function merchantFeedXml(site: Site, description: string, items: readonly FeedItem[]): string {
  const tag = (name: string, value: string) => `      <g:${name}>${escapeXml(value)}</g:${name}>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    `    <title>${escapeXml(site.name)}</title>`,
    `    <link>${escapeXml(`${site.origin}/`)}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    ...items.flatMap(({ book, inStock, imageUrl, publicationDate }) => [
      '    <item>',
      tag('id', String(book.id)),
      tag('title', book.title.slice(0, 150)),
      tag('description', book.description.slice(0, 5000)),
      tag('link', absolute(site, bookPath(book.slug))),
      tag('image_link', imageUrl),
      tag('availability', publicationDate ? 'preorder' : inStock ? 'in_stock' : 'out_of_stock'),
      ...(publicationDate ? [tag('availability_date', `${publicationDate}T00:00:00Z`)] : []),
      tag('price', `${penceToPoundsString(book.price)} GBP`),
      tag('condition', 'new'),
      tag('brand', site.name),
      tag('identifier_exists', 'no'),
      tag('google_product_category', googleProductCategory[book.kind]),
      tag('product_type', book.kind === 'poster' ? 'Posters' : "Children's picture books"),
      '    </item>',
    ]),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
