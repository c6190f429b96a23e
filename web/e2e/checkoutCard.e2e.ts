import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType } from '../../infra/testing/checkout.ts';

const { shop, browser } = await shopAndBrowserFor(test);

const ordersNumbered = async (orderNumber: string) =>
  ofType(await allEvents(shop), 'OrderPlaced').filter(
    (e) => (e.data as { orderNumber: string }).orderNumber === orderNumber,
  );

async function fillCheckoutForm(page: Page, card: string) {
  await page.getByLabel('Full Name *').fill('Amina Khan');
  await page.getByLabel('Email *').fill('amina@example.com');
  await page.getByLabel('Address Line 1 *').fill('1 Linden Lane');
  await page.getByLabel('City *').fill('Leeds');
  await page.getByLabel('Postcode *').fill('LS1 4AB');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('A payment that settles later shows "Payment Processing" on the success screen, holds the book and places no order yet', async () => {
  const { context, page } = await newPage(browser, viewports.mobile);
  await page.goto(`${shop.url}/custom-checkout`);
  await page.getByTestId('checkout-total').filter({ hasText: '£13.49' }).waitFor({ timeout: 15_000 });
  // The sandbox's processing card: accepted, to settle later, as a bank debit does at Stripe (decision 105).
  await fillCheckoutForm(page, '4000 0000 0000 8807');
  await page.getByRole('button', { name: 'Pay £13.49' }).click();
  await page.waitForURL(/\/order-success\?orderNumber=AH-/, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Payment Processing' }).waitFor({ timeout: 15_000 });
  const orderNumber = new URL(page.url()).searchParams.get('orderNumber')!;
  assert.is(await page.getByTestId('order-number').innerText(), `Order Number: ${orderNumber}`);
  assert.ok(await page.getByText('Your payment is processing.', { exact: false }).isVisible());
  assert.not.ok(await page.getByRole('heading', { name: 'Order Confirmed!' }).isVisible());
  assert.is((await ordersNumbered(orderNumber)).length, 0, 'no order until the payment completes');
  const processing = ofType(await allEvents(shop), 'CheckoutPaymentProcessing').filter((e) =>
    (e.data as { paymentReference: string }).paymentReference.endsWith(orderNumber.slice(3)),
  );
  assert.is(processing.length, 1);
  await context.close();
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Shopper pays on the custom checkout with a test card and sees the order confirmed (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${shop.url}/custom-checkout`);
    await page.getByText('Test mode — no real card is charged').waitFor({ timeout: 15_000 });
    // The total waits for the delivery rate of the destination, which the shop answers a moment later.
    await page.getByTestId('checkout-total').filter({ hasText: '£13.49' }).waitFor({ timeout: 15_000 });
    assert.is(await page.getByTestId('checkout-total').innerText(), '£13.49');
    await fillCheckoutForm(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay £13.49' }).click();
    await page.waitForURL(/\/order-success\?orderNumber=AH-/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const orderNumber = new URL(page.url()).searchParams.get('orderNumber')!;
    assert.match(orderNumber, /^AH-[A-Za-z0-9]{8}$/);
    assert.is(await page.getByTestId('order-number').innerText(), `Order Number: ${orderNumber}`);
    for (const text of ['What happens next?', "You'll receive an e-mail confirmation shortly.", 'Continue Shopping']) {
      assert.ok(await page.getByText(text).first().isVisible(), text);
    }
    const placed = await ordersNumbered(orderNumber);
    assert.is(placed.length, 1, 'exactly one order event for the payment');
    assert.equal((placed[0]!.data as { total: number; status: string }).total, 1349);
    assert.is((placed[0]!.data as { status: string }).status, 'completed');
    await context.close();
  });

  test(`Shopper's declined card shows "Payment Failed" and places no order (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    const ordersBefore = ofType(await allEvents(shop), 'OrderPlaced').length;
    await page.goto(`${shop.url}/custom-checkout`);
    await fillCheckoutForm(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay £13.49' }).click();
    await page.locator('.shop-toast__title', { hasText: 'Payment Failed' }).waitFor({ timeout: 15_000 });
    assert.is(await page.locator('.shop-toast__description').innerText(), 'Your card was declined.');
    assert.match(page.url(), /\/custom-checkout$/);
    assert.ok(await page.getByRole('button', { name: 'Pay £13.49' }).isEnabled(), 'the shopper can try another card');
    assert.is(ofType(await allEvents(shop), 'OrderPlaced').length, ordersBefore);
    await context.close();
  });

  test(`Shopper who leaves required fields empty sees "Missing Information" and nothing is sent (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    const sent: string[] = [];
    page.on('request', (request) => request.url().includes('/api/create-payment-intent') && sent.push(request.url()));
    await page.goto(`${shop.url}/custom-checkout`);
    await page.getByLabel('Full Name *').fill('Amina Khan');
    await page.getByRole('button', { name: 'Pay £13.49' }).click();
    await page.locator('.shop-toast__title', { hasText: 'Missing Information' }).waitFor({ timeout: 15_000 });
    assert.is(await page.locator('.shop-toast__description').innerText(), 'Please fill in all required fields');
    assert.is(sent.length, 0);
    await context.close();
  });

  test(`Shopper outside the UK pays the international rate (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${shop.url}/custom-checkout`);
    await page.getByLabel('Country').click();
    await page.getByRole('option', { name: 'France' }).click();
    // The total waits for the delivery rate of the destination, which the shop answers a moment later.
    await page.getByTestId('checkout-total').filter({ hasText: '£14.99' }).waitFor({ timeout: 15_000 });
    assert.is(await page.getByTestId('checkout-total').innerText(), '£14.99');
    await page.getByRole('button', { name: 'Pay £14.99' }).waitFor();
    await context.close();
  });

  test(`Shopper on a device without a wallet is sent to the regular checkout form (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${shop.url}/apple-pay-checkout`);
    await page.getByText('Apple Pay is not available on this device.').waitFor({ timeout: 15_000 });
    // The rates come with the shipping table, which may answer after the wallet check.
    await page.getByText('£3.50 - £5.00').waitFor({ timeout: 15_000 });
    await page.getByText('£9.99').first().waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Please use the regular checkout form.' }).click();
    await page.waitForURL(/\/custom-checkout$/);
    await context.close();
  });
}

test('No payment screen in sandbox mode loads anything from Stripe', async () => {
  const { context, page } = await newPage(browser);
  const external: string[] = [];
  page.on(
    'request',
    (request) =>
      !request.url().startsWith(shop.url) && !request.url().startsWith('data:') && external.push(request.url()),
  );
  for (const path of [
    '/custom-checkout',
    '/apple-pay-checkout',
    '/checkout-success',
    '/payment-cancelled',
    '/order-success',
  ]) {
    await page.goto(`${shop.url}${path}`);
    await page.waitForLoadState('networkidle');
  }
  assert.equal(external, []);
  await context.close();
});

test.run();
