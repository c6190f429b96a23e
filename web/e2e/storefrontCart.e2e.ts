// The cart drawer: its texts, line controls and limits, the total, clearing, surviving a reload, and the
// "Proceed to Checkout" guard and request.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { eventually } from '../../infra/testing/assert.ts';
import {
  addToCart,
  cartButton,
  focusReturnsTo,
  openCart,
  openLanding,
  pastSplash,
  type Storefront,
} from './storefrontLanding.ts';

const storefront: Storefront = await shopAndBrowserFor(test);

const [kindness, together, poster] = shopContent.books.map((b) => b.title) as [string, string, string];

for (const [name, viewport] of Object.entries(viewports)) {
  test(`An empty cart says so (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    assert.is(await cartButton(page).getAttribute('aria-label'), 'Cart, 0 items');
    const drawer = await openCart(page);
    assert.ok(await drawer.getByRole('heading', { name: 'Your Cart (0)' }).isVisible());
    assert.ok(await drawer.getByText('Review your books before checkout', { exact: true }).isVisible());
    assert.ok(await drawer.getByText('Your cart is empty', { exact: true }).isVisible());
    assert.ok(await drawer.getByText('Add some books to get started!', { exact: true }).isVisible());
    assert.is(await drawer.getByRole('button', { name: 'Proceed to Checkout' }).count(), 0);
    // The drawer comes in from the right edge and stays against it.
    await eventually(
      async () => {
        const box = await drawer.boundingBox();
        return box !== null && Math.abs(box.x + box.width - viewport.width) < 2 && box.height >= viewport.height - 2;
      },
      15_000,
      'the drawer against the right edge, full height',
    );
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });

  test(`Shopper changes quantities within 1-10, removes a line, sees the total and clears the cart (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    await addToCart(page, kindness, 9);
    await addToCart(page, poster, 1);
    const drawer = await openCart(page);
    assert.ok(await drawer.getByRole('heading', { name: 'Your Cart (10)' }).isVisible());
    const lines = drawer.getByRole('list', { name: 'Books in your cart' }).getByRole('listitem');
    assert.is(await lines.count(), 2);
    const kindnessLine = lines.filter({ hasText: kindness });
    assert.ok(await kindnessLine.getByText('£9.99', { exact: true }).isVisible());
    const quantityOf = (line: typeof kindnessLine) => line.getByTestId('cart-line-quantity').innerText();
    assert.match(await quantityOf(kindnessLine), /9$/);

    const plus = kindnessLine.getByRole('button', { name: `Increase quantity of ${kindness}` });
    const minus = kindnessLine.getByRole('button', { name: `Decrease quantity of ${kindness}` });
    await plus.click();
    assert.match(await quantityOf(kindnessLine), /10$/);
    assert.ok(await plus.isDisabled(), 'plus is off at 10');
    assert.ok(await drawer.getByRole('heading', { name: 'Your Cart (11)' }).isVisible());
    assert.is(await drawer.getByTestId('cart-total').innerText(), '£109.89');

    const posterLine = lines.filter({ hasText: poster });
    assert.ok(
      await posterLine.getByRole('button', { name: `Decrease quantity of ${poster}` }).isDisabled(),
      'minus is off at 1',
    );
    await minus.click();
    assert.match(await quantityOf(kindnessLine), /9$/);
    assert.ok(await drawer.getByText('Total', { exact: true }).isVisible());
    assert.is(await drawer.getByTestId('cart-total').innerText(), '£99.90');
    assert.ok(await drawer.getByText('Shipping calculated at checkout', { exact: true }).isVisible());

    await posterLine.getByRole('button', { name: `Remove ${poster}` }).click();
    assert.is(await lines.count(), 1);
    assert.ok(await drawer.getByRole('heading', { name: 'Your Cart (9)' }).isVisible());
    assert.is(await drawer.getByTestId('cart-total').innerText(), '£89.91');

    await drawer.getByRole('button', { name: 'Clear Cart' }).click();
    assert.ok(await drawer.getByText('Your cart is empty', { exact: true }).isVisible());
    assert.ok(await drawer.getByRole('heading', { name: 'Your Cart (0)' }).isVisible());
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.is(await cartButton(page).getAttribute('aria-label'), 'Cart, 0 items');
    await focusReturnsTo(cartButton(page), 'closing the drawer gives focus back to the cart button');
    await context.close();
  });

  test(`The cart survives a reload (${name})`, async () => {
    const { context, page } = await openLanding(storefront, viewport);
    await addToCart(page, together, 2);
    await addToCart(page, kindness, 1);
    await page.reload();
    await pastSplash(page);
    // Until the app has drawn its header, the page's prerendered first screen shows a cart of 0 items.
    await page.getByRole('button', { name: 'Cart, 3 items', exact: true }).waitFor();
    const drawer = await openCart(page);
    const titles = await drawer
      .getByRole('list', { name: 'Books in your cart' })
      .getByRole('listitem')
      .locator('.cart-line__title')
      .allInnerTexts();
    assert.equal(titles, [together, kindness]);
    await context.close();
  });
}

