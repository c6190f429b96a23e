// The rows of the bookkeeper's files, from the receipts read model: a receipt's lines and the parts of its delivery
// charge, a credit note's returned lines and the amount it gives back per rate, each with the VAT the sale recorded
// (decisions 069, 070, 074). Pure: the routes stream what these write.
import {
  amountRefundedProduct,
  creditNoteLineColumns,
  dailySummaryColumns,
  dailySummaryTypes,
  deliveryProduct,
  receiptLineColumns,
  vatColumns,
  xeroContact,
  xeroCreditNoteColumns,
  xeroCurrency,
  xeroDate,
  xeroInvoiceColumns,
  xeroSalesAccount,
  xeroTaxType,
  type XeroColumn,
} from '../../contracts/receipts/exports.ts';
import { csvLine, csvPounds, type CsvNumeral } from '../../contracts/sales/model.ts';
import type { CreditNoteView } from '../../contracts/receipts/model.ts';
import { formatRate, ukDayOf, type VatRate } from '../../contracts/vat/rates.ts';
import type { ReceiptDoc } from '../../projections/receipts/receipts.ts';

/** One row of a document: what it is, how many (none for an amount), its gross and, when recorded, its rate and VAT. */
export type DocumentRow = {
  product: string;
  quantity: number | null;
  gross: number;
  rate?: VatRate;
  vat?: number;
};

const withVat = (rate: VatRate | undefined, vat: number | undefined) =>
  rate === undefined || vat === undefined ? {} : { rate, vat };

/** A receipt's lines, then its delivery charge: one row per rate it was apportioned to, or one row without VAT. */
export function receiptRows(doc: Pick<ReceiptDoc, 'items' | 'shippingCost' | 'vat'>): DocumentRow[] {
  const rows: DocumentRow[] = doc.items.map((item, i) => {
    const line = doc.vat?.lines[i];
    return {
      product: item.name,
      quantity: item.quantity,
      gross: item.price * item.quantity,
      ...withVat(line?.rate, line?.vat),
    };
  });
  if (doc.vat) {
    for (const part of doc.vat.delivery)
      if (part.gross > 0)
        rows.push({ product: deliveryProduct, quantity: 1, gross: part.gross, ...withVat(part.rate, part.vat) });
  } else if (doc.shippingCost > 0) rows.push({ product: deliveryProduct, quantity: 1, gross: doc.shippingCost });
  return rows;
}

/**
 * A credit note's returned lines, then what it gave back beyond them (a refund of an amount): per rate with the VAT it
 * reversed when the sale recorded VAT, else one row. Amounts positive: the files give them their sign.
 */
export function creditNoteRows(note: Pick<CreditNoteView, 'lines' | 'amount' | 'vat'>): DocumentRow[] {
  const rows: DocumentRow[] = note.lines.map((line) => ({
    product: line.name,
    quantity: line.quantity,
    gross: line.gross,
    ...withVat(line.rate, line.vat),
  }));
  const rest = note.amount - note.lines.reduce((sum, line) => sum + line.gross, 0);
  if (rest <= 0) return rows;
  if (!note.vat) return [...rows, { product: amountRefundedProduct, quantity: null, gross: rest }];
  for (const at of note.vat.rates) {
    const ofLines = note.lines.filter((line) => line.rate === at.rate);
    const gross = at.gross - ofLines.reduce((sum, line) => sum + line.gross, 0);
    const vat = at.vat - ofLines.reduce((sum, line) => sum + (line.vat ?? 0), 0);
    if (gross > 0) rows.push({ product: amountRefundedProduct, quantity: null, gross, rate: at.rate, vat });
  }
  return rows;
}

// lines.csv

/** The header of a section, without the VAT columns when no document in the file carries VAT. */
export const sectionHeader = (columns: readonly string[], vat: boolean) =>
  csvLine(vat ? columns : columns.filter((c) => !vatColumns.includes(c)));

