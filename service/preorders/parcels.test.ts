// A basket of a coming book and books on the shelf (decision 131): it must say one parcel or two before payment (400
// without), only such a basket may ask for two (400 otherwise), two parcels pay the second delivery as the delivery
// table says (priced by the server), and the order records the choice and its pre-ordered lines, which the owner's
// order page, the queue, the receipt (page and PDF) and the confirmation e-mail show. Copies received for a coming
// title put it on sale: no new pre-order is taken, and the shelf gets the rest once, even should the shop stop between
// the title's append and the shelf's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { rowBadgesOf } from '../../contracts/orders/queue.ts';
import { preOrderMessages, preOrderTexts } from '../../contracts/preorders/model.ts';
import { parcelMessages } from '../../contracts/preorders/parcels.ts';
import { comingTitleDecider } from '../../contracts/preorders/title.ts';
import type { ReceiptView } from '../../contracts/receipts/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { preOrderStream, stockStream } from '../../contracts/shared/streams.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allEvents, cardFormBody, outboxTexts, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { fetchWithin } from '../../infra/testing/http.ts';
import { adminHeaders, call, floodLimits, startTestShop } from '../../infra/testing/shop.ts';
import { handleCommand } from '../commands.ts';
import { shelfReceiptId } from '../stock/preOrderReceipt.ts';

