// The bookkeeper's files of receipts and credit notes: the receipt lines with their VAT to the penny and a credit-note
// section, and the Xero import with the template's header and UK tax rates; an unregistered shop's files show no VAT.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  creditNoteLineColumns,
  receiptLineColumns,
  vatColumns,
  xeroInvoiceColumns,
} from '../../contracts/receipts/exports.ts';
import { ukYearOf, type ReceiptView } from '../../contracts/receipts/model.ts';
import type { CreditNoteIssued } from '../../contracts/receipts/events.ts';
import { csvCell, csvPounds } from '../../contracts/sales/model.ts';
import { creditNotesStream } from '../../contracts/shared/streams.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allEvents, ofType, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { parseCsv } from '../../infra/testing/csv.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { creditNoteLines, creditNoteXeroLines, receiptLines, receiptXeroLines } from './documentRows.ts';

const poster = 'Alif to Ya: My Arabic Alphabet Poster';
const book = 'The Kindness Basket';

async function settled(shop: TestShop) {
  const events = shop.shop.deps.events;
  for (;;) {
    const head = await events.headPosition();
    assert.ok(await shop.shop.deps.effects.waitFor(head, 30_000), 'the reactor caught up');
    assert.ok(await shop.shop.deps.waiter.waitFor(head, 30_000), 'the read models caught up');
    if ((await events.headPosition()) === head) return;
  }
}

/** Places a book and the poster to a UK address and waits for its receipt number. */
async function bookAndPoster(shop: TestShop, auth: Record<string, string>): Promise<ReceiptView> {
  const orderId = await paidCartCheckout(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 3, quantity: 1 },
  ]);
  let receipt: ReceiptView | undefined;
  await eventually(
    async () => {
      await settled(shop);
      const answer = await call(`${shop.url}/api/admin/orders/${orderId}/receipt`, { headers: auth });
      if (answer.status === 200) receipt = answer.json as ReceiptView;
      return receipt !== undefined;
    },
    30_000,
    'the receipt number',
  );
  return receipt!;
}

/** Refunds the poster (the order's second line) and waits for its credit note. */
async function refundPoster(shop: TestShop, auth: Record<string, string>, orderId: string) {
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
  await eventually(
    async () => {
      await settled(shop);
      note = (await shop.shop.deps.events.readStream(creditNotesStream(ukYearOf(new Date().toISOString()))))
        .map((e) => e.data as CreditNoteIssued['data'])
        .find((d) => d.orderId === orderId);
      return note !== undefined;
    },
    30_000,
    'the credit note of the refund',
  );
  return note!;
}

/** The two sections of lines.csv: the receipts' rows and the credit notes' rows, each with its header first. */
function sections(text: string) {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const blank = rows.findIndex((row) => row.length === 1 && row[0] === '');
  assert.ok(blank > 0, 'a blank line between the sections');
  return { receipts: rows.slice(0, blank), creditNotes: rows.slice(blank + 1) };
}

