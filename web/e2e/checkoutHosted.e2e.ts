import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType } from '../../infra/testing/checkout.ts';

const { shop, browser } = await shopAndBrowserFor(test);

const cartKey = 'cart';
const twoBooks = [
  { bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 2 },
  { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999, quantity: 1 },
];

/** A shopper with two books in the cart opens the drawer and proceeds to checkout. */
async function checkOutCart(page: Page) {
  await page.goto(`${shop.url}/`);
  await page.evaluate(([key, lines]) => localStorage.setItem(key as string, JSON.stringify(lines)), [
    cartKey,
    twoBooks,
  ] as const);
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, { timeout: 15_000 });
  await page.getByText('Test mode — no real card is charged').waitFor({ timeout: 15_000 });
}

async function fillHostedPage(page: Page, card = '4242 4242 4242 4242') {
  await page.getByLabel('Email').fill('amina@example.com');
  await page.getByLabel('Full name').fill('Amina Khan');
  await page.getByLabel('Address', { exact: true }).fill('1 Linden Lane');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AB');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

const storedCart = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[], cartKey);

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Shopper pays for a cart on the hosted page and sees the right order number (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    await checkOutCart(page);
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    const page1 = await page.locator('main').innerText();
    for (const text of [
      'The Kindness Basket',
      'Qty 2 × £9.99',
      '£19.98',
      'Alif to Ya: My Arabic Alphabet Poster',
      'UK Shipping',
      '£3.50',
      '£33.47',
    ]) {
      assert.match(page1, text);
    }
    await fillHostedPage(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    assert.ok(
      await page.getByText('Thank you for your purchase. Your order has been successfully processed.').isVisible(),
    );
    assert.is(await page.getByTestId('order-number').innerText(), `Order Number: AH-${sessionId.slice(-8)}`);
    await page.locator('.shop-toast__title', { hasText: 'Order Confirmed!' }).waitFor();
    assert.is(
      await page.locator('.shop-toast__description').innerText(),
      'Your order has been processed. You will receive confirmation emails shortly.',
    );
    for (const label of ['Explore More Books', 'Return to Home'])
      assert.ok(await page.getByRole('link', { name: label }).isVisible(), label);
    assert.equal(await storedCart(page), [], 'the cart is cleared');
    const placed = ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`);
    assert.is(placed.length, 1, 'exactly one order event for the payment');
    assert.is((placed[0]!.data as { total: number }).total, 3347);
    await context.close();
  });

  test(`Shopper cancels on the hosted page and is not charged (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    await checkOutCart(page);
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/payment-cancelled\?checkout=/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    assert.ok(await page.getByText('Your payment was cancelled and you have not been charged.').isVisible());
    assert.ok(await page.getByText('hello@amanahhouse.co.uk').isVisible());
    for (const label of ['Try Again', 'Return to Home'])
      assert.ok(await page.getByRole('link', { name: label }).isVisible(), label);
    const checkoutId = new URL(page.url()).searchParams.get('checkout');
    // The drawer emptied the cart on the way out; back unpaid, the shopper has it again. The page shows its words at
    // once and records the cancellation after: the cart comes back with the shop's answer, so the log holds it by then.
    await page.getByRole('button', { name: 'Cart, 3 items', exact: true }).waitFor();
    assert.equal(await storedCart(page), twoBooks);
    const events = await allEvents(shop);
    assert.equal(
      events.filter((e) => e.stream === `checkout-${checkoutId}`).map((e) => e.type),
      ['CheckoutStarted', 'CheckoutCancelled'],
    );
    assert.is(ofType(events, 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`).length, 0);
    await context.close();
  });
}

test('Shopper whose card is declined on the hosted page is told why and can pay with another', async () => {
  const { context, page } = await newPage(browser);
  await checkOutCart(page);
  await fillHostedPage(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor({ timeout: 15_000 });
  assert.match(page.url(), /\/sandbox\/checkout/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/, { timeout: 15_000 });
  await context.close();
});

test.run();
