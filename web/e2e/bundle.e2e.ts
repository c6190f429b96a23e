// The bundle saving in the browser (decisions 072, 113): the saving the cart shows is what the sandbox hosted page
// charges and what the order records; the landing page names the set the rule asks for, its note shows only while the
// cart holds one, and a cart one title short says which title completes it; in a shop with the bundle switched off no
// page shows its note.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { startTestShop } from '../../infra/testing/shop.ts';
import { payOnHostedPage } from './discountShop.ts';
import { landingWithCart } from './storefrontLanding.ts';

const { shop, browser } = await shopAndBrowserFor(test);
const plain = await startTestShop({}, { bundle: { enabled: false, percentOff: 10, requires: [1, 2, 3] } });
test.after(() => plain.close());

const note = "You're saving 10% with this bundle!";
const allThree = [
  { bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 1 },
  { bookId: 2, title: 'Together We Shine', price: 999, quantity: 1 },
  { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999, quantity: 1 },
];

const viewport = viewports.desktop;
/** The offer as generated from the rule (requires 1, 2 and 3, 10% off). */
const offer =
  'Buy The Kindness Basket, Together We Shine and Alif to Ya: My Arabic Alphabet Poster together, one of each, and save 10% on the set.';
const completes = 'Add Alif to Ya: My Arabic Alphabet Poster to complete the bundle and save 10% on the set.';

test('with an empty cart the landing page names the set that qualifies and promises no saving', async () => {
  const { context, page } = await newPage(browser, viewport);
  await landingWithCart(page, shop, []);
  const mix = page.locator('.mix-match');
  await mix.getByTestId('bundle-offer').waitFor();
  assert.is(await mix.getByTestId('bundle-offer').innerText(), offer);
  assert.is(await page.getByText(note).count(), 0, 'no saving is claimed');
  assert.is(await page.getByTestId('bundle-complete').count(), 0);
  await context.close();
});

test('the saving the cart shows is what the hosted page charges and what the order records', async () => {
  const { context, page } = await newPage(browser, viewport);
  await landingWithCart(page, shop, allThree);
  await page.locator('.mix-match').getByText(note, { exact: true }).waitFor();
  assert.is(await page.locator('.mix-match').getByTestId('bundle-offer').innerText(), offer);
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  const drawer = page.locator('.cart-drawer');
  await drawer.getByTestId('cart-saving').waitFor();
  assert.is(await drawer.getByTestId('cart-saving').innerText(), '−£3.00');
  assert.ok(await drawer.getByText('Bundle saving', { exact: true }).isVisible());
  assert.ok(await drawer.getByText(note, { exact: true }).isVisible());
  assert.is(await drawer.getByTestId('cart-total').innerText(), '£26.97');

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, { timeout: 15_000 });
  const sessionId = new URL(page.url()).searchParams.get('session')!;
  await page.getByTestId('sandbox-total').waitFor();
  // £26.97 for the books after the saving and £3.50 UK shipping.
  assert.is(await page.getByTestId('sandbox-total').innerText(), '£30.47');
  const lines = await page.getByTestId('sandbox-line').allInnerTexts();
  assert.is(lines.length, 3);
  for (const line of lines) {
    assert.match(line, 'Bundle price (was £9.99)');
    assert.match(line, 'Qty 1 × £8.99');
  }
  assert.match(await page.locator('main').innerText(), '£26.97');

  await payOnHostedPage(page);
  // The note is where the saving is applied, and nowhere else: not on the confirmation.
  assert.is(await page.getByText(note).count(), 0);

  const order = (await shop.shop.deps.events.readStream(`order-${sessionId}`)).find(
    (e) => e.type === 'OrderPlaced',
  )!.data;
  assert.is(order.subtotal, 2697);
  assert.is(order.total, 3047);
  assert.equal(
    order.discounts?.map((d) => [d.kind, d.amount]),
    [['bundle', 300]],
  );
  await context.close();
});

test('a cart one title short has no saving line and no note, and says which title completes the bundle', async () => {
  const { context, page } = await newPage(browser, viewport);
  await landingWithCart(page, shop, allThree.slice(0, 2));
  const mix = page.locator('.mix-match');
  await mix.getByTestId('bundle-complete').waitFor();
  assert.is(await mix.getByTestId('bundle-complete').innerText(), completes);
  assert.is(await mix.getByText(note).count(), 0);
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const drawer = page.locator('.cart-drawer');
  await drawer.getByTestId('cart-total').waitFor();
  assert.is(await drawer.getByTestId('cart-total').innerText(), '£19.98');
  assert.is(await drawer.getByTestId('cart-saving').count(), 0);
  assert.is(await drawer.getByText(note).count(), 0);
  assert.is(await drawer.getByTestId('bundle-complete').innerText(), completes);
  await context.close();
});

test('three copies of one title are no set: no saving, no note, nothing claimed', async () => {
  const { context, page } = await newPage(browser, viewport);
  await landingWithCart(page, shop, [{ ...allThree[0]!, quantity: 3 }]);
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  const drawer = page.locator('.cart-drawer');
  await drawer.getByTestId('cart-total').waitFor();
  assert.is(await drawer.getByTestId('cart-total').innerText(), '£29.97');
  assert.is(await page.getByText(note).count(), 0);
  assert.is(await page.getByTestId('bundle-complete').count(), 0, 'two titles short is not one');
  await context.close();
});

test('with the bundle switched off no page shows the note and the cart charges list prices', async () => {
  const { context, page } = await newPage(browser, viewport);
  await landingWithCart(page, plain, allThree);
  await page.locator('.mix-match').getByRole('heading', { name: 'Mix and Match Your Order' }).waitFor();
  assert.is(await page.getByText(note).count(), 0, 'not on the landing page');
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  const drawer = page.locator('.cart-drawer');
  await drawer.getByTestId('cart-total').waitFor();
  assert.is(await drawer.getByTestId('cart-total').innerText(), '£29.97');
  assert.is(await page.getByText(note).count(), 0, 'not in the cart');
  assert.is(await drawer.getByTestId('cart-saving').count(), 0);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, { timeout: 15_000 });
  await page.getByTestId('sandbox-total').waitFor();
  assert.is(await page.getByTestId('sandbox-total').innerText(), '£33.47');
  assert.is(await page.getByText(note).count(), 0, 'not on the hosted page');
  assert.is(await page.getByText('Bundle price', { exact: false }).count(), 0);
  await context.close();
});

test.run();
