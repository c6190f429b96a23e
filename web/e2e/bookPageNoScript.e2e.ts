// A book's page readable without JavaScript (decision 114): the HTML the server sends holds the book's title, cover,
// price, description and an "Add to Cart" link, as a plain fetch and a browser with scripts off both find; with
// scripts on, the app's page takes its place with the title where the HTML had it, and the link adds the book.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { fetchWithin } from '../../infra/testing/http.ts';
import type { Storefront } from './storefrontLanding.ts';

const storefront: Storefront = await shopAndBrowserFor(test);
const { shop, browser } = storefront;
const [kindness, together] = shopContent.books as [
  (typeof shopContent.books)[number],
  (typeof shopContent.books)[number],
];

test("a plain fetch of a book's page finds its title, price, description, cover and the link to add it", async () => {
  const res = await fetchWithin(`${shop.url}/books/${kindness.slug}`);
  assert.is(res.status, 200);
  const html = await res.text();
  const body = html.slice(html.indexOf('<body'));
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
  assert.match(
    body,
    `<h1 id="book-title" class="rt-Heading rt-r-size-7 sm:rt-r-size-8">${escaped(kindness.title)}</h1>`,
  );
  assert.match(body, '>£9.99</p>');
  assert.match(body, `>${escaped(kindness.description)}</p>`);
  assert.match(body, `src="${kindness.coverImage}"`);
  assert.match(body, `href="/books/${kindness.slug}?add=1"`);
  // Filled for this book only, and no template or empty slot is sent.
  assert.not.match(html, /@@book-|<template id="book-first-screen"/);
  assert.not.match(body, together.description);
  // The landing page still sends its own first screen, without the book's template.
  const landing = await (await fetchWithin(`${shop.url}/`)).text();
  assert.not.match(landing, /@@book-|book-first-screen|id="book-title"/);
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`with scripts off a browser shows the book; with them on the app takes its place where it stood (${name})`, async () => {
    const off = await newContext(browser, viewport, { javaScriptEnabled: false });
    const still = await off.newPage();
    await still.goto(`${shop.url}/books/${together.slug}`);
    const heading = still.getByRole('heading', { level: 1, name: together.title, exact: true });
    await heading.waitFor();
    assert.ok(await still.getByText('£9.99', { exact: true }).isVisible());
    assert.ok(await still.getByText(together.description, { exact: true }).isVisible());
    assert.is(await still.getByRole('img', { name: together.coverAlt, exact: true }).count(), 1);
    const link = still.getByRole('link', { name: 'Add to Cart' });
    assert.is(await link.getAttribute('href'), `/books/${together.slug}?add=1`);
    const before = (await heading.boundingBox())!;
    await off.close();

    const on = await newContext(browser, viewport);
    const page = await on.newPage();
    await page.goto(`${shop.url}/books/${together.slug}?add=1`);
    // The app's page, not the HTML's: the first screen is gone, the cart holds the book the link asked for.
    await page.waitForFunction(() => document.getElementById('first-screen') === null);
    const drawn = page.getByRole('heading', { level: 1, name: together.title, exact: true });
    await drawn.waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
    assert.is(new URL(page.url()).search, '', 'the address loses the request');
    const after = (await drawn.boundingBox())!;
    // A test shop takes test payments, and the app says so in a strip above everything, which the HTML cannot know.
    const strip = page.getByTestId('site-test-mode');
    const stripHeight = (await strip.count()) > 0 ? ((await strip.boundingBox())?.height ?? 0) : 0;
    const moved = { x: after.x - before.x, y: after.y - stripHeight - before.y };
    assert.ok(Math.abs(moved.x) <= 2 && Math.abs(moved.y) <= 2, JSON.stringify({ before, after, stripHeight }));
    await on.close();
  });
}

test.run();