export const receiptsHeader = (vat: boolean) => sectionHeader(receiptLineColumns, vat);
export const creditNotesHeader = (vat: boolean) => sectionHeader(creditNoteLineColumns, vat);

function lineCells(
  first: readonly string[],
  row: DocumentRow,
  sign: 1 | -1,
  vatColumnsShown: boolean,
): (string | number | CsvNumeral)[] {
  const vat = row.vat ?? 0;
  return [
    ...first,
    row.product,
    row.quantity === null ? '' : sign * row.quantity,
    csvPounds(sign * (row.gross - vat)),
    ...(vatColumnsShown
      ? [row.rate === undefined ? '' : formatRate(row.rate), row.vat === undefined ? '' : csvPounds(sign * row.vat)]
      : []),
    csvPounds(sign * row.gross),
  ];
}

/** A receipt's rows of lines.csv: number, UK day of supply, order number, then each row's figures. */
export function receiptLines(doc: ReceiptDoc & { receiptNumber: string }, vat: boolean): string[] {
  const first = [doc.receiptNumber, ukDayOf(doc.placedAt), doc.orderNumber];
  return receiptRows(doc).map((row) => csvLine(lineCells(first, row, 1, vat)));
}

/** A credit note's rows: number, UK day of issue, the receipt it corrects, then each row's figures as negatives. */
export function creditNoteLines(note: CreditNoteView, vat: boolean): string[] {
  const first = [note.creditNoteNumber, ukDayOf(note.issuedAt), note.receiptNumber];
  return creditNoteRows(note).map((row) => csvLine(lineCells(first, row, -1, vat)));
}

// xero.csv and xero-credit-notes.csv

const xeroLine = (values: Partial<Record<XeroColumn, string | number | CsvNumeral>>) =>
  csvLine(xeroInvoiceColumns.map((column) => values[column] ?? ''));

/** The sales invoice import's header, exactly as Xero's template has it. */
export const xeroHeader = () => csvLine(xeroInvoiceColumns);
/** The credit note import's header: the same columns, its number and date named as Xero's credit note template does. */
export const xeroCreditNoteHeader = () => csvLine(xeroCreditNoteColumns);

/** Quantity and tax-inclusive unit price of a row; a gross that does not divide by its quantity is one unit of it all. */
function quantityAndUnit(row: DocumentRow): { description: string; quantity: number; unit: number } {
  const quantity = row.quantity ?? 1;
  if (row.gross % quantity === 0) return { description: row.product, quantity, unit: row.gross / quantity };
  return { description: `${row.product} × ${quantity}`, quantity: 1, unit: row.gross };
}

/** One document as Xero imports it: its number, reference, day, total and contact, and its rows. */
type XeroDocument = {
  number: string;
  reference: string;
  day: string;
  total: number;
  contact: string;
  rows: DocumentRow[];
};

/**
 * A document's lines in the template's columns: quantities and tax-inclusive unit prices positive (a credit note is one
 * by the file it is in), the document's total on each of its lines as Xero's own files carry it, and on each line the
 * VAT the sale recorded (a line of a sale that recorded none leaves it for Xero: "No VAT" is none).
 */
function xeroLines(doc: XeroDocument): string[] {
  return doc.rows.map((row) => {
    const { description, quantity, unit } = quantityAndUnit(row);
    return xeroLine({
      '*ContactName': doc.contact,
      '*InvoiceNumber': doc.number,
      Reference: doc.reference,
      '*InvoiceDate': xeroDate(doc.day),
      // Paid when it was placed (or given back when issued): due that day.
      '*DueDate': xeroDate(doc.day),
      Total: csvPounds(doc.total),
      '*Description': description,
      '*Quantity': quantity,
      '*UnitAmount': csvPounds(unit),
      '*AccountCode': xeroSalesAccount,
      '*TaxType': xeroTaxType(row.rate),
      ...(row.vat === undefined ? {} : { TaxAmount: csvPounds(row.vat) }),
      Currency: xeroCurrency,
    });
  });
}

