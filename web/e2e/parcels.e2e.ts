// A cart of a coming book and a book on the shelf (issue 52, decision 131): before payment the drawer asks one parcel
// on publication or two, and will not go on until the shopper chooses; two parcels show and charge the second
// delivery; the order records the choice and the owner's order page says the books in stock go first.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { parcelTexts } from '../../contracts/preorders/parcels.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { ownerPage, shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser } = await shopAndBrowserFor(test, sandboxShopEnv);
const day = '2099-03-01';
const announced = await call(`${shop.url}/api/admin/preorders/2`, {
  headers: await adminHeaders(shop),
  body: { publicationDate: day },
});
assert.is(announced.status, 201, announced.text);

const mixedCart = [
  { bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 1 },
  { bookId: 2, title: 'Together We Shine', price: 999, quantity: 1 },
];

/** A name that starts with `text` (its price follows), read literally. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A shopper with a book on the shelf and a coming book in the cart opens the drawer. */
async function openMixedCart(page: Page) {
  await page.goto(`${shop.url}/`);
  await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), mixedCart);
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const choice = page.getByRole('radiogroup', { name: parcelTexts.legend });
  await choice.waitFor();
  return choice;
}

test('the drawer asks one parcel or two before payment, and goes on only once the shopper chose (mobile)', async () => {
  // bypassCSP only so that axe can be injected.
  const { context, page } = await newPage(browser, viewports.mobile, { bypassCSP: true });
  try {
    const choice = await openMixedCart(page);
    await page.getByText(parcelTexts.intro(day)).waitFor();
    assert.ok(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled(), 'no choice, no checkout');
    assert.equal(await axeProblems(page), []);
    // Keyboard: the radio group takes focus and the arrow keys choose.
    await choice.getByRole('radio', { name: startsWith(parcelTexts.one(day)) }).focus();
    await page.keyboard.press('Space');
    await page.getByTestId('cart-shipping').getByText('£3.50').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Proceed to Checkout' }).isEnabled());
  } finally {
    await context.close();
  }
});

test('two parcels: the drawer and the payment page charge the second delivery; the order and the owner record it', async () => {
  const { context, page } = await newPage(browser, viewports.desktop);
  try {
    const choice = await openMixedCart(page);
    await choice.getByRole('radio', { name: startsWith(parcelTexts.two(day)) }).click();
    await page.getByTestId('cart-shipping').getByText('£7.00').waitFor();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, { timeout: 15_000 });
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    await page.getByText('£7.00').first().waitFor();
    await page.getByLabel('Email').fill('amina@example.com');
    await page.getByLabel('Full name').fill('Amina Khan');
    await page.getByLabel('Address', { exact: true }).fill('1 Linden Lane');
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Postcode').fill('LS1 4AB');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    const placed = ofType(await allEvents(shop), 'OrderPlaced').find(
      (e) => e.stream === `order-${sessionId}`,
    ) as RecordedEvent<OrderPlaced>;
    assert.equal(placed.data.parcels, { choice: 'two', dispatchFrom: day, secondDelivery: 350 });
    assert.is(placed.data.shippingCost, 700);
    assert.is(placed.data.total, placed.data.subtotal + 700);

    const owner = await ownerPage(browser, shop);
    try {
      await owner.page.goto(`${shop.url}/admin/orders/${sessionId}`);
      await owner.page.getByTestId('order-parcels').getByText(parcelTexts.ownerLabel(placed.data.parcels!)).waitFor();
      assert.equal(await axeProblems(owner.page), []);
    } finally {
      await owner.context.close();
    }
  } finally {
    await context.close();
  }
});

test.run();
