// VAT documents by HMRC's rules as real PDF files (decision 104): a registered shop's sale of £250 or less is a
// simplified VAT invoice, a full one when asked or above £250, and a refund's credit note says what it gives back, why,
// which invoice it adjusts and the VAT it reverses. Each file is read back with pdftotext and every field of VAT Notice
// 700 section 16 looked for in its text.
import { fetchWithin } from '../../infra/testing/http.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ukYearOf, type ReceiptView } from '../../contracts/receipts/model.ts';
import type { CreditNoteIssued } from '../../contracts/receipts/events.ts';
import { creditNotesStream } from '../../contracts/shared/streams.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allEvents, ofType, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let auth: Record<string, string>;
let dir: string;
test.before(async () => {
  shop = await startTestShop(sandboxShopEnv);
  auth = await adminHeaders(shop);
  dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-01-01' },
    headers: auth,
  });
  assert.is(registered.status, 200, registered.text);
});
test.after(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

async function settled() {
  const events = shop.shop.deps.events;
  for (;;) {
    const head = await events.headPosition();
    assert.ok(await shop.shop.deps.effects.waitFor(head, 30_000), 'the reactor caught up');
    assert.ok(await shop.shop.deps.waiter.waitFor(head, 30_000), 'the read models caught up');
    if ((await events.headPosition()) === head) return;
  }
}

/** The file at `url` (with the admin's session unless `open`), checked to be a PDF, and its text by pdftotext. */
async function pdfText(url: string, name: string, open = false): Promise<string> {
  const res = await fetchWithin(`${shop.url}${url}`, { headers: open ? {} : auth });
  assert.is(res.status, 200, `${url}: ${res.status} ${await res.clone().text()}`);
  assert.is(res.headers.get('content-type'), 'application/pdf');
  assert.ok(/^attachment; filename="[^"]+\.pdf"$/.test(res.headers.get('content-disposition') ?? ''));
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.is(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  // A4 (595 × 842 points) and every font embedded.
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  assert.match(info, /Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  assert.ok(fonts.length > 0, 'the file names its fonts');
  for (const font of fonts) assert.match(font, /\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/, `embedded: ${font}`);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const has = (text: string, ...fields: string[]) => {
  for (const field of fields) assert.ok(text.includes(field), `the PDF says "${field}":\n${text}`);
};
const hasNot = (text: string, ...fields: string[]) => {
  for (const field of fields) assert.not.ok(text.includes(field), `the PDF does not say "${field}":\n${text}`);
};

async function receiptOf(orderId: string, query = ''): Promise<ReceiptView> {
  let receipt: ReceiptView | undefined;
  await eventually(
    async () => {
      await settled();
      const answer = await call(`${shop.url}/api/admin/orders/${orderId}/receipt${query}`, { headers: auth });
      if (answer.status === 200) receipt = answer.json as ReceiptView;
      return receipt !== undefined;
    },
    30_000,
    'the receipt number',
  );
  return receipt!;
}

const sellerFields = ['Amanah House', 'VAT registration number', 'GB365684514'];

test('a sale of £250 or less is a simplified VAT invoice; asked for, the full one names the customer with net unit prices', async () => {
  // The Kindness Basket (zero-rated) and the poster (standard-rated), £9.99 each, £3.50 UK delivery: £23.48.
  const orderId = await paidCartCheckout(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 3, quantity: 2 },
  ]);
  const receipt = await receiptOf(orderId);
  assert.is(receipt.kind, 'simplified');
  assert.is(receipt.title, 'Simplified VAT invoice');
  assert.is(receipt.customer, undefined);
  const reads = ofType(await allEvents(shop), 'PersonalDataRead').length;

  // §16.6: the seller's name, address and VAT number, the time of supply, a description of the goods, the total
  // including VAT, and for each rate the gross amount and the rate.
  const simplified = await pdfText(`/api/admin/orders/${orderId}/receipt/pdf`, 'simplified');
  has(
    simplified,
    'Simplified VAT invoice',
    ...sellerFields,
    receipt.seller.address[0]!,
    'Date of supply (tax point)',
    receipt.receiptNumber,
    'The Kindness Basket',
    'Alif to Ya',
    'Delivery',
    'Total payable including VAT',
    `£${(receipt.total / 100).toFixed(2)}`,
    '0% (zero-rated: no VAT)',
    '20%',
    'Paid in full',
  );
  hasNot(simplified, 'Amina Khan', 'Linden Lane');
  // The buyer's copy by the signed link says the same.
  const token = receipt.buyerLink.split('/').at(-1)!;
  has(await pdfText(`/api/receipts/${token}/pdf`, 'simplified-buyer', true), 'Simplified VAT invoice');

  // §16.3, asked for: the customer's name and address, each line's unit price excluding VAT, its rate and VAT, the
  // totals excluding VAT, of VAT and including it, the zero-rated goods shown with no VAT.
  const full = await receiptOf(orderId, '?invoice=full');
  assert.is(full.kind, 'full');
  assert.equal(full.customer, { name: 'Amina Khan', address: ['1 Linden Lane', 'Leeds', 'LS1 4AB', 'GB'] });
  // Two posters of £9.99: 1998 gross, VAT 333 (166.5 a line of one; per line of two, 1998 × 2000 / 12000 = 333).
  const poster = full.lines[1]!;
  assert.equal([poster.gross, poster.vat, poster.net, poster.unitNet], [1998, 333, 1665, 833]);
  const fullText = await pdfText(`/api/admin/orders/${orderId}/receipt/pdf?invoice=full`, 'full');
  has(
    fullText,
    'VAT invoice',
    ...sellerFields,
    'Invoice number',
    receipt.receiptNumber,
    'Date of supply (tax point)',
    'Date of issue',
    'Customer',
    'Amina Khan',
    '1 Linden Lane',
    'LS1 4AB',
    'Unit price excl. VAT',
    '£8.33',
    '£16.65',
    '£3.33',
    'Total excluding VAT',
    'Total VAT',
    'Total including VAT',
    '0% (zero-rated: no VAT)',
  );
  hasNot(fullText, 'Simplified');
  // A full invoice names the customer: an account's look at it is a read of their data, recorded (decision 058); the
  // simplified one is not, nor the buyer's own copy.
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'auditor.invoices', role: 'auditor' },
    headers: auth,
  });
  assert.is(created.status, 201, created.text);
  const auditor = await adminHeaders(shop, 'auditor.invoices');
  const simpleRead = await call(`${shop.url}/api/admin/orders/${orderId}/receipt`, { headers: auditor });
  assert.is(simpleRead.status, 200);
  assert.is(ofType(await allEvents(shop), 'PersonalDataRead').length, reads);
  const fullRead = await call(`${shop.url}/api/admin/orders/${orderId}/receipt?invoice=full`, { headers: auditor });
  assert.is(fullRead.json.customer.name, 'Amina Khan');
  const recorded = ofType(await allEvents(shop), 'PersonalDataRead').slice(reads);
  assert.equal(
    recorded.map((e) => {
      const data = e.data;
      return [data.reader, data.endpoint, data.subject, data.reason];
    }),
    [['auditor.invoices', 'GET /api/admin/orders/:id/receipt', `order-${orderId}`, 'full VAT invoice opened']],
  );
  has(await pdfText(`/api/receipts/${token}/pdf?invoice=full`, 'full-buyer', true), 'Amina Khan', 'VAT invoice');
  const bad = await call(`${shop.url}/api/receipts/${token}/pdf?invoice=yes`);
  assert.is(bad.status, 400, bad.text);
  assert.ok(String(bad.json.message).startsWith('Invoice must be "full"'), bad.text);
  assert.is((await call(`${shop.url}/api/receipts/${token}x/pdf`)).status, 404);

  // A refund of an amount: the credit note says "Amount refunded", the reason, the invoice it adjusts and its VAT.
  const orders = await call(`${shop.url}/api/admin/orders`, { headers: auth });
  const revision = (orders.json.orders as { orderId: string; revision: number }[]).find(
    (o) => o.orderId === orderId,
  )!.revision;
  const refunded = await call(`${shop.url}/api/admin/orders/${orderId}/refunds`, {
    body: { amount: receipt.total, reason: 'Arrived water-damaged', expectedRevision: revision },
    headers: auth,
  });
  assert.is(refunded.status, 202, refunded.text);
  let note: CreditNoteIssued['data'] | undefined;
  await eventually(
    async () => {
      await settled();
      note = (await shop.shop.deps.events.readStream(creditNotesStream(ukYearOf(new Date().toISOString()))))
        .map((e) => e.data as CreditNoteIssued['data'])
        .find((d) => d.orderId === orderId);
      return note !== undefined;
    },
    30_000,
    'the credit note of the refund',
  );
  const credit = await pdfText(`/api/admin/orders/${orderId}/credit-notes/${note!.creditNoteNumber}/pdf`, 'credit');
  has(
    credit,
    'Credit note',
    ...sellerFields,
    note!.creditNoteNumber,
    'Date of issue',
    'Adjusts invoice',
    receipt.receiptNumber,
    'Reason',
    'Arrived water-damaged',
    'Amount refunded',
    'VAT credited',
    `£${(note!.vat!.totals.vat / 100).toFixed(2)}`,
    'Credited excluding VAT',
    `£${(note!.vat!.totals.net / 100).toFixed(2)}`,
    'Total credited',
  );
  // Refunded in full: the invoice says so with its credit note, not "Paid in full".
  const after = await receiptOf(orderId);
  assert.equal(after.standing, { kind: 'full', refunded: receipt.total, creditNotes: [note!.creditNoteNumber] });
  assert.is(after.creditNotes[0]?.reason, 'Arrived water-damaged');
  const refundedText = await pdfText(`/api/admin/orders/${orderId}/receipt/pdf`, 'refunded');
  has(refundedText, `Refunded in full by credit note ${note!.creditNoteNumber}`);
  hasNot(refundedText, 'Paid in full');
  const missing = await call(`${shop.url}/api/admin/orders/${orderId}/credit-notes/CN-2026-999999/pdf`, {
    headers: auth,
  });
  assert.is(missing.status, 404, missing.text);
});

