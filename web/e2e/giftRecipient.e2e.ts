// A gift sent to someone else, from each checkout path (decision 110): the cart with its sandbox payment page, Buy Now,
// the card form and the wallet page. Each sends a gift to Yusuf Ahmed in Lyon from a buyer in Leeds, and checks that
// the success screen, every e-mail the buyer gets (the confirmation, and the shipped one once the owner ships it) and
// the buyer's order page name the recipient and their address, quote the message, and never give the buyer's own
// address as the delivery; the recipient's gift note comes without a price.
import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { giftTexts } from '../../contracts/checkout/gift.ts';
import type { OrderPageResponse } from '../../contracts/orders/console.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType, outboxTexts } from '../../infra/testing/checkout.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { landingWithCart } from './storefrontLanding.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser } = await shopAndBrowserFor(test);
const shots = 'test-results/gift-recipient';
mkdirSync(shots, { recursive: true });
const seen = { timeout: 30_000 };

const message = 'Happy birthday, Yusuf! With love from Auntie Amina.';
const buyerLine = '1 Linden Lane';
const recipientLines = ['Yusuf Ahmed', '12 Rue des Lilas', 'Lyon', '69003', 'France'];
const giftFor = 'A gift for Yusuf Ahmed, delivering to';

/** Ticks "This is a gift", writes the message and names Yusuf in Lyon, with a gift note to his own e-mail. */
async function giveToYusuf(page: Page, within: Locator, recipientEmail: string) {
  await within.getByRole('checkbox', { name: giftTexts.checkbox }).click();
  await within.getByLabel(giftTexts.message).fill(message);
  await within.getByRole('checkbox', { name: giftTexts.separateRecipient }).click();
  const recipient = within.getByRole('group', { name: 'Recipient' });
  await recipient.getByLabel(/Recipient name/).fill('Yusuf Ahmed');
  await recipient.getByLabel('Recipient Address Line 1 *').fill('12 Rue des Lilas');
  await recipient.getByLabel('Recipient City *').fill('Lyon');
  await recipient.getByLabel('Recipient Postcode *').fill('69003');
  await recipient.getByLabel('Recipient Country').click();
  await page.getByRole('option', { name: 'France', exact: true }).click();
  await recipient.getByLabel(giftTexts.recipientEmail).fill(recipientEmail);
  await recipient.getByRole('checkbox', { name: giftTexts.noteToRecipient }).click();
}

/** The sandbox's payment page for a gift to someone else: it ships to Yusuf, and takes the buyer's billing address. */
async function payHostedAsBuyer(page: Page, buyerEmail: string, checkAxe = false) {
  await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, seen);
  const deliverTo = page.getByTestId('sandbox-deliver-to');
  await deliverTo.waitFor(seen);
  if (checkAxe) assert.equal(await axeProblems(page), [], 'the payment page of a gift to someone else');
  assert.match(await deliverTo.innerText(), 'Yusuf Ahmed');
  assert.is(await page.getByTestId('sandbox-total').innerText(), '£14.99', "the rate of the recipient's country");
  await page.getByRole('heading', { name: giftTexts.billingHeading }).waitFor();
  await page.getByLabel('Email').fill(buyerEmail);
  await page.getByLabel('Full name').fill('Amina Khan');
  await page.getByLabel('Address', { exact: true }).fill(buyerLine);
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AB');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** The outbox e-mails to an address, as a reader sees them. */
const mailsTo = (address: string) => outboxTexts(shop).filter((mail) => mail.includes(`To: ${address}`));

/**
 * What the buyer is told, everywhere: the success screen now showing, the e-mails, the order page; then the owner
 * ships, and the shipped e-mail and the gift note follow.
 */
