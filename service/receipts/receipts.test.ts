// Receipt and credit-note numbers from the log: one gap-free sequence per year under concurrent issuers, numbers that
// a rebuild of the read models folds again unchanged, reactions that may run twice, the buyer's signed link, and the
// VAT a credit note reverses.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ukYearOf, type OrderVat, type ReceiptView } from '../../contracts/receipts/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { creditNotesStream, orderStream, receiptsStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData, type OrderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { outboxTexts, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { newEventId } from '../commands.ts';
import { issueReceipt } from './issue.ts';
import { receiptReactions } from './reactions.ts';

let shop: TestShop;
let auth: Record<string, string>;
test.before(async () => {
  // Fifty shoppers from one address at once: the limits on anonymous writes would turn most of them away.
  shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
  auth = await adminHeaders(shop);
});
test.after(() => shop.close());

const events = () => shop.shop.deps.events;
const meta = (requestId: string) => ({ causedBy: 'test', requestId, now: new Date().toISOString() });

/** Waits until the reactor has done what everything in the log so far makes due, then the read models too. */
async function settled() {
  for (;;) {
    const head = await events().headPosition();
    assert.ok(await shop.shop.deps.effects.waitFor(head, 30_000), 'the reactor caught up');
    assert.ok(await shop.shop.deps.waiter.waitFor(head, 30_000), 'the read models caught up');
    // The reactions append (receipts, e-mails): done once nothing more was appended meanwhile.
    if ((await events().headPosition()) === head) return;
  }
}

async function place(data: OrderPlacedData & { vat?: OrderVat }) {
  return events().append(
    orderStream(data.orderId),
    [
      {
        id: newEventId(),
        type: 'OrderPlaced',
        data,
        metadata: {
          causedBy: 'webhook:stripe',
          causationId: data.orderId,
          correlationId: data.orderId,
          at: data.placedAt,
        },
      },
    ],
    'no_stream',
  );
}

const receiptOf = (orderId: string) => call(`${shop.url}/api/admin/orders/${orderId}/receipt`, { headers: auth });
const issued = async (stream: string) => (await events().readStream(stream)) as RecordedEvent[];

test('50 orders placed at once get 50 consecutive numbers of their year, none repeated or skipped, however many issue them', async () => {
  // A year no other test uses, so its sequence is this test's alone.
  const ids = Array.from({ length: 50 }, (_, i) => `receipts-race-${i}`);
  await Promise.all(
    ids.map((orderId, i) => place(orderPlacedData({ orderId, placedAt: `2031-03-0${1 + (i % 9)}T10:00:00.000Z` }))),
  );
  // The reactor issues them as it reads the log; meanwhile every order is issued twice more at once, as a second
  // process and a repeated reaction would: all race for the same stream.
  const answers = await Promise.all(
    [...ids, ...ids].map((orderId, i) => issueReceipt(shop.shop.deps, orderId, meta(`race-${i}`))),
  );
  await settled();
  const receipts = (await issued(receiptsStream(2031))).filter((e) => e.type === 'ReceiptIssued');
  const data = receipts.map((e) => e.data as { sequence: number; orderId: string; receiptNumber: string });
  assert.equal(
    data.map((d) => d.sequence),
    Array.from({ length: 50 }, (_, i) => i + 1),
  );
  assert.equal(new Set(data.map((d) => d.orderId)).size, 50);
  assert.equal(new Set(data.map((d) => d.orderId)), new Set(ids));
  assert.is(data[0]!.receiptNumber, 'AH-2031-000001');
  assert.is(data[49]!.receiptNumber, 'AH-2031-000050');
  // Every issuer of an order was told the same number.
  const numberOf = new Map(data.map((d) => [d.orderId, d.receiptNumber]));
  answers.forEach((answer, i) => assert.is(answer, numberOf.get([...ids, ...ids][i]!)));

  // The console shows the number the log holds; a rebuild of every read model folds the same numbers again.
  const before = await Promise.all(ids.map(async (id) => (await receiptOf(id)).json.receiptNumber as string));
  assert.equal(
    before,
    ids.map((id) => numberOf.get(id)),
  );
  const rebuild = shop.shop.deps.rebuildReadModels!();
  await rebuild.done;
  await settled();
  const after = await Promise.all(ids.map(async (id) => (await receiptOf(id)).json.receiptNumber as string));
  assert.equal(after, before);
});

