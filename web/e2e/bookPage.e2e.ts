// A book's own page: reached from its card on the landing page, its page preview and adding it to the cart; opened
// directly, it passes axe at both widths; an address no book has is the not-found screen.
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { axeProblems } from './ordersOwner.ts';
import { bookCard, cartButton, openLanding, pastSplash, type Storefront } from './storefrontLanding.ts';

const storefront: Storefront = await shopAndBrowserFor(test);

const [kindness, together] = shopContent.books as [
  (typeof shopContent.books)[number],
  (typeof shopContent.books)[number],
];
const pageTitle = (title: string) => `${title} — ${shopContent.shop.name}`;

/** Waits for the tab's title, which a page sets once it has drawn (and gives back when it goes), not as it draws. */
async function titleBecomes(page: Page, title: string) {
  await page
    .waitForFunction((wanted) => document.title === wanted, title)
    .catch(async () => assert.unreachable(`the tab is titled "${await page.title()}", not "${title}"`));
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Shopper goes from a book's card to its page, previews it and adds it to the cart (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    const card = bookCard(page, kindness.title);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('link', { name: kindness.title, exact: true }).click();
    await page.waitForURL(`**/books/${kindness.slug}`);
    const heading = page.getByRole('heading', { level: 1, name: kindness.title, exact: true });
    await heading.waitFor();
    await titleBecomes(page, pageTitle(kindness.title));
    const main = page.locator('main');
    assert.ok(await main.getByText('£9.99', { exact: true }).isVisible());
    assert.ok(await main.getByText(kindness.description, { exact: true }).isVisible());
    assert.is(await main.getByRole('img', { name: kindness.coverAlt, exact: true }).count(), 1);

    // The page preview, one page at a time.
    await main.getByRole('button', { name: 'Preview Pages' }).click();
    const preview = page.getByRole('dialog', { name: kindness.title });
    await preview.getByText(`Page 1 of ${kindness.previewPages.length}`, { exact: true }).waitFor();
    await preview.getByRole('button', { name: 'Next' }).click();
    await preview.getByText(`Page 2 of ${kindness.previewPages.length}`, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // Into the cart, two at once.
    await main.getByLabel(`Quantity of ${kindness.title}`, { exact: true }).fill('2');
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await main.getByRole('button', { name: 'Added to Cart!' }).waitFor();
    await page.getByRole('button', { name: 'Cart, 2 items', exact: true }).waitFor();
    assert.is(await cartButton(page).count(), 1);

    // Its reviews are there too, and the way back to every book.
    assert.ok(await main.getByRole('heading', { name: 'Reader Reviews', level: 2 }).isVisible());
    await main.getByRole('link', { name: 'All books' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await bookCard(page, kindness.title).waitFor();
    await titleBecomes(page, "Amanah House — Heartwarming Children's Stories");
    await context.close();
  });

  test(`A book's page opened at its address has no serious accessibility problems (${name})`, async () => {
    // The content security policy is set aside only so that axe can be injected.
    const context = await newContext(storefront.browser, viewport, { bypassCSP: true });
    const page = await context.newPage();
    const response = await page.goto(`${storefront.shop.url}/books/${together.slug}`);
    assert.is(response?.status(), 200);
    await pastSplash(page);
    await page.getByRole('heading', { level: 1, name: together.title, exact: true }).waitFor();
    await page
      .locator('main')
      .getByText(/No reviews yet|Write a Review/)
      .first()
      .waitFor();
    assert.equal(await axeProblems(page), []);
    await context.close();
  });
}

test('An address no published book has shows the not-found screen, and the server says 404', async () => {
  const context = await newContext(storefront.browser, viewports.mobile);
  const page = await context.newPage();
  const response = await page.goto(`${storefront.shop.url}/books/unknown-slug`);
  assert.is(response?.status(), 404);
  await pastSplash(page);
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  await context.close();
});

test.run();