test('cells of a product named like a formula are text; negative amounts stay numbers', () => {
  const doc = {
    orderId: 'o1',
    orderNumber: 'AH-12345678',
    placedAt: '2026-11-27T10:00:00.000Z',
    items: [{ name: '=HYPERLINK("http://evil.example","click")', quantity: 2, price: 500 }],
    shippingCost: 350,
    total: 1350,
    receiptNumber: 'AH-2026-000001',
    creditNotes: [],
  };
  const [line, delivery] = receiptLines(doc, false);
  assert.is(
    line,
    `AH-2026-000001,2026-11-27,AH-12345678,"'=HYPERLINK(""http://evil.example"",""click"")",2,10.00,10.00\r\n`,
  );
  assert.is(delivery, 'AH-2026-000001,2026-11-27,AH-12345678,Delivery,1,3.50,3.50\r\n');
  const note = {
    creditNoteNumber: 'CN-2026-000001',
    orderId: 'o1',
    refundId: 'r1',
    receiptNumber: 'AH-2026-000001',
    amount: 800,
    lines: [{ line: 0, name: '@SUM(A1:A9)', quantity: 1, gross: 500 }],
    refundedAt: '2026-11-28T10:00:00.000Z',
    issuedAt: '2026-11-28T10:00:01.000Z',
  };
  assert.equal(creditNoteLines(note, false), [
    `CN-2026-000001,2026-11-28,AH-2026-000001,'@SUM(A1:A9),-1,-5.00,-5.00\r\n`,
    'CN-2026-000001,2026-11-28,AH-2026-000001,Amount refunded,,-3.00,-3.00\r\n',
  ]);
  const xero = receiptXeroLines(doc).map((l) => parseCsv(l)[0]!);
  assert.is(xero[0]![xeroInvoiceColumns.indexOf('*Description')], `'=HYPERLINK("http://evil.example","click")`);
  const credit = creditNoteXeroLines(note).map((l) => parseCsv(l)[0]!);
  assert.is(credit[0]![xeroInvoiceColumns.indexOf('*Description')], `'@SUM(A1:A9)`);
  assert.is(credit[1]![xeroInvoiceColumns.indexOf('*Quantity')], '1');
  assert.is(credit[1]![xeroInvoiceColumns.indexOf('*UnitAmount')], '3.00');
  assert.is(csvCell(csvPounds(-167)), '-1.67');
  assert.is(csvCell(csvPounds(-5)), '-0.05');
  assert.is(csvCell(csvPounds(0)), '0.00');
  assert.is(csvCell({ numeral: '=1+1' }), "'=1+1");
});

