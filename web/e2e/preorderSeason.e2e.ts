// A pre-order season in the browser (issue 52's Done-when, decisions 120, 131 and 132): the owner announces a title;
// three shoppers pre-order it on the hosted checkout, the second in a cart that also holds a book on the shelf, sent in
// two parcels (the order records the choice and pays the second delivery as the delivery table says); the owner
// records 2 copies received: the two earliest are allocated and ready in the queue, the third waits; the date moves
// and the waiting shopper alone gets one e-mail, opens its one-click link and cancels for a full refund.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { shopContent } from '../../contracts/catalog/content.ts';
import type { EmailSent } from '../../contracts/checkout/events.ts';
import { deliveryOptionFor, type ShippingRatesResponse } from '../../contracts/checkout/shippingRates.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import { preOrderCancelTexts } from '../../contracts/preorders/cancel.ts';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import { parcelTexts } from '../../contracts/preorders/parcels.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { ownerPage, shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType, outboxTexts, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { call, type TestShop } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser }: { shop: TestShop; browser: Browser } = await shopAndBrowserFor(test, sandboxShopEnv);
const seen = { timeout: 20_000 };
const title = 'Together We Shine';
const day = '2099-03-01';
/** the book on the shelf the mixed cart holds beside the coming title */
const onShelf = shopContent.books.find((b) => b.title !== title)!;
const shoppers = [
  { name: 'Amina Khan', email: 'amina.preorder@example.com', mixed: false },
  { name: 'Yusuf Ali', email: 'yusuf.preorder@example.org', mixed: true },
  { name: 'Maryam Idris', email: 'maryam.preorder@example.net', mixed: false },
];

type CartLine = { bookId: number; title: string; price: number; quantity: number };

/**
 * What two parcels cost by the shop's own delivery table for the drawer's destination (the first the table serves,
 * until the shopper picks another): the books on the shelf at their rate and the pre-order at its own, the second
 * delivery. Read from the shop, so it follows the table.
 */
async function twoParcelsDue(lines: CartLine[]) {
  const rates = await call(`${shop.url}/api/shipping/rates`);
  assert.is(rates.status, 200, rates.text);
  const table = rates.json as ShippingRatesResponse;
  const country = table.destinations[0]!.code;
  const rateOf = (parcel: CartLine[]) =>
    deliveryOptionFor(table, country, {
      items: parcel.reduce((sum, l) => sum + l.quantity, 0),
      subtotal: parcel.reduce((sum, l) => sum + l.price * l.quantity, 0),
    })!.amount;
  const first = rateOf(lines.filter((l) => l.title !== title));
  const secondDelivery = rateOf(lines.filter((l) => l.title === title));
  return { shipping: first + secondDelivery, secondDelivery };
}

/**
 * A shopper pre-orders the title from its page and pays on the hosted page; answers the order's id (the session). A
 * mixed shopper first puts a book on the shelf in the cart and chooses two parcels in the drawer; answers what the
 * table says the two cost.
 */
async function preOrder(
  shopper: (typeof shoppers)[number],
): Promise<{ orderId: string; due: Awaited<ReturnType<typeof twoParcelsDue>> | null }> {
  const { context, page } = await newPage(browser, viewports.desktop);
  try {
    if (shopper.mixed) {
      await page.goto(`${shop.url}/books/${onShelf.slug}`);
      const shelfBuy = page.locator('.book-page__buy');
      await shelfBuy.getByRole('button', { name: 'Add to Cart' }).click();
      await shelfBuy.getByRole('button', { name: 'Added to Cart!' }).waitFor(seen);
    }
    await page.goto(`${shop.url}/books/together-we-shine`);
    const buy = page.locator('.book-page__buy');
    await buy.getByText('Pre-order — published 1 March 2099').waitFor(seen);
    await buy.getByRole('button', { name: 'Pre-order' }).click();
    await buy.getByRole('button', { name: 'Added to Cart!' }).waitFor(seen);
    await page.getByRole('button', { name: shopper.mixed ? 'Cart, 2 items' : 'Cart, 1 item', exact: true }).click();
    let due: Awaited<ReturnType<typeof twoParcelsDue>> | null = null;
    if (shopper.mixed) {
      // The drawer asks before payment; two parcels show the second delivery the table charges.
      const lines: CartLine[] = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]');
      due = await twoParcelsDue(lines);
      assert.ok(due.secondDelivery > 0, 'the table charges a second delivery');
      const choice = page.getByRole('radiogroup', { name: parcelTexts.legend });
      const two = choice.getByRole('radio', {
        name: `${parcelTexts.two(day)} — ${formatPence(due.shipping)} (${parcelTexts.secondDelivery(due.secondDelivery).toLowerCase()})`,
        exact: true,
      });
      await two.waitFor(seen);
      assert.ok(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled(), 'no choice, no checkout');
      await two.click();
      await page.getByTestId('cart-shipping').getByText(formatPence(due.shipping)).waitFor(seen);
    }
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, seen);
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    if (due) await page.getByText(formatPence(due.shipping)).first().waitFor(seen);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Full name').fill(shopper.name);
    await page.getByLabel('Address', { exact: true }).fill('1 Linden Lane');
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Postcode').fill('LS1 4AB');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/, seen);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor(seen);
    return { orderId: sessionId, due };
  } finally {
    await context.close();
  }
}

