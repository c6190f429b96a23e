// The Xero files hold what the VAT return holds (decision 108): on a period with a discounted UK sale at two rates, a
// zero-rated export, a refund of a returned line and a refund of an amount, the sales invoices file less the credit
// notes file gives box 1 (VAT) and box 6 (net, whole pounds) of the VAT return for the same days, as does the daily
// summary. Naming each buyer as the contact is the reader's choice, recorded as a read of personal data with a reason.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deliveryOptionFor, type ShippingRatesResponse } from '../../contracts/checkout/shippingRates.ts';
import {
  dailySummaryColumns,
  xeroCreditNoteColumns,
  xeroInvoiceColumns,
  xeroExportMessages,
} from '../../contracts/receipts/exports.ts';
import type { ReceiptView } from '../../contracts/receipts/model.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import type { VatReturnResponse } from '../../contracts/vat/model.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allEvents, ofType, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { parseCsv } from '../../infra/testing/csv.ts';
import { adminHeaders, call, settled, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let auth: Record<string, string>;
test.before(async () => {
  shop = await startTestShop(sandboxShopEnv);
  auth = await adminHeaders(shop);
});
test.after(() => shop.close());

/** A cart paid on the sandbox's page for an address in `country`, at that destination's rate; its order id. */
async function paid(items: { bookId: number; quantity: number }[], country: string, discountCode?: string) {
  const started = await call(`${shop.url}/api/cart/checkout`, {
    body: { items, customerCountry: country, ...(discountCode ? { discountCode } : {}) },
  });
  assert.is(started.status, 200, started.text);
  const sessionId: string = started.json.sessionId;
  const table = (await call(`${shop.url}/api/shipping/rates`)).json as ShippingRatesResponse;
  const option = deliveryOptionFor(table, country, { items: items.reduce((n, l) => n + l.quantity, 0), subtotal: 0 });
  assert.ok(option, `the shop delivers to ${country}`);
  const body = { ...sandboxPayBody({ country, shippingOptionId: option.id }), name: `Buyer in ${country}` };
  const answer = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, { body });
  assert.is(answer.status, 200, answer.text);
  return sessionId;
}

async function receiptOf(orderId: string): Promise<ReceiptView> {
  let receipt: ReceiptView | undefined;
  await eventually(
    async () => {
      await settled(shop);
      const answer = await call(`${shop.url}/api/admin/orders/${orderId}/receipt`, { headers: auth });
      if (answer.status === 200) receipt = answer.json as ReceiptView;
      return receipt !== undefined;
    },
    60_000,
    'the receipt number',
  );
  return receipt!;
}

async function refund(orderId: string, body: Record<string, unknown>, notes: number) {
  const order = await call(`${shop.url}/api/admin/orders/${orderId}`, { headers: auth });
  assert.is(order.status, 200, order.text);
  const answer = await call(`${shop.url}/api/admin/orders/${orderId}/refunds`, {
    body: { ...body, expectedRevision: order.json.order.revision },
    headers: auth,
  });
  assert.is(answer.status, 202, answer.text);
  await eventually(
    async () => (await receiptOf(orderId)).creditNotes.length === notes,
    60_000,
    `credit note ${notes} of the order`,
  );
}

const pence = (cell: string | undefined) => Math.round(Number(cell) * 100);

/** Σ of a Xero file's lines: gross (quantity × tax-inclusive unit), VAT (TaxAmount) and so net; and its documents. */
function xeroSums(text: string, header: readonly string[]) {
  const [head, ...rows] = parseCsv(text).filter((row) => row.length > 1);
  assert.equal(head, [...header]);
  const at = (name: string) => header.indexOf(name);
  let gross = 0;
  let vat = 0;
  const totals = new Map<string, { total: number; lines: number }>();
  for (const row of rows) {
    assert.is(row.length, header.length);
    const line = Number(row[at('*Quantity')]) * pence(row[at('*UnitAmount')]);
    gross += line;
    vat += pence(row[at('TaxAmount')]);
    const number = row[at(header[10]!)]!;
    const doc = totals.get(number) ?? { total: pence(row[at('Total')]), lines: 0 };
    doc.lines += line;
    totals.set(number, doc);
  }
  // Each document's Total is the sum of its lines, as Xero will work it out.
  for (const [number, doc] of totals) assert.is(doc.lines, doc.total, `${number}'s lines add up to its Total`);
  return { gross, vat, net: gross - vat, documents: totals.size, rows };
}

