// The rows of the bookkeeper's two files, from the receipts read model: a receipt's lines and the parts of its delivery
// charge, a credit note's returned lines and the amount it gives back per rate, each with the VAT the sale recorded
// (decisions 069, 070, 074). Pure: the routes stream what these write.
import {
  amountRefundedProduct,
  creditNoteLineColumns,
  deliveryProduct,
  receiptLineColumns,
  vatColumns,
  xeroContact,
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

// xero.csv

const xeroLine = (values: Partial<Record<XeroColumn, string | number | CsvNumeral>>) =>
  csvLine(xeroInvoiceColumns.map((column) => values[column] ?? ''));

export const xeroHeader = () => csvLine(xeroInvoiceColumns);

/** Quantity and tax-inclusive unit price of a row; a gross that does not divide by its quantity is one unit of it all. */
function quantityAndUnit(row: DocumentRow): { description: string; quantity: number; unit: number } {
  const quantity = row.quantity ?? 1;
  if (row.gross % quantity === 0) return { description: row.product, quantity, unit: row.gross / quantity };
  return { description: `${row.product} × ${quantity}`, quantity: 1, unit: row.gross };
}

function xeroLines(number: string, reference: string, day: string, rows: DocumentRow[], sign: 1 | -1): string[] {
  return rows.map((row) => {
    const { description, quantity, unit } = quantityAndUnit(row);
    return xeroLine({
      '*ContactName': xeroContact,
      '*InvoiceNumber': number,
      Reference: reference,
      '*InvoiceDate': xeroDate(day),
      // Paid when it was placed: due that day.
      '*DueDate': xeroDate(day),
      '*Description': description,
      '*Quantity': sign * quantity,
      '*UnitAmount': csvPounds(unit),
      '*AccountCode': xeroSalesAccount,
      '*TaxType': xeroTaxType(row.rate),
      Currency: xeroCurrency,
    });
  });
}

/** A receipt as a Xero sales invoice: one line per row, amounts tax-inclusive, its order number as the reference. */
export const receiptXeroLines = (doc: ReceiptDoc & { receiptNumber: string }) =>
  xeroLines(doc.receiptNumber, doc.orderNumber, ukDayOf(doc.placedAt), receiptRows(doc), 1);

/**
 * A credit note as Xero imports one from the invoice template: the same columns with negative quantities, so its total
 * is negative; the receipt it corrects as the reference.
 */
export const creditNoteXeroLines = (note: CreditNoteView) =>
  xeroLines(note.creditNoteNumber, note.receiptNumber, ukDayOf(note.issuedAt), creditNoteRows(note), -1);
