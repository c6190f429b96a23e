// The HTML the server sends for a book's page and the landing page (read as a crawler reads it, with no script), and
// the catalogue's files: sitemap.xml, robots.txt and the merchant feed.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { fetchWithin } from '../../infra/testing/http.ts';
import { childText, elementsNamed, parseXml } from '../../infra/testing/xml.ts';
import { bookPageMeta, jsonForScript, renderHead, type Site } from './pageHead.ts';

const publicUrl = 'https://shop.example';
const [kindness, together, poster] = shopContent.books as [
  (typeof shopContent.books)[number],
  (typeof shopContent.books)[number],
  (typeof shopContent.books)[number],
];

let shop: TestShop;
let webDist: string;
let admin: Record<string, string>;
test.before(async () => {
  // The page's own index.html is the shell: what the build writes keeps its title, description and </head>.
  webDist = mkdtempSync(join(tmpdir(), 'shop-pages-'));
  copyFileSync('web/index.html', join(webDist, 'index.html'));
  shop = await startTestShop({ PUBLIC_URL: `${publicUrl}/`, RATE_LIMITS: floodLimits }, { webDist });
  admin = await adminHeaders(shop);
});
test.after(async () => {
  await shop.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function page(path: string) {
  const res = await fetchWithin(`${shop.url}${path}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}

const metaOf = (html: string, attribute: 'name' | 'property', key: string): string[] =>
  [...html.matchAll(new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`, 'g'))].map(
    (m) => m[1]!,
  );
const one = (html: string, attribute: 'name' | 'property', key: string): string => {
  const found = metaOf(html, attribute, key);
  assert.is(found.length, 1, `${key} once: ${JSON.stringify(found)}`);
  return found[0]!;
};
const titlesOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);
const jsonLdOf = (html: string): any[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const productOf = (html: string) => {
  const products = jsonLdOf(html).filter((data) => data['@type'] === 'Product');
  assert.is(products.length, 1);
  return products[0];
};

async function approvedReview(bookId: number, rating: number) {
  const body = { bookId, customerName: 'Maryam', customerEmail: 'maryam@example.com', rating, reviewText: 'Lovely.' };
  const submitted = await call(`${shop.url}/api/reviews/submit`, { body });
  assert.is(submitted.status, 201);
  const approved = await call(`${shop.url}/api/admin/reviews/${submitted.json.reviewId}/approve`, {
    body: {},
    headers: admin,
  });
  assert.is(approved.status, 200);
}

test("a book's page carries its title, price, canonical address and shared picture in the HTML sent", async () => {
  const { status, type, html } = await page(`/books/${kindness.slug}`);
  assert.is(status, 200);
  assert.match(type, 'text/html');
  assert.equal(titlesOf(html), [`${kindness.title} — ${shopContent.shop.name}`]);
  assert.equal(canonicalOf(html), [`${publicUrl}/books/${kindness.slug}`]);
  assert.is(metaOf(html, 'name', 'description').length, 1, 'the shell description is replaced, not repeated');
  assert.is(one(html, 'property', 'og:title'), `${kindness.title} — ${shopContent.shop.name}`);
  assert.is(one(html, 'property', 'og:type'), 'product');
  assert.is(one(html, 'property', 'og:url'), `${publicUrl}/books/${kindness.slug}`);
  // A raster picture, at an absolute address on PUBLIC_URL: the SVG cover's PNG drawn at build time.
  assert.is(one(html, 'property', 'og:image'), `${publicUrl}/art/covers/book-1.share.png`);
  assert.is(one(html, 'property', 'og:image:type'), 'image/png');
  assert.is(one(html, 'property', 'og:image:width'), '1200');
  assert.is(one(html, 'property', 'og:image:alt'), kindness.coverAlt.replace(/'/g, '&#39;'));
  assert.is(one(html, 'name', 'twitter:card'), 'summary_large_image');
  assert.is(one(html, 'name', 'twitter:image'), `${publicUrl}/art/covers/book-1.share.png`);
  assert.is(one(html, 'property', 'product:price:amount'), '9.99');
  assert.is(one(html, 'property', 'product:price:currency'), 'GBP');
  // The head goes into the page, which still starts the app.
  assert.match(html, '<div id="root"></div>');
  assert.ok(html.indexOf('<link rel="canonical"') < html.indexOf('</head>'));
});

test("a book's JSON-LD is a Product with an Offer, and a rating only once it has approved reviews", async () => {
  const product = productOf((await page(`/books/${together.slug}`)).html);
  assert.is(product['@context'], 'https://schema.org');
  assert.is(product.name, together.title);
  assert.is(product.description, together.description);
  assert.ok(Array.isArray(product.image) && product.image.length === 1 + together.previewPages.length);
  for (const image of product.image) assert.ok(image.startsWith(`${publicUrl}/`), image);
  assert.equal(
    product.image.slice(1),
    together.previewPages.map((p) => `${publicUrl}${p.image}`),
  );
  assert.is(product.url, `${publicUrl}/books/${together.slug}`);
  assert.equal(
    {
      type: product.offers['@type'],
      price: product.offers.price,
      currency: product.offers.priceCurrency,
      availability: product.offers.availability,
    },
    { type: 'Offer', price: '9.99', currency: 'GBP', availability: 'https://schema.org/InStock' },
  );
  assert.is(product.aggregateRating, undefined, 'no reviews, no rating');

  // A pending review is not counted; approved ones are.
  const pending = await call(`${shop.url}/api/reviews/submit`, {
    body: {
      bookId: together.id,
      customerName: 'Yusuf',
      customerEmail: 'y@example.com',
      rating: 1,
      reviewText: 'Not for us.',
    },
  });
  assert.is(pending.status, 201);
  assert.is(productOf((await page(`/books/${together.slug}`)).html).aggregateRating, undefined);
  await approvedReview(together.id, 4);
  await approvedReview(together.id, 5);
  const rated = productOf((await page(`/books/${together.slug}`)).html);
  assert.equal(
    { type: rated.aggregateRating['@type'], value: rated.aggregateRating.ratingValue },
    { type: 'AggregateRating', value: 4.5 },
  );
  assert.is(rated.aggregateRating.reviewCount, 2);
});

test('a book with no copies left is out of stock on its page and in the feed', async () => {
  const stock = `${shop.url}/api/admin/stock/${poster.id}`;
  assert.is((await call(`${stock}/received`, { body: { quantity: 1 }, headers: admin })).status, 200);
  const out = await call(`${stock}/corrections`, {
    body: { delta: -1, reason: 'damaged in the post' },
    headers: admin,
  });
  assert.is(out.status, 200);
  const product = productOf((await page(`/books/${poster.slug}`)).html);
  assert.is(product.offers.availability, 'https://schema.org/OutOfStock');
  const feed = parseXml((await page('/merchant-feed.xml')).html);
  const item = elementsNamed(feed, 'item').find((i) => childText(i, 'g:id') === String(poster.id))!;
  assert.is(childText(item, 'g:availability'), 'out_of_stock');
  assert.is(
    childText(item, 'g:google_product_category'),
    'Home & Garden > Decor > Artwork > Posters, Prints, & Visual Artwork',
  );
});

test("an address no published book has: the app's not-found screen, with a 404 and the shell's own head", async () => {
  for (const path of ['/books/unknown-slug', '/books/The-Kindness-Basket', `/books/${kindness.slug}/more`, '/books']) {
    const { status, html } = await page(path);
    assert.is(status, 404, path);
    assert.match(html, '<div id="root"></div>', path);
    assert.equal(jsonLdOf(html), [], path);
    assert.equal(canonicalOf(html), [], path);
  }
});

test('the landing page keeps its title and description and carries its canonical address and shared picture', async () => {
  const { status, html } = await page('/');
  assert.is(status, 200);
  assert.equal(titlesOf(html), ['Amanah House — Heartwarming Children&#39;s Stories']);
  assert.match(one(html, 'name', 'description'), 'Heartwarming children&#39;s picture books');
  assert.equal(canonicalOf(html), [`${publicUrl}/`]);
  assert.is(one(html, 'property', 'og:type'), 'website');
  assert.is(one(html, 'property', 'og:image'), `${publicUrl}/art/share/shop.png`);
  assert.is(one(html, 'name', 'twitter:card'), 'summary_large_image');
  const organisation = jsonLdOf(html).find((data) => data['@type'] === 'Organization');
  assert.is(organisation.name, shopContent.shop.name);
  assert.is(organisation.logo, `${publicUrl}/art/logo.svg`);
  // Another page of the app keeps the shell as it is.
  assert.equal(titlesOf((await page('/checkout-success')).html), ["Amanah House — Heartwarming Children's Stories"]);
});

test('sitemap.xml lists the landing page and every published book, as well-formed XML', async () => {
  const res = await page('/sitemap.xml');
  assert.is(res.status, 200);
  assert.match(res.type, 'application/xml');
  const sitemap = parseXml(res.html);
  assert.is(sitemap.name, 'urlset');
  assert.is(sitemap.attributes.xmlns, 'http://www.sitemaps.org/schemas/sitemap/0.9');
  assert.equal(
    elementsNamed(sitemap, 'loc').map((loc) => loc.text),
    [`${publicUrl}/`, ...shopContent.books.map((book) => `${publicUrl}/books/${book.slug}`)],
  );
});

test('robots.txt keeps crawlers out of the admin area and points at the sitemap', async () => {
  const res = await page('/robots.txt');
  assert.is(res.status, 200);
  assert.match(res.type, 'text/plain');
  const lines = res.html.split('\n');
  assert.is(lines[0], 'User-agent: *');
  for (const path of ['/admin', '/api/admin']) assert.ok(lines.includes(`Disallow: ${path}`), path);
  assert.ok(lines.includes(`Sitemap: ${publicUrl}/sitemap.xml`));
});

test("the merchant feed is RSS 2.0 with Google's namespace and every attribute Merchant Center asks for", async () => {
  const res = await page('/merchant-feed.xml');
  assert.is(res.status, 200);
  const rss = parseXml(res.html);
  assert.equal({ name: rss.name, version: rss.attributes.version }, { name: 'rss', version: '2.0' });
  assert.is(rss.attributes['xmlns:g'], 'http://base.google.com/ns/1.0');
  const channel = rss.children[0]!;
  assert.is(childText(channel, 'link'), `${publicUrl}/`);
  const items = elementsNamed(channel, 'item');
  assert.is(items.length, shopContent.books.length);
  for (const [i, item] of items.entries()) {
    const book = shopContent.books[i]!;
    assert.is(childText(item, 'g:id'), String(book.id));
    assert.is(childText(item, 'g:title'), book.title);
    assert.is(childText(item, 'g:description'), book.description);
    assert.is(childText(item, 'g:link'), `${publicUrl}/books/${book.slug}`);
    assert.match(childText(item, 'g:image_link')!, new RegExp(`^${publicUrl}/art/covers/book-\\d\\.share\\.png$`));
    assert.match(childText(item, 'g:availability')!, /^(in_stock|out_of_stock)$/);
    assert.is(childText(item, 'g:price'), '9.99 GBP');
    assert.is(childText(item, 'g:condition'), 'new');
    assert.is(childText(item, 'g:brand'), shopContent.shop.name);
    assert.is(childText(item, 'g:identifier_exists'), 'no');
    assert.ok(childText(item, 'g:google_product_category'));
  }
  assert.is(childText(items[0]!, 'g:google_product_category'), 'Media > Books');
});

test('a hidden book has no page, and is in neither the sitemap nor the feed; published again, it is back', async () => {
  const catalogue = `${shop.url}/api/admin/catalogue/${together.id}`;
  const hidden = await call(`${catalogue}/hide`, { body: { reason: 'Reprinting' }, headers: admin });
  assert.is(hidden.status, 200, hidden.text);
  const gone = await page(`/books/${together.slug}`);
  assert.is(gone.status, 404);
  assert.equal(jsonLdOf(gone.html), []);
  const locs = elementsNamed(parseXml((await page('/sitemap.xml')).html), 'loc').map((loc) => loc.text);
  assert.not.ok(
    locs.some((loc) => loc.endsWith(`/books/${together.slug}`)),
    locs.join(' '),
  );
  assert.ok(locs.includes(`${publicUrl}/books/${kindness.slug}`));
  const ids = elementsNamed(parseXml((await page('/merchant-feed.xml')).html), 'item').map((i) => childText(i, 'g:id'));
  assert.equal(ids, [String(kindness.id), String(poster.id)]);

  assert.is((await call(`${catalogue}/publish`, { body: { reason: 'Back in print' }, headers: admin })).status, 200);
  assert.is((await page(`/books/${together.slug}`)).status, 200);
});

test('nothing in a title or description breaks out of the head: escaped in tags, \\u-escaped in JSON-LD', () => {
  const site: Site = { origin: publicUrl, name: 'Amanah "House" & Co', sameAs: [] };
  const hostile = `</script><script>alert(1)</script> & "quotes" <!-- 'apostrophes'`;
  const book = { ...kindness, title: hostile, description: `${hostile}\u2028next` };
  const head = renderHead(
    bookPageMeta(site, book, {
      inStock: true,
      rating: null,
      image: { url: `${publicUrl}/x.png`, alt: hostile },
      images: [`${publicUrl}/x.png`],
    }),
    site,
  );
  assert.not.match(head, '<script>alert');
  assert.not.match(head, '<!--');
  assert.is(head.match(/<script/g)?.length, 1, 'one JSON-LD block, and no other script');
  assert.is(head.match(/<\/script>/g)?.length, 1);
  assert.equal(titlesOf(head), [
    '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;!-- &#39;apostrophes&#39; — Amanah &quot;House&quot; &amp; Co',
  ]);
  const product = productOf(head);
  assert.is(product.name, hostile);
  assert.is(product.description, `${hostile}\u2028next`);
  assert.is(JSON.parse(jsonForScript({ a: '</script>' })).a, '</script>');
});

test.run();