test('50 orders paid at once through the sandbox checkout get 50 consecutive numbers', async () => {
  const orderIds = await Promise.all(Array.from({ length: 50 }, () => paidCartCheckout(shop)));
  await settled();
  const year = ukYearOf(new Date().toISOString());
  const receipts = (await issued(receiptsStream(year)))
    .map((e) => e.data as { sequence: number; orderId: string })
    .filter((d) => orderIds.includes(d.orderId));
  assert.is(receipts.length, 50, 'one receipt for each order');
  assert.equal(new Set(receipts.map((d) => d.orderId)).size, 50);
  // Nothing else in this file places orders meanwhile, so theirs are one unbroken run of the year's sequence.
  const first = receipts[0]!.sequence;
  assert.equal(
    receipts.map((d) => d.sequence),
    Array.from({ length: 50 }, (_, i) => first + i),
  );
});

test('a reaction run again issues nothing more: an order has one receipt', async () => {
  const orderId = 'receipts-twice-1';
  const placedAt = '2032-05-05T12:00:00.000Z';
  await place(orderPlacedData({ orderId, placedAt }));
  await settled();
  const placed = (await events().readStream(orderStream(orderId)))[0]!;
  const reactions = receiptReactions(shop.shop.deps);
  await Promise.all([reactions.OrderPlaced!(placed), reactions.OrderPlaced!(placed)]);
  await reactions.OrderPlaced!(placed);
  const receipts = await issued(receiptsStream(2032));
  assert.is(receipts.filter((e) => (e.data as { orderId: string }).orderId === orderId).length, 1);
});

test('an order placed before receipts were numbered gets none', async () => {
  const orderId = 'receipts-before-numbering';
  await place(orderPlacedData({ orderId, placedAt: '2026-11-24T10:00:00.000Z' }));
  await settled();
  assert.is(await issueReceipt(shop.shop.deps, orderId, meta('old')), null);
  const answer = await receiptOf(orderId);
  assert.is(answer.status, 404);
  // It says why, and that it will not change: not "no receipt number yet".
  assert.is(
    answer.json.message,
    'This order was placed before receipts were numbered on 27 November 2026, so it has no receipt number.',
  );
});

test("the confirmation e-mail's link opens the buyer's receipt; a forged or altered link finds nothing and says nothing", async () => {
  const orderId = await paidCartCheckout(shop, [{ bookId: 1, quantity: 2 }]);
  await settled();
  const mail = outboxTexts(shop).find((text) => text.includes(`order number is AH-${orderId.slice(-8)}`));
  assert.ok(mail, 'the confirmation e-mail was sent');
  const link = /\/receipt\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  assert.ok(link, 'the e-mail links to the receipt');
  const own = await call(`${shop.url}/api/receipts/${link}`);
  assert.is(own.status, 200, own.text);
  const receipt = own.json as ReceiptView;
  assert.match(receipt.receiptNumber, /^AH-\d{4}-\d{6}$/);
  assert.is(receipt.orderId, orderId);
  assert.is(receipt.total, 2 * 999 + 350);
  assert.is(receipt.vat, undefined, 'an order without recorded VAT shows none');
  assert.ok(receipt.seller.address.length > 0);
  assert.is(receipt.buyerLink, `/receipt/${link}`);
  // The owner's copy is the same receipt.
  assert.is((await receiptOf(orderId)).json.receiptNumber, receipt.receiptNumber);

  const [idPart, mac] = link.split('.') as [string, string];
  const other = Buffer.from('receipts-race-0').toString('base64url');
  const flipped = mac.slice(0, 10) + (mac[10] === 'A' ? 'B' : 'A') + mac.slice(11);
  const forged = [
    `${idPart}.${flipped}`,
    `${other}.${mac}`,
    `${idPart}.${'A'.repeat(43)}`,
    idPart,
    `${idPart}.${mac}x`,
    `${idPart}=.${mac}`,
    'not-a-token',
  ];
  for (const token of forged) {
    const answer = await call(`${shop.url}/api/receipts/${encodeURIComponent(token)}`);
    assert.is(answer.status, 404, token);
    assert.not.match(answer.text, /AH-\d{4}|receiptNumber|total/, token);
  }
});

test('a bundle order’s receipt names the saving already in its prices, and its lines and delivery add up to what was paid', async () => {
  const orderId = await paidCartCheckout(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 2, quantity: 1 },
    { bookId: 3, quantity: 1 },
  ]);
  await settled();
  const receipt = (await receiptOf(orderId)).json as ReceiptView;
  assert.is(receipt.savings?.length, 1);
  assert.is(receipt.savings?.[0]?.label, 'Bundle saving');
  assert.ok(receipt.savings![0]!.amount > 0);
  assert.is(receipt.lines.reduce((sum, line) => sum + line.gross, 0) + receipt.delivery.gross, receipt.total);
  assert.is(
    receipt.lines.reduce((sum, line) => sum + line.gross, 0),
    3 * 999 - receipt.savings![0]!.amount,
  );
});