test('the invoices file less the credit notes file is boxes 1 and 6 of the VAT return; so is the daily summary', async () => {
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-01-01' },
    headers: auth,
  });
  assert.is(registered.status, 200, registered.text);
  const code = await call(`${shop.url}/api/admin/discounts`, {
    body: { code: 'XERO-10', kind: 'percent', amount: 10 },
    headers: auth,
  });
  assert.is(code.status, 201, code.text);

  // A book (0%) and two posters (20%) with 10% off, to Leeds; two posters to France, an export at 0%.
  const uk = await paid(
    [
      { bookId: 1, quantity: 1 },
      { bookId: 3, quantity: 2 },
    ],
    'GB',
    'XERO-10',
  );
  const abroad = await paid([{ bookId: 3, quantity: 2 }], 'FR');
  const sale = await receiptOf(uk);
  const exported = await receiptOf(abroad);
  assert.ok(sale.savings?.length, 'the discount is on the receipt');
  // One poster comes back; then £5 is given back on the rest.
  await refund(uk, { lines: [{ line: 1, quantity: 1 }], reason: 'A poster came back' }, 1);
  await refund(uk, { amount: 500, reason: 'A corner was bent' }, 2);
  const notes = (await receiptOf(uk)).creditNotes;

  const start = [sale, exported].map((r) => ukDayOf(r.placedAt)).sort()[0]!;
  const end = notes
    .map((n) => ukDayOf(n.issuedAt))
    .sort()
    .at(-1)!;
  const range = `from=${start}&to=${end}`;
  const vatReturn = await call(`${shop.url}/api/admin/vat/return?start=${start}&end=${end}`, { headers: auth });
  assert.is(vatReturn.status, 200, vatReturn.text);
  const { boxes } = vatReturn.json as VatReturnResponse;
  assert.ok(boxes.box1 > 0 && boxes.box6 > 0, JSON.stringify(boxes));

  const invoices = await call(`${shop.url}/api/admin/sales/xero.csv?${range}`, { headers: auth });
  const credits = await call(`${shop.url}/api/admin/sales/xero-credit-notes.csv?${range}`, { headers: auth });
  assert.is(invoices.status, 200, invoices.text);
  assert.is(credits.status, 200, credits.text);
  // The headers are Xero's templates' column lists.
  assert.is(invoices.text.split('\r\n')[0], xeroInvoiceColumns.join(','));
  assert.is(credits.text.split('\r\n')[0], xeroCreditNoteColumns.join(','));
  const sold = xeroSums(invoices.text, xeroInvoiceColumns);
  const given = xeroSums(credits.text, xeroCreditNoteColumns);
  assert.is(sold.documents, 2, 'one invoice per receipt');
  assert.is(given.documents, 2, 'one credit note per refund');
  assert.is(sold.gross, sale.total + exported.total);
  assert.is(
    given.gross,
    notes.reduce((sum, n) => sum + n.amount, 0),
  );
  assert.is(sold.vat - given.vat, boxes.box1, 'box 1');
  assert.is(Math.trunc((sold.net - given.net) / 100), boxes.box6, 'box 6');
  // The export's lines are zero-rated; every contact is the generic one.
  const typeAt = xeroInvoiceColumns.indexOf('*TaxType');
  const numberAt = xeroInvoiceColumns.indexOf('*InvoiceNumber');
  for (const row of sold.rows.filter((r) => r[numberAt] === exported.receiptNumber))
    assert.is(row[typeAt], 'Zero Rated Income');
  for (const row of [...sold.rows, ...given.rows]) assert.is(row[0], 'Shop customer');

  // The daily summary: its sales rows less its refunds rows give the same boxes, and nothing else is in it.
  const daily = await call(`${shop.url}/api/admin/sales/daily.csv?${range}`, { headers: auth });
  assert.is(daily.status, 200, daily.text);
  const [head, ...rows] = parseCsv(daily.text.replace(/^\uFEFF/, '')).filter((row) => row.length > 1);
  assert.equal(head, [...dailySummaryColumns]);
  const col = (name: (typeof dailySummaryColumns)[number]) => dailySummaryColumns.indexOf(name);
  const sum = (name: 'Net' | 'VAT' | 'Gross') => rows.reduce((total, row) => total + pence(row[col(name)]), 0);
  assert.is(sum('VAT'), boxes.box1, 'the daily summary’s VAT is box 1');
  assert.is(Math.trunc(sum('Net') / 100), boxes.box6, 'the daily summary’s net is box 6');
  assert.is(sum('Gross'), sold.gross - given.gross);
  for (const row of rows) {
    assert.is(pence(row[col('Net')]) + pence(row[col('VAT')]), pence(row[col('Gross')]), row.join(','));
    assert.ok(['Sales', 'Refunds'].includes(row[col('Type')]!), row.join(','));
    if (row[col('Type')] === 'Refunds') assert.ok(pence(row[col('Gross')]) < 0, row.join(','));
  }
  // A day's sales at 20%: a row of its own, as a bookkeeper posts it.
  assert.ok(rows.some((row) => row[col('Type')] === 'Sales' && row[col('Tax type')] === '20% (VAT on Income)'));
});