test('a sale over £250 gets the full VAT invoice without asking', async () => {
  // Ten of each of the three products (a line holds at most ten) and delivery: over £250.
  const orderId = await paidCartCheckout(shop, [
    { bookId: 1, quantity: 10 },
    { bookId: 2, quantity: 10 },
    { bookId: 3, quantity: 10 },
  ]);
  const receipt = await receiptOf(orderId);
  assert.ok(receipt.total > 25_000, `total ${receipt.total}`);
  assert.is(receipt.kind, 'full');
  assert.is(receipt.customer?.name, 'Amina Khan');
  const text = await pdfText(`/api/admin/orders/${orderId}/receipt/pdf`, 'over-250');
  has(text, 'VAT invoice', 'Amina Khan', '1 Linden Lane', 'Unit price excl. VAT', 'Total excluding VAT');
  hasNot(text, 'Simplified');
});

test('the VAT return as a PDF: the nine boxes and the documents behind them', async () => {
  const day = new Date().toISOString().slice(0, 10);
  const json = await call(`${shop.url}/api/admin/vat/return?start=${day}&end=${day}`, { headers: auth });
  assert.is(json.status, 200, json.text);
  const text = await pdfText(`/api/admin/vat/return/pdf?start=${day}&end=${day}`, 'vat-return');
  has(text, 'VAT return', 'VAT due on sales and other outputs', 'GB365684514');
  has(text, `£${(json.json.boxes.box1 / 100).toFixed(2)}`);
  const refused = await call(`${shop.url}/api/admin/vat/return/pdf?start=${day}`, { headers: auth });
  assert.is(refused.status, 400, refused.text);
});

test.run();