test('"Proceed to Checkout" sends the cart once, keeps it on failure, and on success empties it and follows the url', async () => {
  const { context, page } = await openLanding(storefront, viewports.mobile);
  await addToCart(page, together, 2);
  await addToCart(page, poster, 1);
  const bodies: unknown[] = [];
  const answers: ((body: object) => void)[] = [];
  await page.route('**/api/cart/checkout', async (route) => {
    bodies.push(route.request().postDataJSON());
    const body = await new Promise<object>((resolve) => answers.push(resolve));
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

  const drawer = await openCart(page);
  const proceed = drawer.getByRole('button', { name: 'Proceed to Checkout' });
  // Two clicks in the same moment, before the page can redraw: only one checkout may run.
  await proceed.evaluate((button) => {
    (button as HTMLButtonElement).click();
    (button as HTMLButtonElement).click();
  });
  const processing = drawer.getByRole('button', { name: 'Processing...' });
  await processing.waitFor();
  assert.ok(await processing.isDisabled());
  await eventually(() => bodies.length === 1, 15_000, 'the checkout request');
  // A request the page sends after the two clicks has come and gone: one the second click had sent would be here too.
  await page.evaluate(() => fetch('/healthz').then(() => undefined));
  assert.is(bodies.length, 1, 'the second click was blocked');
  assert.equal(bodies[0], {
    items: [
      { bookId: 2, quantity: 2, title: together, price: 999 },
      { bookId: 3, quantity: 1, title: poster, price: 999 },
    ],
    customerCountry: 'GB',
  });

  answers[0]!({ success: false, error: 'Payments are resting' });
  await proceed.waitFor();
  assert.ok(await proceed.isEnabled(), 'busy clears after a failure');
  assert.ok(await drawer.getByRole('heading', { name: 'Your Cart (3)' }).isVisible(), 'the cart stays');
  assert.ok(
    errors.some((e) => e.includes('Cart checkout failed')),
    'the failure is logged',
  );
  assert.is(await page.locator('.shop-toast').count(), 0, 'no toast for a failed cart checkout');

  await proceed.click();
  await eventually(() => bodies.length === 2, 15_000, 'a second checkout after the failure');
  answers[1]!({ success: true, url: `${storefront.shop.url}/app?checkout=hosted` });
  await page.waitForURL(/\/app\?checkout=hosted$/);
  await pastSplash(page);
  // The prerendered first screen says "0 items" whatever the cart holds: read the app's own header, once it is drawn.
  await page.locator('#first-screen').waitFor({ state: 'detached' });
  assert.is(await cartButton(page).getAttribute('aria-label'), 'Cart, 0 items');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null')), []);
  await context.close();
});

test.run();
