// The shopper's main screens at both widths, as a newcomer first sees them: the landing page, a book's page and the
// cart with a book in it. Each passes axe with nothing serious; the pictures they leave are the README's screenshots
// (`npm run screenshots` copies them into docs/screenshots).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { axeProblems } from './ordersOwner.ts';
import { addToCart, openCart, pastSplash, type Storefront } from './storefrontLanding.ts';

const storefront: Storefront = await shopAndBrowserFor(test);
const shots = 'test-results/shop-screens';
const [book] = shopContent.books as [(typeof shopContent.books)[number]];

for (const [name, viewport] of Object.entries(viewports)) {
  test(`The landing page, a book's page and the cart, at ${name} width`, async () => {
    // (The accessibility check's script is added to the page, which the shop's CSP would refuse.)
    const { context, page } = await newPage(storefront.browser, viewport, { bypassCSP: true });
    try {
      await page.goto(`${storefront.shop.url}/`);
      await pastSplash(page);
      await page.getByTestId('book-card').first().waitFor();
      await page.locator('footer.site-footer').waitFor();
      await page.screenshot({ path: `${shots}/landing-${name}.png` });
      assert.equal(await axeProblems(page), [], 'the landing page');

      await page.goto(`${storefront.shop.url}/books/${book.slug}`);
      await page.getByRole('heading', { level: 1, name: book.title, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
      await page.screenshot({ path: `${shots}/book-${name}.png` });
      assert.equal(await axeProblems(page), [], "the book's page");

      await page.goto(`${storefront.shop.url}/`);
      await page.getByTestId('book-card').first().waitFor();
      await addToCart(page, book.title);
      const drawer = await openCart(page);
      await drawer.getByText(book.title, { exact: true }).first().waitFor();
      await page.screenshot({ path: `${shots}/cart-${name}.png` });
      assert.equal(await axeProblems(page), [], 'the cart');
    } finally {
      await context.close();
    }
  });
}

test.run();
