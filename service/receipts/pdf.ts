// The receipt pages as PDF files (decision 104): the receipt or VAT invoice with its credit notes, one credit note on
// its own, and the VAT return; each from the same view the page shows, so the file and the page say the same.
import { amountRefundedDescription, invoiceMessages, standingText } from '../../contracts/receipts/invoice.ts';
import type { CreditNoteOnReceipt, ReceiptView, VatByRate } from '../../contracts/receipts/model.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { type VatReturnResponse } from '../../contracts/vat/model.ts';
import { formatRate, ukDayOf } from '../../contracts/vat/rates.ts';
import { vatReturnBoxLabels } from '../../contracts/vat/vatReturn.ts';
import { PdfWriter, type Column } from '../documents/pdf.ts';
import { longDay } from '../../contracts/shared/days.ts';

const dateOf = (iso: string) => longDay(ukDayOf(iso));

function seller(pdf: PdfWriter, view: ReceiptView) {
  pdf.block([...view.seller.address, view.seller.email], view.seller.name);
}

function customer(pdf: PdfWriter, view: ReceiptView) {
  if (view.customer) pdf.block([view.customer.name, ...view.customer.address], 'Customer');
}

function vatByRate(pdf: PdfWriter, rates: readonly VatByRate[], totals: Omit<VatByRate, 'rate'>, sign = '') {
  const columns: Column[] = [
    { header: 'VAT rate', width: 3 },
    { header: 'Net (excluding VAT)', width: 3, align: 'right' },
    { header: 'VAT', width: 2, align: 'right' },
    { header: 'Gross (including VAT)', width: 3, align: 'right' },
  ];
  const money = (pence: number) => `${sign}${formatPence(pence)}`;
  pdf.table(
    columns,
    [
      ...rates.map((r) => [
        r.rate === 0 ? `${formatRate(r.rate)} (zero-rated: no VAT)` : formatRate(r.rate),
        money(r.net),
        money(r.vat),
        money(r.gross),
      ]),
      ['Total', money(totals.net), money(totals.vat), money(totals.gross)],
    ],
    { boldFrom: rates.length },
  );
}

/** A line's description: its name, and a pre-order's "pre-order, to be dispatched from …" (decision 131). */
const lineName = (line: ReceiptView['lines'][number]) => (line.note ? `${line.name} (${line.note})` : line.name);

/** The items, delivery and totals as the kind of document needs them. */
function items(pdf: PdfWriter, view: ReceiptView) {
  const deliveryParts = (view.delivery.parts ?? []).filter((p) => p.gross > 0);
  const deliveryVat = deliveryParts.reduce((sum, p) => sum + p.vat, 0);
  const deliveryRates = deliveryParts.map((p) => formatRate(p.rate)).join(' / ');
  const savings = (view.savings ?? []).map((s) => `${s.label} (in the prices above): −${formatPence(s.amount)}`);
  if (view.kind === 'full' && view.vat) {
    const columns: Column[] = [
      { header: 'Description', width: 4.4 },
      { header: 'Quantity', width: 1.7, align: 'right' },
      { header: 'Unit price excl. VAT', width: 4.4, align: 'right' },
      { header: 'Net', width: 2.2, align: 'right' },
      { header: 'VAT rate', width: 1.8, align: 'right' },
      { header: 'VAT', width: 2, align: 'right' },
      { header: 'Gross', width: 2.2, align: 'right' },
    ];
    const rows = view.lines.map((line) => [
      lineName(line),
      String(line.quantity),
      formatPence(line.unitNet ?? line.unitPrice),
      formatPence(line.net ?? line.gross),
      line.rate === undefined ? '' : formatRate(line.rate),
      formatPence(line.vat ?? 0),
      formatPence(line.gross),
    ]);
    for (const part of deliveryParts)
      rows.push([
        'Delivery',
        '1',
        formatPence(part.gross - part.vat),
        formatPence(part.gross - part.vat),
        formatRate(part.rate),
        formatPence(part.vat),
        formatPence(part.gross),
      ]);
    pdf.table(columns, rows);
    if (savings.length) pdf.block(savings);
    pdf.facts([
      ['Total excluding VAT', formatPence(view.vat.totals.net)],
      ['Total VAT', formatPence(view.vat.totals.vat)],
      ['Total including VAT', formatPence(view.total)],
    ]);
    vatByRate(pdf, view.vat.rates, view.vat.totals);
    return;
  }
  const vat = view.vat;
  const columns: Column[] = [
    { header: 'Description', width: 7 },
    { header: 'Quantity', width: 2, align: 'right' },
    { header: 'Unit price', width: 2.5, align: 'right' },
    ...(vat ? [{ header: 'VAT rate', width: 2.5, align: 'right' } as const] : []),
    { header: 'Amount', width: 2.5, align: 'right' },
  ];
  const rows = view.lines.map((line) => [
    lineName(line),
    String(line.quantity),
    formatPence(line.unitPrice),
    ...(vat ? [line.rate === undefined ? '' : formatRate(line.rate)] : []),
    formatPence(line.gross),
  ]);
  rows.push(['Delivery', '', '', ...(vat ? [deliveryRates] : []), formatPence(view.delivery.gross)]);
  pdf.table(columns, rows);
  if (savings.length) pdf.block(savings);
  pdf.facts([
    [vat ? 'Total payable including VAT' : 'Total paid', formatPence(view.total)],
    ...(vat ? ([['of which VAT', formatPence(vat.totals.vat)]] as const) : []),
    ...(vat && deliveryVat ? ([['VAT on delivery', formatPence(deliveryVat)]] as const) : []),
  ]);
  if (vat) vatByRate(pdf, vat.rates, vat.totals);
}

