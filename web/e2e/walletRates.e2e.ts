// The wallet page in test mode: the device has no wallet (the spec's texts), and the test wallet's sheet behaves as a
// wallet's does: the address's country decides the one delivery rate it offers, the total follows it, and the order
// records the address and that rate (decision 073).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { newPage } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType } from '../../infra/testing/checkout.ts';

const { shop, browser } = await shopAndBrowserFor(test);

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Test wallet' });

/** Chooses the address's country and waits for the rate the server gives for it. */
async function chooseCountry(page: Page, name: string, rate: string) {
  await sheet(page).getByLabel('Country').click();
  await page.getByRole('option', { name, exact: true }).click();
  await sheet(page).getByTestId('wallet-shipping-options').getByText(rate, { exact: true }).waitFor();
}

const offered = async (page: Page) =>
  (await sheet(page).getByTestId('wallet-shipping-options').innerText()).split('\n').filter((l) => l.trim());

test('the test wallet offers only the rate that fits the address, the total follows it, and the order records both', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${shop.url}/apple-pay-checkout`);
    await page.getByText('Apple Pay is not available on this device.').waitFor({ timeout: 15_000 });
    assert.ok(await page.getByText('Please use the regular checkout form.').isVisible());
    assert.ok(await page.getByText('£3.50 - £5.00').isVisible());
    // The page asks where the parcel goes first (decision 099); the sheet then takes addresses in that zone only.
    await page.getByRole('combobox', { name: 'Deliver to' }).click();
    await page.getByRole('option', { name: 'United States', exact: true }).click();
    await page.getByTestId('wallet-total').filter({ hasText: '£14.99' }).waitFor();
    await page.getByRole('button', { name: 'Pay with the test wallet' }).click();
    await sheet(page).waitFor();
    await sheet(page).getByLabel('Country').click();
    assert.equal(await page.getByRole('option').allInnerTexts(), ['Australia', 'Canada', 'United States']);
    await page.keyboard.press('Escape');

    await chooseCountry(page, 'United States', 'International Shipping');
    assert.equal(await offered(page), ['International Shipping', 'Standard international delivery', '£5.00']);
    assert.is(await sheet(page).getByTestId('wallet-total').innerText(), '£14.99');

    await sheet(page).getByLabel('Name').fill('Bilal Rahman');
    await sheet(page).getByLabel('Email').fill('bilal@example.com');
    await sheet(page).getByLabel('Address').fill('5 Elm St');
    await sheet(page).getByLabel('City').fill('Boston');
    await sheet(page).getByLabel('Postcode').fill('02110');
    await sheet(page).getByRole('button', { name: 'Pay £14.99' }).click();
    await page.waitForURL(/\/order-success\?orderNumber=AH-/, { timeout: 15_000 });

    const orderNumber = new URL(page.url()).searchParams.get('orderNumber')!;
    const placed = ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.data.orderNumber === orderNumber);
    assert.is(placed.length, 1);
    const order = placed[0]!.data;
    assert.equal(order.shippingAddress, { line1: '5 Elm St', city: 'Boston', postcode: '02110', country: 'US' });
    assert.is(order.shippingCost, 500);
    assert.is(order.total, 1499);
    assert.is(order.customerName, 'Bilal Rahman');
    assert.match(order.paymentMethod, /^Wallet/);
    const flags = ofType(await allEvents(shop), 'OrderFlagged').filter((e) => e.stream === placed[0]!.stream);
    assert.is(flags.length, 0);
  } finally {
    await context.close();
  }
});

test('a UK address in the test wallet is offered only the UK rate and pays it', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${shop.url}/apple-pay-checkout`);
    await page.getByRole('button', { name: 'Pay with the test wallet' }).click({ timeout: 15_000 });
    assert.ok(await sheet(page).getByText('Choose a country to see the delivery option.').isVisible());
    assert.ok(await sheet(page).getByRole('button', { name: 'Pay', exact: true }).isDisabled());
    await chooseCountry(page, 'United Kingdom', 'UK Shipping');
    assert.equal(await offered(page), ['UK Shipping', 'Standard delivery', '£3.50']);
    await sheet(page).getByLabel('Name').fill('Amina Khan');
    await sheet(page).getByLabel('Email').fill('amina@example.com');
    await sheet(page).getByLabel('Address').fill('1 Linden Lane');
    await sheet(page).getByLabel('City').fill('Leeds');
    await sheet(page).getByLabel('Postcode').fill('LS1 4AB');
    await sheet(page).getByRole('button', { name: 'Pay £13.49' }).click();
    await page.waitForURL(/\/order-success\?orderNumber=AH-/, { timeout: 15_000 });
    const orderNumber = new URL(page.url()).searchParams.get('orderNumber')!;
    const order = ofType(await allEvents(shop), 'OrderPlaced')
      .map((e) => e.data)
      .find((o) => o.orderNumber === orderNumber)!;
    assert.equal(order.shippingAddress, { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' });
    assert.is(order.shippingCost, 350);
    assert.is(order.total, 1349);
  } finally {
    await context.close();
  }
});

test.run();
