// A VAT-registered shop end to end: an order of a book and the poster paid through the sandbox gets a VAT invoice whose
// figures match a hand calculation, delivery apportioned; refunding the poster through the console issues a credit
// note naming the receipt and reversing the poster's VAT.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ukYearOf, type ReceiptView } from '../../contracts/receipts/model.ts';
import type { CreditNoteIssued } from '../../contracts/receipts/events.ts';
import { creditNotesStream } from '../../contracts/shared/streams.ts';
import type { VatReturnResponse } from '../../contracts/vat/model.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let auth: Record<string, string>;
test.before(async () => {
  shop = await startTestShop(sandboxShopEnv);
  auth = await adminHeaders(shop);
});
test.after(() => shop.close());

async function settled() {
  const events = shop.shop.deps.events;
  for (;;) {
    const head = await events.headPosition();
    assert.ok(await shop.shop.deps.effects.waitFor(head, 30_000), 'the reactor caught up');
    assert.ok(await shop.shop.deps.waiter.waitFor(head, 30_000), 'the read models caught up');
    if ((await events.headPosition()) === head) return;
  }
}

test('a registered shop’s receipt is a VAT invoice matching the hand calculation; refunding the poster credits its VAT', async () => {
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-01-01' },
    headers: auth,
  });
  assert.is(registered.status, 200, registered.text);

  // The Kindness Basket (zero-rated) and the poster (standard-rated), £9.99 each, £3.50 UK delivery.
  const orderId = await paidCartCheckout(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 3, quantity: 1 },
  ]);
  await settled();
  const answer = await call(`${shop.url}/api/admin/orders/${orderId}/receipt`, { headers: auth });
  assert.is(answer.status, 200, answer.text);
  const receipt = answer.json as ReceiptView;
  assert.is(receipt.total, 999 + 999 + 350);
  assert.is(receipt.vat?.vatNumber, 'GB365684514');
  // Poster: 999 × 2000 / 12000 = 166.5 → 167. Delivery by the goods' values, 999 : 999 → 175 each; its standard part
  // carries 175 × 2000 / 12000 = 29.17 → 29. VAT 196; standard gross 1174, net 978; zero gross 1174.
  assert.equal(
    receipt.lines.map((l) => [l.name.slice(0, 10), l.rate, l.vat]),
    [
      ['The Kindne', 0, 0],
      ['Alif to Ya', 2000, 167],
    ],
  );
  assert.equal(receipt.delivery.parts, [
    { rate: 0, gross: 175, vat: 0 },
    { rate: 2000, gross: 175, vat: 29 },
  ]);
  assert.equal(
    receipt.vat?.rates.map((r) => [r.rate, r.gross, r.vat, r.net]),
    [
      [0, 1174, 0, 1174],
      [2000, 1174, 196, 978],
    ],
  );
  assert.equal(receipt.vat?.totals, { gross: 2348, vat: 196, net: 2152 });

  const orders = await call(`${shop.url}/api/admin/orders`, { headers: auth });
  const revision = (orders.json.orders as { orderId: string; revision: number }[]).find(
    (o) => o.orderId === orderId,
  )!.revision;
  const refunded = await call(`${shop.url}/api/admin/orders/${orderId}/refunds`, {
    body: { lines: [{ line: 1, quantity: 1 }], reason: 'The poster came back', expectedRevision: revision },
    headers: auth,
  });
  assert.is(refunded.status, 202, refunded.text);
  let note: CreditNoteIssued['data'] | undefined;
  const stream = creditNotesStream(ukYearOf(new Date().toISOString()));
  // The refund is paid by the reactor, then its credit note issued: wait for the note, not for a time.
  await eventually(
    async () => {
      await settled();
      note = (await shop.shop.deps.events.readStream(stream))
        .map((e) => e.data as CreditNoteIssued['data'])
        .find((d) => d.orderId === orderId);
      return note !== undefined;
    },
    30_000,
    'the credit note of the refund',
  );
  if (!note) return;
  assert.is(note.receiptNumber, receipt.receiptNumber);
  assert.is(note.amount, 999);
  assert.equal(note.vat, {
    rates: [{ rate: 2000, gross: 999, vat: 167, net: 832 }],
    totals: { gross: 999, vat: 167, net: 832 },
  });
  const shown = (await call(`${shop.url}/api/admin/orders/${orderId}/receipt`, { headers: auth })).json as ReceiptView;
  assert.equal(
    shown.creditNotes.map((c) => [c.creditNoteNumber, c.vat?.totals.vat]),
    [[note.creditNoteNumber, 167]],
  );

  // The quarter's return: the sale's VAT less the credit note's, and the net of both (boxes 6 to 9 in whole pounds).
  const today = ukDayOf(new Date().toISOString());
  const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
  const start = `${today.slice(0, 4)}-${String(quarter * 3 + 1).padStart(2, '0')}-01`;
  const end = `${today.slice(0, 4)}-${String(quarter * 3 + 3).padStart(2, '0')}-${quarter === 0 || quarter === 3 ? 31 : 30}`;
  const returned = await call(`${shop.url}/api/admin/vat/return?start=${start}&end=${end}`, { headers: auth });
  assert.is(returned.status, 200, returned.text);
  const vatReturn = returned.json as VatReturnResponse;
  // Box 1: 196 − 167 = 29p. Box 6: net 2152 − 832 = 1320p, £13 in whole pounds. Box 7: no purchases are recorded.
  assert.equal(vatReturn.boxes, {
    box1: 29,
    box2: 0,
    box3: 29,
    box4: 0,
    box5: 29,
    box6: 13,
    box7: 0,
    box8: 0,
    box9: 0,
  });
  assert.equal(
    vatReturn.documents.filter((d) => d.orderId === orderId).map((d) => [d.kind, d.number]),
    [
      ['sale', receipt.receiptNumber],
      ['credit', note.creditNoteNumber],
    ],
  );
  for (const [query, message] of [
    [`start=${end}&end=${start}`, 'A VAT period cannot end before it starts.'],
    [`start=2026-02-30&end=${end}`, "The period's first day must be a date written YYYY-MM-DD"],
    [`start=${start}`, 'Give the period as start and end, each a date written YYYY-MM-DD'],
  ] as const) {
    const refused = await call(`${shop.url}/api/admin/vat/return?${query}`, { headers: auth });
    assert.is(refused.status, 400, `${query}: ${refused.text}`);
    assert.ok(refused.text.includes(message), `${query}: ${refused.text}`);
  }
});

test.run();