test('each buyer named as the contact only when the reader chooses it, with a reason, recorded as a read', async () => {
  const orderId = await paid([{ bookId: 1, quantity: 1 }], 'GB');
  const receipt = await receiptOf(orderId);
  const day = ukDayOf(receipt.placedAt);
  const readsOf = async () => ofType(await allEvents(shop), 'PersonalDataRead');
  const before = (await readsOf()).length;

  // Off by default: the generic contact, nothing recorded.
  const generic = await call(`${shop.url}/api/admin/sales/xero.csv?from=${day}&to=${day}`, { headers: auth });
  assert.is(generic.status, 200, generic.text);
  assert.not.ok(generic.text.includes('Buyer in GB'));
  assert.is((await readsOf()).length, before);

  // Chosen without a reason: refused, and nothing leaves.
  for (const file of ['xero.csv', 'xero-credit-notes.csv']) {
    const refused = await call(`${shop.url}/api/admin/sales/${file}?from=${day}&contact=buyer`, { headers: auth });
    assert.is(refused.status, 400, refused.text);
    assert.ok(refused.text.includes(xeroExportMessages.reason), refused.text);
  }
  const odd = await call(`${shop.url}/api/admin/sales/xero.csv?contact=everyone`, { headers: auth });
  assert.is(odd.status, 400, odd.text);
  assert.ok(odd.text.includes(xeroExportMessages.contact), odd.text);
  assert.is((await readsOf()).length, before);

  const named = await call(
    `${shop.url}/api/admin/sales/xero.csv?from=${day}&to=${day}&contact=buyer&reason=${encodeURIComponent('Quarterly accounts')}`,
    { headers: auth },
  );
  assert.is(named.status, 200, named.text);
  const row = parseCsv(named.text).find(
    (r) => r[xeroInvoiceColumns.indexOf('*InvoiceNumber')] === receipt.receiptNumber,
  );
  assert.is(row?.[0], 'Buyer in GB');
  const reads = (await readsOf()).slice(before).map((e) => e.data as Record<string, unknown>);
  assert.is(reads.length, 1);
  assert.is(reads[0]!.endpoint, 'GET /api/admin/sales/xero.csv');
  assert.is(reads[0]!.reason, 'Quarterly accounts');
  assert.is(reads[0]!.routine, false);
  assert.match(String(reads[0]!.subject), /^xero-sales-invoices\.csv\?contact=buyer/);
});

test.run();
