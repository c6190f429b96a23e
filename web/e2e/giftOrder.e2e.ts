// A gift order (decision 085) as the owner prints it, and the gift's fields as the shopper fills them in: the packing
// slip starts in gift mode, prints the message and no prices, and is addressed to the recipient; the order page says it
// is a gift; the card checkout offers the gift, and prices the delivery for the recipient's country.
import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { giftTexts } from '../../contracts/checkout/gift.ts';
import { viewports, newPage } from '../../infra/testing/browser.ts';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { startTestShop } from '../../infra/testing/shop.ts';
import { axeProblems, exampleOrders, ownerAt } from './ordersOwner.ts';
import { landingWithCart } from './storefrontLanding.ts';

const shots = 'test-results/gift-order';
mkdirSync(shots, { recursive: true });
const browser = await browserFor(test);
const seen = { timeout: 30_000 };
const message = 'Happy birthday, Yusuf! With love from Auntie Amina.';

test('a gift order: its packing slip prints the message and no prices, to the recipient; its page says Gift', async () => {
  const [first, ...rest] = exampleOrders();
  const gift = {
    ...first!,
    status: 'processing' as const,
    gift: {
      message,
      recipientName: 'Yusuf Ahmed',
      recipientAddress: { line1: '12 Rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
    },
  };
  const { shop, context, page } = await ownerAt(browser, viewports.desktop, { orders: [gift, ...rest] });
  try {
    await page.goto(`${shop.url}/admin/orders/${gift.orderId}`);
    await page.getByRole('heading', { level: 1 }).waitFor(seen);
    await page.getByText('Gift', { exact: true }).first().waitFor(seen);
    await page.getByText(message).waitFor(seen);
    await page.screenshot({ path: `${shots}/order-page.png`, fullPage: true });

    await page.goto(`${shop.url}/admin/orders/${gift.orderId}/packing-slip`);
    const slip = page.locator('.packing-slip');
    await slip.waitFor(seen);
    assert.ok(await page.getByRole('checkbox', { name: /Gift mode/ }).isChecked(), 'the slip starts in gift mode');
    const text = await slip.innerText();
    assert.match(text, message);
    assert.match(text, 'Yusuf Ahmed');
    assert.match(text, '12 Rue des Lilas');
    assert.not.match(text, gift.customerName, "the buyer's name is not on the recipient's parcel");
    assert.not.match(text, /£/, 'no prices');
    await page.screenshot({ path: `${shots}/packing-slip.png`, fullPage: true });

    // Printed with the other processing orders, it keeps its gift mode; the others show their prices.
    await page.goto(`${shop.url}/admin/packing-slips`);
    const giftSlip = page.locator(`.packing-slip[data-order-id="${gift.orderId}"]`);
    await giftSlip.waitFor(seen);
    assert.not.match(await giftSlip.innerText(), /£/);
    assert.match(await giftSlip.innerText(), message);
  } finally {
    await context.close();
    await shop.close();
  }
});

test('the card checkout offers the gift; a recipient abroad is priced for where it goes', async () => {
  const shop = await startTestShop(sandboxShopEnv);
  // (The accessibility check's script is added to the page, which the shop's CSP would refuse.)
  const { context, page } = await newPage(browser, viewports.mobile, { bypassCSP: true });
  try {
    await page.goto(`${shop.url}/custom-checkout`);
    // The total is stated once the shipping table has come: the book and the UK rate.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="checkout-total"]')?.textContent === '£13.49',
    );
    await page.getByRole('checkbox', { name: giftTexts.checkbox }).click();
    await page.getByLabel(giftTexts.message).fill(message);
    await page.getByRole('checkbox', { name: giftTexts.separateRecipient }).click();
    const recipient = page.getByRole('group', { name: 'Recipient' });
    await recipient.getByLabel(/Recipient name/).fill('Yusuf Ahmed');
    await recipient.getByLabel('Recipient Country').click();
    await page.getByRole('option', { name: 'France' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="checkout-total"]')?.textContent === '£14.99',
    );
    await page.screenshot({ path: `${shots}/custom-checkout-mobile.png`, fullPage: true });
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
    await shop.close();
  }
});

test("the cart's hosted checkout carries the gift's message to the checkout it starts", async () => {
  const shop = await startTestShop(sandboxShopEnv);
  const { context, page } = await newPage(browser, viewports.desktop);
  try {
    const line = [{ bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 1 }];
    await landingWithCart(page, shop, line);
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const drawer = page.locator('.cart-drawer');
    await drawer.getByRole('checkbox', { name: giftTexts.checkbox }).click();
    await drawer.getByLabel(giftTexts.message).fill('For Hana, on her first Ramadan');
    // A recipient may be named here too (decision 110); this gift goes to the buyer's own address.
    assert.is(await drawer.getByRole('checkbox', { name: giftTexts.separateRecipient }).count(), 1);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, seen);
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    const started = (await allEvents(shop)).find(
      (e) => e.type === 'CheckoutStarted' && (e.data as { paymentReference: string }).paymentReference === sessionId,
    );
    assert.equal((started?.data as { gift?: unknown }).gift, { message: 'For Hana, on her first Ramadan' });
  } finally {
    await context.close();
    await shop.close();
  }
});

test.run();