// Decision 068's worked example, as an order recorded it: a £12.99 book, a £9.99 poster, £3.50 delivery.
const vat: OrderVat = {
  vatNumber: 'GB365684514',
  lines: [
    { rate: 0, gross: 1299, vat: 0, net: 1299 },
    { rate: 2000, gross: 999, vat: 167, net: 832 },
  ],
  delivery: [
    { rate: 0, gross: 198, vat: 0 },
    { rate: 2000, gross: 152, vat: 25 },
  ],
  rates: [
    { rate: 0, goods: 1299, delivery: 198, gross: 1497, vat: 0, net: 1497 },
    { rate: 2000, goods: 999, delivery: 152, gross: 1151, vat: 192, net: 959 },
  ],
  totals: { gross: 2648, vat: 192, net: 2456 },
};

async function refunded(
  orderId: string,
  refundId: string,
  amount: number,
  lines: { line: number; quantity: number }[],
) {
  const at = new Date().toISOString();
  const metadata = { causedBy: 'test', causationId: refundId, correlationId: refundId, at };
  const stream = await events().readStream(orderStream(orderId));
  await events().append(
    orderStream(orderId),
    [
      {
        id: newEventId(),
        type: 'RefundRequested',
        data: { orderId, refundId, amount, lines, reason: 'Returned', by: 'admin', at },
        metadata,
      },
      {
        id: newEventId(),
        type: 'RefundSucceeded',
        data: { orderId, refundId, amount, gatewayRefundId: `re_${refundId}`, source: 'shop', at },
        metadata,
      },
    ],
    stream.at(-1)!.revision,
  );
}

test('refunding the poster issues a credit note naming the receipt, with its VAT; an amount is shared by the rates', async () => {
  const orderId = 'receipts-vat-1';
  await place({
    ...orderPlacedData({
      orderId,
      placedAt: '2026-12-01T10:00:00.000Z',
      items: [
        { name: 'The Kindness Basket', quantity: 1, price: 1299, bookId: 1 },
        { name: 'Arabic Letters Poster', quantity: 1, price: 999, bookId: 3 },
      ],
    }),
    vat,
  });
  await settled();
  const receipt = (await receiptOf(orderId)).json as ReceiptView;
  assert.is(receipt.vat?.vatNumber, 'GB365684514');
  assert.equal(receipt.vat?.totals, { gross: 2648, vat: 192, net: 2456 });
  assert.equal(
    receipt.lines.map((l) => [l.rate, l.vat]),
    [
      [0, 0],
      [2000, 167],
    ],
  );

  await refunded(orderId, 'refund-poster', 999, [{ line: 1, quantity: 1 }]);
  await refunded(orderId, 'refund-amount', 500, []);
  await settled();
  const year = ukYearOf(new Date().toISOString());
  const notes = (await issued(creditNotesStream(year)))
    .map(
      (e) =>
        e.data as {
          orderId: string;
          refundId: string;
          creditNoteNumber: string;
          receiptNumber: string;
          vat?: unknown;
          lines: unknown;
        },
    )
    .filter((d) => d.orderId === orderId);
  assert.is(notes.length, 2);
  const [poster, amount] = notes as [(typeof notes)[number], (typeof notes)[number]];
  assert.match(poster.creditNoteNumber, new RegExp(`^CN-${year}-\\d{6}$`));
  assert.is(poster.receiptNumber, receipt.receiptNumber);
  assert.equal(poster.lines, [
    { line: 1, name: 'Arabic Letters Poster', quantity: 1, gross: 999, rate: 2000, vat: 167 },
  ]);
  assert.equal(poster.vat, {
    rates: [{ rate: 2000, gross: 999, vat: 167, net: 832 }],
    totals: { gross: 999, vat: 167, net: 832 },
  });
  // £5.00 by the rates' gross (1497 : 1151): 282.66 → 283 and 217.34 → 217; VAT 192 × 217 / 1151 = 36.2 → 36.
  assert.equal(amount.vat, {
    rates: [
      { rate: 0, gross: 283, vat: 0, net: 283 },
      { rate: 2000, gross: 217, vat: 36, net: 181 },
    ],
    totals: { gross: 500, vat: 36, net: 464 },
  });
  // The receipt page shows them.
  const shown = (await receiptOf(orderId)).json as ReceiptView;
  assert.equal(
    shown.creditNotes.map((c) => c.creditNoteNumber),
    [poster.creditNoteNumber, amount.creditNoteNumber],
  );
});

test.run();