/** What a credit note gives back: its returned lines, or "Amount refunded", then the VAT it reverses. */
function creditNoteBody(pdf: PdfWriter, view: ReceiptView, note: CreditNoteOnReceipt) {
  pdf.facts([
    ['Credit note number', note.creditNoteNumber],
    ['Date of issue', dateOf(note.issuedAt)],
    ['Adjusts invoice', `${note.receiptNumber} of ${dateOf(view.placedAt)}`],
    ['Reason', note.reason?.trim() || invoiceMessages.noReason],
  ]);
  const columns: Column[] = [
    { header: 'Description', width: 7 },
    { header: 'Quantity', width: 2, align: 'right' },
    { header: 'VAT rate', width: 2, align: 'right' },
    { header: 'VAT credited', width: 2.5, align: 'right' },
    { header: 'Amount credited', width: 3, align: 'right' },
  ];
  const rows = note.lines.map((line) => [
    line.name,
    String(line.quantity),
    line.rate === undefined ? '' : formatRate(line.rate),
    line.vat === undefined ? '' : formatPence(line.vat),
    formatPence(line.gross),
  ]);
  const rest = note.amount - note.lines.reduce((sum, line) => sum + line.gross, 0);
  if (rest > 0) {
    const lineVat = note.lines.reduce((sum, line) => sum + (line.vat ?? 0), 0);
    const restVat = note.vat ? note.vat.totals.vat - lineVat : undefined;
    rows.push([
      amountRefundedDescription,
      '',
      note.vat ? note.vat.rates.map((r) => formatRate(r.rate)).join(' / ') : '',
      restVat === undefined ? '' : formatPence(restVat),
      formatPence(rest),
    ]);
  }
  pdf.table(columns, rows);
  pdf.facts([
    ['Total credited', formatPence(note.amount)],
    ...(note.vat
      ? ([
          ['Credited excluding VAT', formatPence(note.vat.totals.net)],
          ['VAT credited', formatPence(note.vat.totals.vat)],
        ] as const)
      : []),
  ]);
  if (note.vat) vatByRate(pdf, note.vat.rates, note.vat.totals);
}

/** The receipt or VAT invoice, then its credit notes, as the receipt page shows them. */
export async function receiptPdf(view: ReceiptView): Promise<Buffer> {
  const pdf = new PdfWriter({ title: `${view.title} ${view.receiptNumber}`, createdAt: new Date(view.issuedAt) });
  seller(pdf, view);
  pdf.heading(view.title);
  pdf.facts([
    [view.vat ? 'Invoice number' : 'Receipt number', view.receiptNumber],
    ['Date of supply (tax point)', dateOf(view.placedAt)],
    ['Date of issue', dateOf(view.issuedAt)],
    ['Order', view.orderNumber],
    ...(view.vat ? ([['VAT registration number', view.vat.vatNumber]] as const) : []),
  ]);
  customer(pdf, view);
  items(pdf, view);
  pdf.paragraph(standingText(view.standing), 'bold');
  for (const note of view.creditNotes) {
    pdf.heading(`Credit note ${note.creditNoteNumber}`, 13);
    creditNoteBody(pdf, view, note);
  }
  return pdf.finish();
}

/** One credit note on its own: the seller, the customer when its invoice named them, and what it gives back. */
export async function creditNotePdf(view: ReceiptView, note: CreditNoteOnReceipt): Promise<Buffer> {
  const pdf = new PdfWriter({ title: `Credit note ${note.creditNoteNumber}`, createdAt: new Date(note.issuedAt) });
  seller(pdf, view);
  pdf.heading('Credit note');
  if (view.vat) pdf.facts([['VAT registration number', view.vat.vatNumber]]);
  customer(pdf, view);
  creditNoteBody(pdf, view, note);
  return pdf.finish();
}

/** The VAT return's nine boxes for the period and the receipts and credit notes behind boxes 1 and 6. */
export async function vatReturnPdf(
  answer: VatReturnResponse,
  shop: { name: string; vatNumber?: string },
  now: Date,
): Promise<Buffer> {
  const { period, boxes, documents } = answer;
  const pdf = new PdfWriter({ title: `VAT return ${period.start} to ${period.end}`, createdAt: now });
  pdf.block(shop.vatNumber ? [`VAT registration number ${shop.vatNumber}`] : [], shop.name);
  pdf.heading('VAT return');
  pdf.paragraph(`${longDay(period.start)} to ${longDay(period.end)}`);
  pdf.table(
    [
      { header: 'Box', width: 1.2 },
      { header: 'What it holds', width: 8 },
      { header: 'Amount', width: 2.5, align: 'right' },
    ],
    vatReturnBoxLabels.map(({ box, label, pounds }) => [
      box.slice(3),
      label,
      pounds ? `£${boxes[box].toLocaleString('en-GB')}` : formatPence(boxes[box]),
    ]),
  );
  pdf.heading('Documents', 13);
  if (documents.length === 0) pdf.paragraph('No receipt or credit note recorded VAT in the period.');
  else
    pdf.table(
      [
        { header: 'Document', width: 4 },
        { header: 'Order', width: 3 },
        { header: 'Tax point', width: 3 },
        { header: 'Net', width: 2.5, align: 'right' },
        { header: 'VAT', width: 2.5, align: 'right' },
      ],
      documents.map((d) => {
        const sign = d.kind === 'credit' ? -1 : 1;
        const net = d.rates.reduce((sum, r) => sum + r.net, 0);
        const vat = d.rates.reduce((sum, r) => sum + r.vat, 0);
        return [
          `${d.kind === 'sale' ? 'Invoice' : 'Credit note'} ${d.number}`,
          d.orderNumber,
          longDay(d.day),
          formatPence(sign * net),
          formatPence(sign * vat),
        ];
      }),
    );
  return pdf.finish();
}
