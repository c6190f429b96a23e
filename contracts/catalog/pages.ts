// Where a book's own page lives, and the files that tell search engines and shopping services about the catalogue.
import { endpoint } from '../shared/endpoint.ts';
import { imageUrl, isMediaRef } from './images.ts';

/** A book's page: /books/{slug}. */
export const bookPath = (slug: string): string => `/books/${slug}`;

const bookPathPattern = /^\/books\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The slug a path names when it is a book page's address, else null. */
export function slugOfBookPath(path: string): string | null {
  return bookPathPattern.exec(path)?.[1] ?? null;
}

/** The catalogue as files for crawlers and shopping services: plain text and XML, not JSON. */
export const catalogFiles = {
  sitemap: endpoint<string>()({ method: 'GET', path: '/sitemap.xml', guarded: false }),
  robots: endpoint<string>()({ method: 'GET', path: '/robots.txt', guarded: false }),
  /** Google Merchant Center's RSS 2.0 product feed */
  merchantFeed: endpoint<string>()({ method: 'GET', path: '/merchant-feed.xml', guarded: false }),
} as const;

/**
 * The picture a shared link, a search result and the merchant feed show for an image: most sharers and Merchant Center
 * draw no SVG, so a static SVG cover has a 1200 × 630 PNG beside it, drawn at build time (web/build/shareImages.ts);
 * an uploaded image is raster already and goes as its widest WebP.
 */
export function sharePicture(ref: string): { path: string; type: string; width?: number; height?: number } {
  if (isMediaRef(ref)) return { path: imageUrl(ref, 1280, 'webp'), type: 'image/webp' };
  if (ref.endsWith('.svg'))
    return { path: `${ref.slice(0, -'.svg'.length)}${shareSuffix}`, type: 'image/png', ...shareImageSize };
  return { path: ref, type: /\.jpe?g$/.test(ref) ? 'image/jpeg' : ref.endsWith('.webp') ? 'image/webp' : 'image/png' };
}

/** What a static SVG's shared picture is called beside it: book-1.svg → book-1.share.png. */
export const shareSuffix = '.share.png';

/** The size every shared picture drawn at build time has: what Open Graph and Twitter's large card show best. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** The landing page's shared picture: the covers side by side, drawn at build time. */
export const shopSharePicture = { path: '/art/share/shop.png', type: 'image/png', ...shareImageSize } as const;

/**
 * The slots of a book's page as the build writes its HTML (web/src/shell/landingShell.tsx) and the server fills them
 * for each book, escaped (decision 114). Each is a word no book's text holds.
 */
export const bookScreenSlots = {
  title: '@@book-title@@',
  price: '@@book-price@@',
  description: '@@book-description@@',
  cover: '@@book-cover@@',
  coverAlt: '@@book-cover-alt@@',
  addToCart: '@@book-add-to-cart@@',
} as const;

/** The marker around the book page's HTML in index.html, which the server takes out of every page it sends. */
export const bookScreenTemplate = { open: '<template id="book-first-screen">', close: '</template>' } as const;

/** The search a book page's HTML "Add to Cart" link carries: the app adds one copy once it runs (decision 114). */
export const addToCartSearch = 'add=1';