const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
const dir = mkdtempSync(path.join(tmpdir(), 'parcels-'));
test.after(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});
const admin = await adminHeaders(shop);
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${shop.url}${url}`, { body, headers });
const settled = async () => {
  for (;;) {
    const head = await shop.shop.deps.events.headPosition();
    assert.ok(await shop.shop.deps.effects.waitFor(head, 30_000), 'the reactor caught up');
    assert.ok(await shop.shop.deps.waiter.waitFor(head, 30_000), 'the read models caught up');
    if ((await shop.shop.deps.events.headPosition()) === head) return;
  }
};
const day = '2099-03-01';
// Book 2 is coming; book 1 is on the shelf (never recorded: it sells without limit).
const announced = await post('/api/admin/preorders/2', { publicationDate: day }, admin);
assert.is(announced.status, 201, announced.text);
const mixedCart = (parcels?: unknown) =>
  post('/api/cart/checkout', {
    items: [
      { bookId: 1, quantity: 1 },
      { bookId: 2, quantity: 1 },
    ],
    customerCountry: 'GB',
    ...(parcels === undefined ? {} : { parcels }),
  });
const startedOf = async (sessionId: string) =>
  (
    (await allEvents(shop)).find(
      (e) => e.type === 'CheckoutStarted' && e.data.paymentReference === sessionId,
    ) as RecordedEvent<CheckoutStarted>
  ).data;

test('a mixed basket that does not say one parcel or two is refused with the reason, on the cart and the direct purchase', async () => {
  for (const answer of [
    await mixedCart(),
    await post('/api/create-checkout-session', {
      items: [{ title: 'The Kindness Basket' }, { title: 'Together We Shine' }],
      customerCountry: 'GB',
    }),
  ]) {
    assert.is(answer.status, 400, answer.text);
    assert.is(answer.json.message, parcelMessages.choose(day));
    assert.equal(answer.json.issues, [{ field: 'parcels', message: parcelMessages.choose(day) }]);
  }
  const odd = await mixedCart('three');
  assert.is(odd.status, 400, odd.text);
  assert.match(odd.json.message, 'parcels must be "one"');
  // Nothing was held or pre-ordered for a refused start.
  assert.is(
    (await shop.shop.deps.events.readStream(preOrderStream(2))).filter((e) => e.type === 'PreOrderPlaced').length,
    0,
  );
});

test('only a basket of pre-orders and books on the shelf may ask for two parcels: the card form and the wallet sell one book', async () => {
  const answers = [
    await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB', parcels: 'two' }),
    await post('/api/cart/checkout', { items: [{ bookId: 2, quantity: 1 }], customerCountry: 'GB', parcels: 'two' }),
    await post('/api/create-payment-intent', { ...cardFormBody(), parcels: 'two' }),
    await post('/api/create-payment-intent', { amount: 1349, country: 'GB', parcels: 'two' }),
  ];
  for (const answer of answers) {
    assert.is(answer.status, 400, answer.text);
    assert.is(answer.json.message, parcelMessages.notMixed);
  }
});

test('one parcel pays one delivery; the checkout records the pre-ordered line, its date and the choice', async () => {
  const one = await mixedCart('one');
  assert.is(one.status, 200, one.text);
  const started = await startedOf(one.json.sessionId);
  assert.is(started.shippingOptions[0]!.amount, 350);
  assert.equal(started.preOrders, [{ bookId: 2, publicationDate: day }]);
  assert.equal(started.parcels, { choice: 'one', dispatchFrom: day, secondDelivery: 0 });
});

test('two parcels pay the second delivery as the table says; the order, its page, the queue, the receipt and the e-mail say so', async () => {
  // The browser's price is never read: the server charges both deliveries from the table.
  const two = await post('/api/cart/checkout', {
    items: [
      { bookId: 1, quantity: 1, price: 1 },
      { bookId: 2, quantity: 1, price: 1 },
    ],
    customerCountry: 'GB',
    parcels: 'two',
  });
  assert.is(two.status, 200, two.text);
  const sessionId: string = two.json.sessionId;
  const started = await startedOf(sessionId);
  assert.is(started.shippingOptions[0]!.amount, 700);
  const paid = await post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, sandboxPayBody());
  assert.is(paid.status, 200, paid.text);
  await settled();

  const orderEvents = await shop.shop.deps.events.readStream(`order-${sessionId}`);
  const placed = orderEvents.find((e) => e.type === 'OrderPlaced') as RecordedEvent<OrderPlaced>;
  assert.equal(placed.data.parcels, { choice: 'two', dispatchFrom: day, secondDelivery: 350 });
  assert.equal(placed.data.preOrders, [{ bookId: 2, publicationDate: day }]);
  assert.is(placed.data.shippingCost, 700);
  assert.is(placed.data.total, placed.data.subtotal + 700);
  assert.is(placed.metadata.schemaVersion, 4);
  assert.not.ok(
    orderEvents.some((e) => e.type === 'OrderFlagged'),
    'the two deliveries are the rate due, not a mismatch',
  );

  const page = await call(`${shop.url}/api/admin/orders/${sessionId}`, { headers: admin });
  assert.is(page.status, 200, page.text);
  assert.equal(page.json.order.parcels, placed.data.parcels);
  const badges = rowBadgesOf(page.json.order);
  assert.ok(badges.some((b) => b.kind === 'two-parcels' && b.label === 'Two parcels'));
  const waiting = badges.find((b) => b.kind === 'pre-order-waiting');
  assert.match(waiting!.detail, 'send the books in stock now');
  const queue = await call(`${shop.url}/api/admin/orders?queue=to-fulfil`, { headers: admin });
  assert.is(queue.status, 200, queue.text);
  const row = (queue.json.orders as { orderId: string; parcels?: unknown }[]).find((o) => o.orderId === sessionId);
  assert.equal(row?.parcels, placed.data.parcels);

  const line = preOrderTexts.receiptLine(day);
  assert.is(line, 'pre-order, to be dispatched from 1 March 2099');
  let receipt: ReceiptView | undefined;
  await eventually(async () => {
    const answer = await call(`${shop.url}/api/admin/orders/${sessionId}/receipt`, { headers: admin });
    if (answer.status === 200) receipt = answer.json as ReceiptView;
    return receipt !== undefined;
  });
  assert.equal(
    receipt!.lines.map((l) => [l.name, l.note]),
    [
      ['The Kindness Basket', undefined],
      ['Together We Shine', line],
    ],
  );
  // The advance payment is the tax point: the receipt is dated the day it was paid.
  assert.is(receipt!.placedAt, placed.data.placedAt);
  const pdf = await fetchWithin(`${shop.url}/api/admin/orders/${sessionId}/receipt/pdf`, { headers: admin });
  assert.is(pdf.status, 200);
  const file = path.join(dir, 'receipt.pdf');
  writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  assert.ok(text.includes(`Together We Shine (${line})`), text);

  // The owner's page and the packing slip say which line goes out later, so the books in stock are packed first.
  assert.equal(
    (page.json.page.items as { name: string; note?: string }[]).map((i) => i.note),
    [undefined, line],
  );
  const slip = await fetchWithin(`${shop.url}/api/admin/orders/${sessionId}/packing-slip/pdf`, { headers: admin });
  assert.is(slip.status, 200);
  writeFileSync(file, Buffer.from(await slip.arrayBuffer()));
  const slipText = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  assert.ok(slipText.includes(`Together We Shine (${line})`), slipText);

  const mail = outboxTexts(shop).find(
    (t) => t.includes(placed.data.orderNumber) && t.includes('Thank you for your order'),
  );
  assert.ok(mail, 'the confirmation e-mail was sent');
  assert.match(mail, `1 × Together We Shine (${line})`);
  assert.match(mail, 'Shipping, two parcels (second delivery £3.50)');
});

test('copies received put a coming title on sale: the shop stops offering it as a pre-order and a checkout takes none', async () => {
  const announcedPoster = await post('/api/admin/preorders/3', { publicationDate: day }, admin);
  assert.is(announcedPoster.status, 201, announcedPoster.text);
  const received = await post('/api/admin/stock/3/received', { quantity: 5 }, admin);
  assert.is(received.status, 200, received.text);
  assert.is(received.json.product.forSale, 5);
  await settled();
  const title = (await shop.shop.deps.events.readStream(preOrderStream(3))).find(
    (e) => e.type === 'PreOrderStockReceived',
  )!;
  const { receiptId } = title.data as { receiptId: string };
  const shelf = await shop.shop.deps.events.readStream(stockStream(3));
  assert.equal(
    shelf.filter((e) => e.type === 'StockReceived').map((e) => [e.id, (e.data as { quantity: number }).quantity]),
    [[shelfReceiptId(receiptId), 5]],
    'the route and the reactor put the rest on the shelf once',
  );
  const coming = await call(`${shop.url}/api/books/coming`);
  assert.not.ok((coming.json.books as { bookId: number }[]).some((b) => b.bookId === 3));
  // With a book on the shelf it is no mixed basket any more: one delivery, and two parcels are refused with the reason.
  const withShelfBook = (parcels?: string) =>
    post('/api/cart/checkout', {
      items: [
        { bookId: 3, quantity: 1 },
        { bookId: 1, quantity: 1 },
      ],
      customerCountry: 'GB',
      ...(parcels ? { parcels } : {}),
    });
  const two = await withShelfBook('two');
  assert.is(two.status, 400, two.text);
  assert.is(two.json.message, parcelMessages.notMixed);
  assert.is((await withShelfBook()).status, 200);
  const bought = await post('/api/cart/checkout', { items: [{ bookId: 3, quantity: 1 }], customerCountry: 'GB' });
  assert.is(bought.status, 200, bought.text);
  assert.not.ok(
    (await shop.shop.deps.events.readStream(preOrderStream(3))).some((e) => e.type === 'PreOrderPlaced'),
    'no pre-order of a title on sale',
  );
  // Asked directly, the title refuses a pre-order with the reason.
  try {
    await handleCommand(
      shop.shop.deps.events,
      preOrderStream(3),
      comingTitleDecider,
      {
        type: 'PlacePreOrder',
        bookId: 3,
        title: 'Alif to Ya: My Arabic Alphabet Poster',
        checkoutId: 'late',
        quantity: 1,
        at: new Date().toISOString(),
        expiresAt: new Date().toISOString(),
      },
      { causedBy: 'shopper', requestId: 'late', now: new Date().toISOString() },
    );
    assert.unreachable('refused');
  } catch (error) {
    assert.is((error as Error).message, preOrderMessages.onSale('Alif to Ya: My Arabic Alphabet Poster'));
  }
});

test('a shop that stopped after the title recorded a receipt still puts the rest on the shelf, once', async () => {
  const announcedTitle = await post('/api/admin/preorders/1', { publicationDate: day }, admin);
  assert.is(announcedTitle.status, 201, announcedTitle.text);
  const now = new Date().toISOString();
  // Only the title's append, as if the shop stopped before the shelf's.
  await handleCommand(
    shop.shop.deps.events,
    preOrderStream(1),
    comingTitleDecider,
    { type: 'AllocateCopies', bookId: 1, copies: 4, receiptId: 'stopped-1', by: 'owner', reason: '', at: now },
    { causedBy: 'admin:owner', requestId: 'stopped-1', now },
  );
  await settled();
  const shelf = (await shop.shop.deps.events.readStream(stockStream(1))).filter((e) => e.type === 'StockReceived');
  assert.equal(
    shelf.map((e) => [e.id, (e.data as { quantity: number }).quantity]),
    [[shelfReceiptId('stopped-1'), 4]],
  );
});

test.run();