/** The owner's catalogue screen with the coming-title form for the title. */
async function comingForm(page: Page) {
  await page.goto(`${shop.url}/admin/catalogue`);
  const form = page.getByRole('form', { name: 'Coming title' });
  await form.waitFor(seen);
  await form.getByTestId('coming-book').selectOption({ label: title });
  return form;
}

const dateMails = async () =>
  (await allEvents(shop))
    .filter((e) => e.type === 'EmailSent' && e.data.kind === 'preorder-date-changed')
    .map((e) => e.data as EmailSent['data']);

test('announce, three pre-orders, two copies allocated and one waiting, the date moves, the waiting shopper is e-mailed once and cancels for a full refund', async () => {
  const owner = await ownerPage(browser, shop);
  try {
    const form = await comingForm(owner.page);
    await form.getByLabel('Publication date').fill(day);
    await form.getByRole('button', { name: 'Announce' }).click();
    await owner.page.getByTestId('preorder-demand').getByText('Published 1 March 2099').waitFor(seen);
  } finally {
    await owner.context.close();
  }

  // Three shoppers, one after another: the order placed is the order allocated.
  const placed = [];
  for (const shopper of shoppers) placed.push(await preOrder(shopper));
  const orders = placed.map((p) => p.orderId);

  // The mixed cart's order records two parcels, and pays the second delivery as the table says.
  const mixed = placed[shoppers.findIndex((s) => s.mixed)]!;
  const [mixedPlaced] = ofType(await shop.shop.deps.events.readStream(orderStream(mixed.orderId)), 'OrderPlaced');
  const mixedOrder = mixedPlaced!.data;
  assert.equal(mixedOrder.parcels, { choice: 'two', dispatchFrom: day, secondDelivery: mixed.due!.secondDelivery });
  assert.is(mixedOrder.shippingCost, mixed.due!.shipping);
  assert.is(mixedOrder.total, mixedOrder.subtotal + mixed.due!.shipping);
  assert.equal(
    mixedOrder.preOrders?.map((p) => p.publicationDate),
    [day],
  );

  const { context, page } = await ownerPage(browser, shop);
  try {
    // Two copies arrive: the two earliest pre-orders are allocated, the third waits, and none goes on sale.
    await page.goto(`${shop.url}/admin/stock`);
    const product = page
      .getByTestId('stock-product')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    const received = product.getByRole('form', { name: `Record copies of ${title} received` });
    await received.getByLabel('Copies').fill('2');
    await received.getByRole('button', { name: 'Record received' }).click();
    await page.locator('.shop-toast__description', { hasText: preOrderMessages.allocated(2, 1) }).waitFor(seen);

    // The queue: the two allocated are ready, the third says it waits.
    await page.goto(`${shop.url}/admin/orders?tab=to-fulfil`);
    const row = (orderId: string) => page.locator(`.orders-tab[data-state="active"] [data-order-id="${orderId}"]`);
    for (const [i, orderId] of orders.entries()) {
      await row(orderId)
        .getByText(i < 2 ? 'Pre-order — allocated' : 'Pre-order — waiting')
        .waitFor(seen);
      if (shoppers[i]!.mixed)
        await row(orderId)
          .locator('[data-badge="two-parcels"]', { hasText: parcelTexts.badge(mixedOrder.parcels!) })
          .waitFor(seen);
    }
    assert.equal(await axeProblems(page), []);

    // The date moves: the owner is told one waiting pre-order is e-mailed.
    const form = await comingForm(page);
    await form.getByLabel('Publication date').fill('2099-06-01');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('1 waiting pre-order is e-mailed the new date').first().waitFor(seen);
  } finally {
    await context.close();
  }

  // One e-mail, to the waiting shopper only, with the new date and the one-click cancel.
  await eventually(async () => (await dateMails()).length === 1, 20_000, 'the date e-mail');
  const mails = await dateMails();
  assert.equal(
    mails.map((m) => m.to),
    [shoppers[2]!.email],
  );
  const mail = outboxTexts(shop).find(
    (t) => t.includes(`To: ${shoppers[2]!.email}`) && t.includes('New publication date'),
  )!;
  assert.match(mail, 'will now be published on 1 June 2099 instead of 1 March 2099');
  const link = /(https?:\/\/[^\s"]+\/preorder-cancel\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})/.exec(mail)![1]!;

  const waiting = orderOnRecord(await shop.shop.deps.events.readStream(orderStream(orders[2]!)))!;
  const shopper = await newPage(browser, viewports.mobile, { bypassCSP: true });
  try {
    await shopper.page.goto(link);
    await shopper.page.getByRole('heading', { name: preOrderCancelTexts.heading }).waitFor(seen);
    await shopper.page.getByText('1 × Together We Shine, published 1 June 2099').waitFor(seen);
    await shopper.page.getByText(preOrderCancelTexts.right).waitFor(seen);
    assert.equal(await axeProblems(shopper.page), []);
    await shopper.page.getByRole('button', { name: preOrderCancelTexts.button }).click();
    await shopper.page.getByRole('status').getByText(preOrderCancelTexts.done(waiting.total)).waitFor(seen);
  } finally {
    await shopper.context.close();
  }
  // Refunded in full by the payment provider; still one date e-mail.
  await eventually(
    async () => {
      const events = await shop.shop.deps.events.readStream(orderStream(orders[2]!));
      const paidBack = events
        .filter((e) => e.type === 'RefundSucceeded')
        .reduce((sum, e) => sum + (e.data as { amount: number }).amount, 0);
      return paidBack === waiting.total;
    },
    20_000,
    'the full refund',
  );
  assert.is((await dateMails()).length, 1);
});

test.run();