async function buyerToldOfYusuf(page: Page, path: string, buyerEmail: string, recipientEmail: string) {
  // The success screen.
  await page.getByTestId('order-details').waitFor(seen);
  assert.is(await page.getByTestId('order-delivery-heading').innerText(), giftFor);
  assert.equal((await page.getByTestId('order-address').innerText()).split('\n'), recipientLines);
  assert.match(await page.getByTestId('order-gift-message').innerText(), message);
  assert.not.match(await page.getByTestId('order-details').innerText(), buyerLine);
  assert.match(await page.getByTestId('order-total').innerText(), '£14.99');
  await page.screenshot({ path: `${shots}/${path}-success.png`, fullPage: true });
  const orderPath = (await page.getByTestId('order-page-link').getAttribute('href'))!;

  // Which order: its number is on the screen's order page link's order; found by the buyer's e-mail in the log.
  const placed = ofType(await allEvents(shop), 'OrderPlaced')
    .map((e) => e.data)
    .filter((o) => o.customerEmail === buyerEmail);
  assert.is(placed.length, 1, `one order for ${buyerEmail}`);
  const order = placed[0]!;
  assert.is(order.gift?.recipientName, 'Yusuf Ahmed');
  assert.is(order.shippingCost, 500);

  // The confirmation e-mail.
  await eventually(async () => mailsTo(buyerEmail).length >= 1);
  const [confirmation] = mailsTo(buyerEmail);
  for (const text of [giftFor, ...recipientLines, message]) assert.match(confirmation!, text, `confirmation: ${text}`);
  assert.not.match(confirmation!, buyerLine, "the confirmation does not give the buyer's address as the delivery");

  // The order page, by the signed link.
  await page.goto(`${shop.url}${orderPath}`);
  await page.getByRole('heading', { name: `Your order ${order.orderNumber}` }).waitFor(seen);
  assert.match(await page.getByTestId('order-gift-for').innerText(), giftFor);
  const delivery = await page.getByRole('region', { name: 'Delivery address' }).innerText();
  for (const line of recipientLines) assert.match(delivery, line);
  assert.match(delivery, message);
  assert.not.match(await page.locator('body').innerText(), buyerLine);
  await page.screenshot({ path: `${shots}/${path}-order-page.png`, fullPage: true });

  // Shipped: the buyer's "on its way" e-mail names Yusuf's address; Yusuf's gift note has no price.
  const owner = await adminHeaders(shop);
  const now = await call(`${shop.url}/api/admin/orders/${order.orderId}`, { headers: owner });
  const shipped = await call(`${shop.url}/api/admin/orders/${order.orderId}/status`, {
    method: 'POST',
    headers: owner,
    body: {
      status: 'shipped',
      expectedRevision: (now.json as OrderPageResponse).order.revision,
      shipment: { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' },
    },
  });
  assert.is(shipped.status, 200, shipped.text);
  await eventually(async () => mailsTo(buyerEmail).length === 2 && mailsTo(recipientEmail).length === 1);
  const onItsWay = mailsTo(buyerEmail).find((mail) => mail.includes('is on its way'))!;
  for (const text of [giftFor, ...recipientLines, message]) assert.match(onItsWay, text, `shipped: ${text}`);
  assert.not.match(onItsWay, buyerLine, "the shipped e-mail does not give the buyer's address");
  const [note] = mailsTo(recipientEmail);
  assert.match(note!, 'Amina Khan has sent you a gift');
  assert.match(note!, message);
  assert.not.match(note!, /£/, 'the gift note shows no price');
  assert.not.match(note!, buyerLine);
}

test('the cart: a gift to Yusuf in Lyon, paid on the sandbox page with the buyer’s billing address', async () => {
  // (The accessibility check's script is added to the page, which the shop's CSP would refuse.)
  const { context, page } = await newPage(browser, viewports.desktop, { bypassCSP: true });
  try {
    await landingWithCart(page, shop, [{ bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 1 }]);
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const drawer = page.locator('.cart-drawer');
    await giveToYusuf(page, drawer, 'yusuf.cart@example.com');
    // The recipient's country decides the rate: International Shipping to France.
    await drawer.getByTestId('cart-shipping').filter({ hasText: '£5.00' }).waitFor(seen);
    assert.equal(await axeProblems(page), [], "the cart with a gift's recipient");
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await payHostedAsBuyer(page, 'amina.cart@example.com', true);
    await page.waitForURL(/\/checkout-success\?session_id=/, seen);
    await buyerToldOfYusuf(page, 'cart', 'amina.cart@example.com', 'yusuf.cart@example.com');
  } finally {
    await context.close();
  }
});

test('Buy Now: a gift to Yusuf in Lyon from the purchase panel', async () => {
  const { context, page } = await newPage(browser, viewports.mobile);
  try {
    await page.goto(`${shop.url}/#books`);
    await page.getByRole('button', { name: 'Buy Now: Together We Shine' }).click(seen);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Amina Khan');
    await dialog.getByLabel('Email').fill('amina.buynow@example.com');
    await dialog.getByLabel('Address').fill(buyerLine);
    await dialog.getByLabel('City').fill('Leeds');
    await dialog.getByLabel('Postcode').fill('LS1 4AB');
    await dialog.getByLabel('Country').click();
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
    await page.getByText('Shipping: £3.50').waitFor(seen);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await giveToYusuf(page, dialog, 'yusuf.buynow@example.com');
    await dialog.getByTestId('purchase-shipping').filter({ hasText: '£5.00' }).waitFor(seen);
    assert.is(await dialog.getByTestId('purchase-total').innerText(), '£14.99');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await payHostedAsBuyer(page, 'amina.buynow@example.com');
    await page.waitForURL(/\/payment-success\?session_id=/, seen);
    await buyerToldOfYusuf(page, 'buy-now', 'amina.buynow@example.com', 'yusuf.buynow@example.com');
  } finally {
    await context.close();
  }
});

test('the card form: a gift to Yusuf in Lyon, the buyer’s own address on the form', async () => {
  const { context, page } = await newPage(browser, viewports.desktop);
  try {
    await page.goto(`${shop.url}/custom-checkout`);
    await page.getByText('Test mode — no real card is charged').waitFor(seen);
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Full Name *', { exact: true }).fill('Amina Khan');
    await form.getByLabel('Email *', { exact: true }).fill('amina.card@example.com');
    await form.getByLabel('Address Line 1 *', { exact: true }).fill(buyerLine);
    await form.getByLabel('City *', { exact: true }).fill('Leeds');
    await form.getByLabel('Postcode *', { exact: true }).fill('LS1 4AB');
    await giveToYusuf(page, form, 'yusuf.card@example.com');
    await page.getByTestId('checkout-total').filter({ hasText: '£14.99' }).waitFor(seen);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay £14.99' }).click();
    await page.waitForURL(/\/order-success\?orderNumber=AH-/, seen);
    await buyerToldOfYusuf(page, 'card', 'amina.card@example.com', 'yusuf.card@example.com');
  } finally {
    await context.close();
  }
});

test('the wallet page: a gift to Yusuf in Lyon, the test wallet’s address the buyer’s own', async () => {
  const { context, page } = await newPage(browser, viewports.mobile);
  try {
    await page.goto(`${shop.url}/apple-pay-checkout`);
    await page.getByText('Apple Pay is not available on this device.').waitFor(seen);
    const card = page.getByTestId('gift-fields');
    await giveToYusuf(page, card, 'yusuf.wallet@example.com');
    await page.getByTestId('wallet-total').filter({ hasText: '£14.99' }).waitFor(seen);
    await page.getByRole('button', { name: 'Pay with the test wallet' }).click();
    const sheet = page.getByRole('dialog', { name: 'Test wallet' });
    await sheet.waitFor();
    await sheet.getByLabel('Name').fill('Amina Khan');
    await sheet.getByLabel('Email').fill('amina.wallet@example.com');
    await sheet.getByLabel('Billing address').fill(buyerLine);
    await sheet.getByLabel('City').fill('Leeds');
    await sheet.getByLabel('Postcode').fill('LS1 4AB');
    await sheet.getByLabel('Country').click();
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
    // The rate is the recipient's, whatever country the payer's own address is in.
    await sheet
      .getByTestId('wallet-shipping-options')
      .getByText('International Shipping', { exact: true })
      .waitFor(seen);
    await sheet.getByRole('button', { name: 'Pay £14.99' }).click();
    await page.waitForURL(/\/order-success\?orderNumber=AH-/, seen);
    await buyerToldOfYusuf(page, 'wallet', 'amina.wallet@example.com', 'yusuf.wallet@example.com');
  } finally {
    await context.close();
  }
});

test.run();
