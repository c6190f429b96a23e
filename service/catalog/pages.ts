// The pages the server fills in and the catalogue's files: a book's page and the landing page carry their title,
// description, canonical address, shared picture and JSON-LD in the HTML sent (decision 079); sitemap.xml, robots.txt
// and the merchant feed are made from the published books as the read models have them now.
import type { Context } from 'koa';
import { getBookBySlug, listBooks } from '../../contracts/catalog/books.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import { imageUrl, isMediaRef } from '../../contracts/catalog/images.ts';
import {
  addToCartSearch,
  bookPath,
  bookScreenSlots,
  catalogFiles,
  sharePicture,
  shopSharePicture,
  slugOfBookPath,
} from '../../contracts/catalog/pages.ts';
import type { BookDto } from '../../contracts/catalog/model.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { comingDateOf } from '../../contracts/preorders/readModel.ts';
import { approvedReviewsForBook } from '../../contracts/reviews/readModel.ts';
import { isHomePath } from '../../contracts/shared/clientRoutes.ts';
import { getStock, inStockAt } from '../../contracts/stock/readModel.ts';
import type { ShopDeps } from '../deps.ts';
import { shopOrigin } from '../http/origin.ts';
import { route, type Routers } from '../http/route.ts';
import type { PageHeads } from '../http/static.ts';
import { merchantFeedXml, robotsTxt, sitemapXml } from './catalogFiles.ts';
import {
  absolute,
  bookPageMeta,
  landingPageMeta,
  ratingOf,
  renderHead,
  type SharePicture,
  type Site,
} from './pageHead.ts';

const logo = '/art/logo.svg';

function siteOf(deps: Pick<ShopDeps, 'config'>, ctx: Pick<Context, 'protocol' | 'host'>): Site {
  const { shop } = shopContent;
  // The links the footer shows that go somewhere ("#" stands for an account the shop does not have yet).
  const sameAs = [shop.instagramUrl, shop.facebookUrl, shop.twitterUrl].filter((url) => /^https:\/\//.test(url));
  return { origin: shopOrigin(deps, ctx), name: shop.name, sameAs };
}

function pictureOf(site: Site, ref: string, alt: string): SharePicture {
  const { path, ...picture } = sharePicture(ref);
  return { url: absolute(site, path), alt, ...picture };
}

/** Whether the product can be bought now, as the stock read model says. */
async function inStock(deps: ShopDeps, bookId: number): Promise<boolean> {
  return inStockAt(await getStock(deps.reads, bookId), deps.clock().toISOString());
}

/** The head the server writes into the page at `path`: its own for / and a published book's page, else none. */
export function catalogPageHeads(deps: ShopDeps): PageHeads {
  return async (path, ctx, shell) => {
    if (isHomePath(path)) {
      const site = siteOf(deps, ctx);
      const { path: image, ...size } = shopSharePicture;
      const picture = { url: absolute(site, image), alt: `Covers of the ${site.name} books side by side`, ...size };
      return { head: renderHead(landingPageMeta(site, { ...shell, image: picture, logo }), site) };
    }
    const slug = slugOfBookPath(path);
    // /books/<anything a slug cannot be> is no book's page either.
    if (slug === null) return path.startsWith('/books/') ? { missing: true } : null;
    const book = await getBookBySlug(deps.reads, slug);
    if (!book) return { missing: true };
    const site = siteOf(deps, ctx);
    const [reviews, available, publicationDate] = await Promise.all([
      approvedReviewsForBook(deps.reads, book.id),
      inStock(deps, book.id),
      comingDateOf(deps.reads, book.id),
    ]);
    const image = pictureOf(site, book.coverImage, book.coverAlt);
    const meta = bookPageMeta(site, book, {
      inStock: available,
      publicationDate,
      rating: ratingOf(reviews),
      image,
      // The pages as they are served: only covers have a PNG drawn for sharing.
      images: [image.url, ...book.previewPages.map((page) => absolute(site, imageUrl(page.image)))],
    });
    return { head: renderHead(meta, site), firstScreen: bookScreenOf(shell.bookScreen, book) };
  };
}

const escaped = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The book's page as the HTML carries it before any script (decision 114): the build's page with its slots filled,
 * each escaped; none in a build without the template.
 */
function bookScreenOf(template: string, book: BookDto): string | undefined {
  if (!template) return undefined;
  const slot = bookScreenSlots;
  const cover = isMediaRef(book.coverImage) ? imageUrl(book.coverImage, 640, 'webp') : book.coverImage;
  const values: Record<string, string> = {
    [slot.title]: book.title,
    [slot.price]: formatPence(book.price),
    [slot.description]: book.description,
    [slot.cover]: cover,
    [slot.coverAlt]: book.coverAlt || `Cover of ${book.title}`,
    [slot.addToCart]: `${bookPath(book.slug)}?${addToCartSearch}`,
  };
  return template.replace(/@@book-[a-z-]+@@/g, (found) => (found in values ? escaped(values[found]!) : found));
}

const feedDescription = `Faith-inspired children's picture books and posters from ${shopContent.shop.name}.`;

export function catalogFileRoutes(routers: Routers, deps: ShopDeps) {
  const text = (ctx: Context, type: string, body: string) => {
    ctx.type = type;
    // Crawlers come back often enough; an hour keeps a new or hidden book from waiting long.
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = body;
  };
  route(routers, catalogFiles.sitemap, async (ctx) => {
    text(ctx, 'application/xml; charset=utf-8', sitemapXml(siteOf(deps, ctx), await listBooks(deps.reads)));
  });
  route(routers, catalogFiles.robots, (ctx) => {
    text(ctx, 'text/plain; charset=utf-8', robotsTxt(siteOf(deps, ctx)));
  });
  route(routers, catalogFiles.merchantFeed, async (ctx) => {
    const site = siteOf(deps, ctx);
    const books = await listBooks(deps.reads);
    const items = await Promise.all(
      books.map(async (book) => ({
        book,
        inStock: await inStock(deps, book.id),
        publicationDate: await comingDateOf(deps.reads, book.id),
        imageUrl: pictureOf(site, book.coverImage, book.coverAlt).url,
      })),
    );
    text(ctx, 'application/xml; charset=utf-8', merchantFeedXml(site, feedDescription, items));
  });
}
