// What the server writes into the head of the page it sends for / and /books/{slug}: the title and description, the
// canonical address, the Open Graph and Twitter card tags, and the JSON-LD that describes the product. Pure: the
// caller gathers the book, its reviews and its stock; everything put into the HTML is escaped here.
import type { BookDto } from '../../contracts/catalog/model.ts';
import { bookPath } from '../../contracts/catalog/pages.ts';
import { penceToPoundsString } from '../../contracts/shared/money.ts';

/** What a page about a book needs to know of it. */
export type PageBook = Pick<
  BookDto,
  'id' | 'slug' | 'kind' | 'title' | 'description' | 'price' | 'coverImage' | 'coverAlt'
>;

/** The site as the pages name it: where shoppers reach it (PUBLIC_URL) and what it is called. */
export type Site = { origin: string; name: string; sameAs: readonly string[] };

export type Rating = { ratingValue: number; reviewCount: number };

/** The picture a shared link shows: an absolute address, with its size when it is known. */
export type SharePicture = { url: string; alt: string; width?: number; height?: number; type?: string };

export type PageMeta = {
  title: string;
  description: string;
  /** absolute */
  canonical: string;
  ogType: 'website' | 'product';
  image: SharePicture;
  /** further `<meta property>` pairs (the product's price) */
  properties?: ReadonlyArray<readonly [string, string]>;
  jsonLd: readonly object[];
};

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` are written as \u escapes (the same
 * string to a JSON reader), so no text in it — `</script>` in a title, `<!--` in a review — can end the block early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A description in one line of at most `max` characters, cut at a word with an ellipsis: what result pages show. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** An address under the site: absolute addresses stay as they are. */
export function absolute(site: Site, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${site.origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The tags, one a line, to go before `</head>`. */
export function renderHead(meta: PageMeta, site: Site): string {
  const name = (key: string, content: string) => `<meta name="${key}" content="${escapeHtml(content)}" />`;
  const property = (key: string, content: string) => `<meta property="${key}" content="${escapeHtml(content)}" />`;
  const { image } = meta;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    name('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    property('og:site_name', site.name),
    property('og:locale', 'en_GB'),
    property('og:type', meta.ogType),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.canonical),
    property('og:image', image.url),
    ...(image.url.startsWith('https:') ? [property('og:image:secure_url', image.url)] : []),
    ...(image.type ? [property('og:image:type', image.type)] : []),
    ...(image.width && image.height
      ? [property('og:image:width', String(image.width)), property('og:image:height', String(image.height))]
      : []),
    property('og:image:alt', image.alt),
    ...(meta.properties ?? []).map(([key, content]) => property(key, content)),
    name('twitter:card', 'summary_large_image'),
    name('twitter:title', meta.title),
    name('twitter:description', meta.description),
    name('twitter:image', image.url),
    name('twitter:image:alt', image.alt),
    ...meta.jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ].join('\n    ');
}

/** The rating of a book's approved reviews, or null when it has none (a rating of nothing is no rating). */
export function ratingOf(reviews: ReadonlyArray<{ rating: number }>): Rating | null {
  if (reviews.length === 0) return null;
  const mean = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
  return { ratingValue: Math.round(mean * 10) / 10, reviewCount: reviews.length };
}

const schemaAvailability = (inStock: boolean, coming: boolean) =>
  `https://schema.org/${coming ? 'PreOrder' : inStock ? 'InStock' : 'OutOfStock'}`;

/** The title a book's page carries: the book's, then the shop's. */
export const bookTitle = (book: PageBook, site: Site): string => `${book.title} — ${site.name}`;

/** The head of a book's page. */
export function bookPageMeta(
  site: Site,
  book: PageBook,
  facts: {
    inStock: boolean;
    rating: Rating | null;
    image: SharePicture;
    images: readonly string[];
    /** a coming book's publication date (decision 120): offered as a pre-order from that day */
    publicationDate?: string | null;
  },
): PageMeta {
  const url = absolute(site, bookPath(book.slug));
  const price = penceToPoundsString(book.price);
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: book.title,
    description: book.description,
    image: facts.images,
    url,
    sku: String(book.id),
    category: book.kind === 'poster' ? 'Posters' : "Children's picture books",
    brand: { '@type': 'Brand', name: site.name },
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'GBP',
      availability: schemaAvailability(facts.inStock, !!facts.publicationDate),
      ...(facts.publicationDate ? { availabilityStarts: facts.publicationDate } : {}),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: site.name },
    },
    ...(facts.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: facts.rating.ratingValue,
            reviewCount: facts.rating.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  return {
    title: bookTitle(book, site),
    description: summary(book.description),
    canonical: url,
    ogType: 'product',
    image: facts.image,
    properties: [
      ['product:price:amount', price],
      ['product:price:currency', 'GBP'],
      ['product:availability', facts.publicationDate ? 'preorder' : facts.inStock ? 'in stock' : 'out of stock'],
      ['product:condition', 'new'],
    ],
    jsonLd: [product],
  };
}

/** The head of the landing page: its own title and description, the shop as an organisation. */
export function landingPageMeta(
  site: Site,
  page: { title: string; description: string; image: SharePicture; logo: string },
): PageMeta {
  const url = `${site.origin}/`;
  return {
    title: page.title,
    description: page.description,
    canonical: url,
    ogType: 'website',
    image: page.image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': `${url}#organization`,
        name: site.name,
        url,
        logo: absolute(site, page.logo),
        ...(site.sameAs.length > 0 ? { sameAs: site.sameAs } : {}),
      },
      { '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url },
    ],
  };
}
