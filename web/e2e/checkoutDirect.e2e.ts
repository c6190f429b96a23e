import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType } from '../../infra/testing/checkout.ts';

const { shop, browser } = await shopAndBrowserFor(test);

const book = 'Together We Shine';

async function openBuyNow(page: Page) {
  await page.goto(`${shop.url}/#books`);
  await page.getByRole('button', { name: `Buy Now: ${book}` }).click({ timeout: 20_000 });
  await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
}

async function chooseCountry(page: Page, country: string) {
  await page.getByRole('dialog').getByLabel('Country').click();
  await page.getByRole('option', { name: country, exact: true }).click();
}

async function fillShipping(page: Page, quantity = '1') {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill('Amina Khan');
  await dialog.getByLabel('Email').fill('amina@example.com');
  await dialog.getByLabel('Address').fill('1 Linden Lane');
  await dialog.getByLabel('City').fill('Leeds');
  await dialog.getByLabel('Postcode').fill('LS1 4AB');
  await dialog.getByLabel('Quantity').fill(quantity);
  await chooseCountry(page, 'United Kingdom');
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Shopper buys a book directly: shipping, purchase panel, hosted page, success (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    const notifiedBefore = ofType(await allEvents(shop), 'PurchaseNotified').length;
    await openBuyNow(page);
    const next = page.getByRole('button', { name: 'Continue to Payment' });
    assert.ok(await next.isDisabled(), 'disabled until a country is chosen and a cost is known');
    await fillShipping(page, '2');
    await page.getByText('Shipping: £3.50').waitFor();
    await next.click();
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    const panel = await page.getByRole('dialog').innerText();
    for (const text of [
      'Product',
      `${book} × 2`,
      'Price',
      '£19.98',
      'Shipping',
      'Total',
      '£23.48',
      'Secure payment powered by',
      "You'll be redirected to a secure checkout page.",
      'Test mode — no real card is charged',
    ]) {
      assert.match(panel, text);
    }
    for (const brand of ['Visa', 'Mastercard', 'American Express', 'Apple Pay'])
      assert.ok(await page.getByRole('img', { name: brand }).isVisible(), brand);
    assert.ok(await page.getByRole('button', { name: 'Cancel' }).isVisible());
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/sandbox\/checkout\?session=/, { timeout: 15_000 });
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    assert.is(await page.getByTestId('sandbox-total').innerText(), '£23.48');
    assert.is(await page.getByLabel('Email').inputValue(), 'amina@example.com');
    await page.getByLabel('Full name').fill('Amina Khan');
    await page.getByLabel('Address', { exact: true }).fill('1 Linden Lane');
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Postcode').fill('LS1 4AB');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/payment-success\?session_id=/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    assert.is(await page.getByTestId('order-number').innerText(), `Order Number: AH-${sessionId.slice(-8)}`);
    assert.ok(await page.getByRole('link', { name: 'Return to Homepage' }).isVisible());
    const events = await allEvents(shop);
    assert.is(ofType(events, 'PurchaseNotified').length, notifiedBefore + 1);
    assert.is(ofType(events, 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`).length, 1);
    await context.close();
  });
}

test("Shopper sees the shipping form's messages for each field", async () => {
  const { context, page } = await newPage(browser);
  await openBuyNow(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill('A');
  await dialog.getByLabel('Email').fill('amina');
  await dialog.getByLabel('Address').fill('1 La');
  await dialog.getByLabel('City').fill('L');
  await dialog.getByLabel('Postcode').fill('LS1');
  await chooseCountry(page, 'Canada');
  await page.getByText('Shipping: £5.00').waitFor();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  for (const message of [
    'Name must be at least 2 characters',
    'Please enter a valid email address',
    'Address must be at least 5 characters',
    'City must be at least 2 characters',
    'Please enter a valid postcode',
  ]) {
    assert.ok(await dialog.getByText(message).isVisible(), message);
  }
  assert.ok(await page.getByRole('heading', { name: 'Shipping Information' }).isVisible());
  await context.close();
});

test('When the countries cannot be loaded the form offers the default list', async () => {
  const { context, page } = await newPage(browser);
  await page.route('**/api/shipping/countries', (route) => route.fulfill({ status: 503, body: 'down' }));
  await openBuyNow(page);
  await page.getByRole('dialog').getByLabel('Country').click();
  const options = await page.getByRole('option').allInnerTexts();
  assert.equal(options, ['United Kingdom', 'United States', 'Canada', 'Other']);
  await context.close();
});

test('A checkout session that cannot be created shows "Payment Error" and lets the shopper try again', async () => {
  const { context, page } = await newPage(browser);
  await page.route('**/api/direct-notify', (route) => route.fulfill({ status: 500, body: '' }));
  await page.route('**/api/create-checkout-session', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'The payment provider could not be reached. Please try again later.',
      }),
    }),
  );
  await openBuyNow(page);
  await fillShipping(page);
  await page.getByText('Shipping: £3.50').waitFor();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.locator('.shop-toast__title', { hasText: 'Payment Error' }).waitFor({ timeout: 15_000 });
  assert.is(
    await page.locator('.shop-toast__description').innerText(),
    'The payment provider could not be reached. Please try again later.',
  );
  assert.ok(await page.getByRole('button', { name: 'Proceed to Checkout' }).isEnabled());
  await context.close();
});

test.run();