/** A receipt as a Xero sales invoice: one line per row, amounts tax-inclusive, its order number as the reference. */
export const receiptXeroLines = (doc: ReceiptDoc & { receiptNumber: string }, contact: string = xeroContact) =>
  xeroLines({
    number: doc.receiptNumber,
    reference: doc.orderNumber,
    day: ukDayOf(doc.placedAt),
    total: doc.total,
    contact,
    rows: receiptRows(doc),
  });

/**
 * A credit note as a Xero credit note, for the credit note import: amounts positive as Xero's template asks, the receipt
 * it corrects as the reference.
 */
export const creditNoteXeroLines = (note: CreditNoteView, contact: string = xeroContact) =>
  xeroLines({
    number: note.creditNoteNumber,
    reference: note.receiptNumber,
    day: ukDayOf(note.issuedAt),
    total: note.amount,
    contact,
    rows: creditNoteRows(note),
  });

// daily.csv

type DailyBucket = {
  day: string;
  type: keyof typeof dailySummaryTypes;
  rate: VatRate | undefined;
  net: number;
  vat: number;
  gross: number;
  documents: number;
  first: string;
  last: string;
};

/** The order of a VAT treatment in a day's rows: the highest rate first, "No VAT" last. */
const rateOrder = (rate: VatRate | undefined) => (rate === undefined ? -1 : rate);

/**
 * A summary of each UK day for a bookkeeper who posts one sale a day: the day's receipts by VAT treatment (a rate, or
 * "No VAT" for a sale that recorded none), then its credit notes the same way with amounts negative. Each row has the
 * net, VAT and gross, how many documents it sums and the first and last of their numbers. Pure: fed documents in any
 * order, it writes the days in order.
 */
export class DailySummary {
  private readonly buckets = new Map<string, DailyBucket>();

  private add(day: string, type: DailyBucket['type'], number: string, rows: readonly DocumentRow[]) {
    const counted = new Set<string>();
    for (const row of rows) {
      const key = `${day}|${type}|${row.rate ?? 'none'}`;
      const bucket = this.buckets.get(key) ?? {
        day,
        type,
        rate: row.rate,
        net: 0,
        vat: 0,
        gross: 0,
        documents: 0,
        first: number,
        last: number,
      };
      const vat = row.vat ?? 0;
      bucket.gross += row.gross;
      bucket.vat += vat;
      bucket.net += row.gross - vat;
      if (!counted.has(key)) {
        counted.add(key);
        bucket.documents += 1;
        if (number < bucket.first) bucket.first = number;
        if (number > bucket.last) bucket.last = number;
      }
      this.buckets.set(key, bucket);
    }
  }

  receipt(doc: ReceiptDoc & { receiptNumber: string }) {
    this.add(ukDayOf(doc.placedAt), 'sales', doc.receiptNumber, receiptRows(doc));
  }

  creditNote(note: CreditNoteView) {
    this.add(ukDayOf(note.issuedAt), 'refunds', note.creditNoteNumber, creditNoteRows(note));
  }

  /** The rows, by day, sales before refunds, the highest rate first; the VAT columns only when `vat`. */
  lines(vat: boolean): string[] {
    const typeOrder = { sales: 0, refunds: 1 } as const;
    return [...this.buckets.values()]
      .sort(
        (a, b) =>
          a.day.localeCompare(b.day) || typeOrder[a.type] - typeOrder[b.type] || rateOrder(b.rate) - rateOrder(a.rate),
      )
      .map((b) => {
        const sign = b.type === 'refunds' ? -1 : 1;
        return csvLine([
          b.day,
          dailySummaryTypes[b.type],
          xeroTaxType(b.rate),
          ...(vat ? [b.rate === undefined ? '' : formatRate(b.rate)] : []),
          csvPounds(sign * b.net),
          ...(vat ? [csvPounds(sign * b.vat)] : []),
          csvPounds(sign * b.gross),
          b.documents,
          b.first,
          b.last,
        ]);
      });
  }
}

export const dailySummaryHeader = (vat: boolean) => sectionHeader(dailySummaryColumns, vat);