test('a registered shop: each receipt line and delivery part with its VAT to the penny, the credit note reversing the poster’s; the Xero file in the template’s columns', async () => {
  const shop = await startTestShop(sandboxShopEnv);
  try {
    const auth = await adminHeaders(shop);
    const registered = await call(`${shop.url}/api/admin/vat/registration`, {
      body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-01-01' },
      headers: auth,
    });
    assert.is(registered.status, 200, registered.text);
    const receipt = await bookAndPoster(shop, auth);
    const note = await refundPoster(shop, auth, receipt.orderId);
    const day = ukDayOf(receipt.placedAt);
    const noteDay = ukDayOf(note.issuedAt);
    const reads = ofType(await allEvents(shop), 'PersonalDataRead').length;

    const answer = await call(`${shop.url}/api/admin/sales/lines.csv?from=${day}&to=${noteDay}`, { headers: auth });
    assert.is(answer.status, 200, answer.text);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(answer.headers.get('content-disposition') ?? '', /attachment; filename="sales-lines-[\d-]+\.csv"/);
    const { receipts, creditNotes } = sections(answer.text);
    assert.equal(receipts[0], [...receiptLineColumns]);
    const first = [receipt.receiptNumber, day, receipt.orderNumber];
    // The poster: 999 × 2000 / 12000 = 166.5 → 167 VAT, net 832. Delivery 350 apportioned 999 : 999 → 175 each; the
    // standard-rated part carries 175 × 2000 / 12000 = 29.17 → 29.
    assert.equal(
      receipts.filter((row) => row[0] === receipt.receiptNumber),
      [
        [...first, book, '1', '9.99', '0%', '0.00', '9.99'],
        [...first, poster, '1', '8.32', '20%', '1.67', '9.99'],
        [...first, 'Delivery', '1', '1.75', '0%', '0.00', '1.75'],
        [...first, 'Delivery', '1', '1.46', '20%', '0.29', '1.75'],
      ],
    );
    assert.equal(creditNotes[0], [...creditNoteLineColumns]);
    assert.equal(
      creditNotes.filter((row) => row[0] === note.creditNoteNumber),
      [[note.creditNoteNumber, noteDay, receipt.receiptNumber, poster, '-1', '-8.32', '20%', '-1.67', '-9.99']],
    );

    const xero = await call(`${shop.url}/api/admin/sales/xero.csv?from=${day}&to=${noteDay}`, { headers: auth });
    assert.is(xero.status, 200, xero.text);
    assert.match(
      xero.headers.get('content-disposition') ?? '',
      /attachment; filename="xero-sales-invoices-[\d-]+\.csv"/,
    );
    // Xero's template, column for column: written out here by hand, so a slip in the code cannot hide itself.
    assert.is(
      xero.text.split('\r\n')[0],
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,' +
        'POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,InventoryItemCode,*Description,' +
        '*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,TrackingName2,' +
        'TrackingOption2,Currency,BrandingTheme',
    );
    const notesFile = await call(`${shop.url}/api/admin/sales/xero-credit-notes.csv?from=${day}&to=${noteDay}`, {
      headers: auth,
    });
    assert.is(notesFile.status, 200, notesFile.text);
    assert.match(
      notesFile.headers.get('content-disposition') ?? '',
      /attachment; filename="xero-credit-notes-[\d-]+\.csv"/,
    );
    assert.is(
      notesFile.text.split('\r\n')[0],
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,' +
        'POPostalCode,POCountry,*CreditNoteNumber,Reference,*CreditNoteDate,*DueDate,Total,InventoryItemCode,' +
        '*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,' +
        'TrackingName2,TrackingOption2,Currency,BrandingTheme',
    );
    const rows = parseCsv(xero.text).slice(1);
    const col = (name: (typeof xeroInvoiceColumns)[number]) => xeroInvoiceColumns.indexOf(name);
    const pick = (row: string[]) =>
      [
        '*ContactName',
        '*InvoiceNumber',
        'Reference',
        '*InvoiceDate',
        '*DueDate',
        '*Description',
        '*Quantity',
        '*UnitAmount',
        '*AccountCode',
        '*TaxType',
        'TaxAmount',
        'Total',
        'Currency',
      ].map((name) => row[col(name as (typeof xeroInvoiceColumns)[number])]);
    const xeroDay = (d: string) => `${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    const sale = ['Shop customer', receipt.receiptNumber, receipt.orderNumber, xeroDay(day), xeroDay(day)];
    assert.equal(rows.filter((row) => row[col('*InvoiceNumber')] === receipt.receiptNumber).map(pick), [
      [...sale, book, '1', '9.99', '200', 'Zero Rated Income', '0.00', '23.48', 'GBP'],
      [...sale, poster, '1', '9.99', '200', '20% (VAT on Income)', '1.67', '23.48', 'GBP'],
      [...sale, 'Delivery', '1', '1.75', '200', 'Zero Rated Income', '0.00', '23.48', 'GBP'],
      [...sale, 'Delivery', '1', '1.75', '200', '20% (VAT on Income)', '0.29', '23.48', 'GBP'],
    ]);
    // The credit note is in its own file, not among the invoices, its amounts positive as Xero's credit notes take them.
    assert.not.ok(rows.some((row) => row.includes(note.creditNoteNumber)));
    const credit = ['Shop customer', note.creditNoteNumber, receipt.receiptNumber, xeroDay(noteDay), xeroDay(noteDay)];
    const noteRows = parseCsv(notesFile.text).slice(1);
    assert.equal(noteRows.filter((row) => row[col('*InvoiceNumber')] === note.creditNoteNumber).map(pick), [
      [...credit, poster, '1', '9.99', '200', '20% (VAT on Income)', '1.67', '9.99', 'GBP'],
    ]);
    for (const row of [...rows, ...noteRows]) assert.is(row.length, xeroInvoiceColumns.length);

    // No personal data: the downloads are not recorded as reads of it.
    assert.is(ofType(await allEvents(shop), 'PersonalDataRead').length, reads);

    // An auditor reads both files.
    const created = await call(`${shop.url}/api/admin/accounts`, {
      body: { username: 'auditor.exports', role: 'auditor' },
      headers: auth,
    });
    assert.is(created.status, 201, created.text);
    const auditor = await adminHeaders(shop, 'auditor.exports');
    for (const file of ['lines.csv', 'xero.csv', 'xero-credit-notes.csv', 'daily.csv'])
      assert.is((await call(`${shop.url}/api/admin/sales/${file}?from=${day}`, { headers: auditor })).status, 200);

    // A range that holds neither document is headers only.
    const before = await call(`${shop.url}/api/admin/sales/lines.csv?from=2026-01-01&to=2026-01-31`, { headers: auth });
    const empty = sections(before.text);
    assert.equal(empty.receipts, [[...receiptLineColumns.filter((c) => !vatColumns.includes(c))]]);
    assert.equal(empty.creditNotes, [[...creditNoteLineColumns.filter((c) => !vatColumns.includes(c))]]);

    for (const file of ['lines.csv', 'xero.csv', 'xero-credit-notes.csv', 'daily.csv'])
      for (const [query, message] of [
        ['from=2026-02-30', 'From must be a date such as 2026-03-01'],
        ['to=27-11-2026', 'To must be a date such as 2026-03-01'],
        ['from=2026-11-28&to=2026-11-27', 'From must not be after To'],
      ] as const) {
        const refused = await call(`${shop.url}/api/admin/sales/${file}?${query}`, { headers: auth });
        assert.is(refused.status, 400, `${file}?${query}: ${refused.text}`);
        assert.ok(refused.text.includes(message), `${file}?${query}: ${refused.text}`);
      }
    assert.is((await call(`${shop.url}/api/admin/sales/lines.csv`)).status, 401);
  } finally {
    await shop.close();
  }
});

test('an unregistered shop’s files show no VAT: no VAT columns, net equal to gross, and Xero’s “No VAT”', async () => {
  const shop = await startTestShop(sandboxShopEnv);
  try {
    const auth = await adminHeaders(shop);
    const receipt = await bookAndPoster(shop, auth);
    const note = await refundPoster(shop, auth, receipt.orderId);
    const day = ukDayOf(receipt.placedAt);
    const answer = await call(`${shop.url}/api/admin/sales/lines.csv`, { headers: auth });
    assert.is(answer.status, 200, answer.text);
    assert.not.ok(/VAT/i.test(answer.text), answer.text);
    const { receipts, creditNotes } = sections(answer.text);
    assert.equal(receipts[0], ['Receipt number', 'Date', 'Order number', 'Product', 'Quantity', 'Net', 'Gross']);
    const first = [receipt.receiptNumber, day, receipt.orderNumber];
    assert.equal(
      receipts.filter((row) => row[0] === receipt.receiptNumber),
      [
        [...first, book, '1', '9.99', '9.99'],
        [...first, poster, '1', '9.99', '9.99'],
        [...first, 'Delivery', '1', '3.50', '3.50'],
      ],
    );
    assert.equal(creditNotes[0], [
      'Credit note number',
      'Date',
      'Receipt number',
      'Product',
      'Quantity',
      'Net',
      'Gross',
    ]);
    assert.equal(
      creditNotes.filter((row) => row[0] === note.creditNoteNumber),
      [[note.creditNoteNumber, ukDayOf(note.issuedAt), receipt.receiptNumber, poster, '-1', '-9.99', '-9.99']],
    );
    const xero = await call(`${shop.url}/api/admin/sales/xero.csv`, { headers: auth });
    const notes = await call(`${shop.url}/api/admin/sales/xero-credit-notes.csv`, { headers: auth });
    const rows = parseCsv(xero.text).slice(1);
    const noteRows = parseCsv(notes.text).slice(1);
    const taxType = xeroInvoiceColumns.indexOf('*TaxType');
    const taxAmount = xeroInvoiceColumns.indexOf('TaxAmount');
    assert.is(rows.length, 3);
    assert.is(noteRows.length, 1);
    // Outside VAT: "No VAT", and no tax amount for Xero to take.
    for (const row of [...rows, ...noteRows]) {
      assert.is(row[taxType], 'No VAT');
      assert.is(row[taxAmount], '');
    }
  } finally {
    await shop.close();
  }
});

test.run();
