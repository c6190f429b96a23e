// The receipt page: the owner's, from the order's page in the console, and the buyer's, by the signed link the
// confirmation e-mail gives (no account needed; a link not signed by the shop finds nothing). The VAT return, and the
// bookkeeper's files of receipts and credit notes, offered on the sales screen.
import * as v from 'valibot';
import { endpoint } from '../shared/endpoint.ts';
import { VatReturnQuerySchema, type VatReturnResponse } from '../vat/model.ts';
import {
  RecordExportEvidenceSchema,
  type ExportProofResponse,
  type RecordExportEvidenceResponse,
  type VatExportsResponse,
} from '../vat/exports.ts';
import { DocumentsExportQuerySchema, XeroExportQuerySchema } from './exports.ts';
import type { ReceiptView } from './model.ts';

/**
 * `?invoice=full` asks for the full VAT invoice (the customer's name and address, each line's unit price excluding VAT)
 * of a sale that would otherwise get the simplified one; a sale over £250 gets the full one without asking.
 */
export const ReceiptQuerySchema = v.object(
  { invoice: v.optional(v.picklist(['full'], 'Invoice must be "full", or left out for the document the sale gets')) },
  'Invoice must be "full", or left out for the document the sale gets',
);
export type ReceiptQuery = v.InferInput<typeof ReceiptQuerySchema>;

/** A credit note's number in a path: `CN-2026-000001`. */
export const creditNoteNumberPattern = /^CN-\d{4}-\d{6}$/;

export const receiptsApi = {
  /** The receipt of an order, with its credit notes; 404 until the order has a receipt number. */
  forOrder: endpoint<ReceiptView>()({
    method: 'GET',
    path: '/api/admin/orders/:id/receipt',
    guarded: true,
    query: ReceiptQuerySchema,
  }),
  /** The buyer's copy, by the token in the link; any token the shop did not sign is a 404 that says nothing more. */
  byLink: endpoint<ReceiptView>()({
    method: 'GET',
    path: '/api/receipts/:token',
    guarded: false,
    query: ReceiptQuerySchema,
  }),
  /** application/pdf: the receipt or VAT invoice as the page shows it, with its credit notes, A4, fonts embedded */
  forOrderPdf: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/admin/orders/:id/receipt/pdf',
    guarded: true,
    query: ReceiptQuerySchema,
  }),
  byLinkPdf: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/receipts/:token/pdf',
    guarded: false,
    query: ReceiptQuerySchema,
  }),
  /** application/pdf: one credit note of the order's receipt, naming the invoice it adjusts */
  creditNotePdf: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/admin/orders/:id/credit-notes/:number/pdf',
    guarded: true,
  }),
  creditNoteByLinkPdf: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/receipts/:token/credit-notes/:number/pdf',
    guarded: false,
  }),
  /** application/pdf: the VAT return's nine boxes for the period and the documents they are made from */
  vatReturnPdf: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/admin/vat/return/pdf',
    guarded: true,
    query: VatReturnQuerySchema,
  }),
  /** The VAT return's nine boxes for any period, from the receipts and credit notes that recorded VAT in it. */
  vatReturn: endpoint<VatReturnResponse>()({
    method: 'GET',
    path: '/api/admin/vat/return',
    guarded: true,
    query: VatReturnQuerySchema,
  }),
  /** The zero-rated exports still without their proof as their 3 months run out, and past them (decision 097). */
  vatExports: endpoint<VatExportsResponse>()({ method: 'GET', path: '/api/admin/vat/exports', guarded: true }),
  /** An order's export and its proof; `export` is null for an order that stays in the UK. */
  exportProof: endpoint<ExportProofResponse>()({
    method: 'GET',
    path: '/api/admin/orders/:id/export-proof',
    guarded: true,
  }),
  /** The owner records an export's proof-of-posting reference (an owner's only). */
  recordExportProof: endpoint<RecordExportEvidenceResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/export-proof',
    guarded: true,
    body: RecordExportEvidenceSchema,
  }),
  /** text/csv, streamed: one row per receipt line and delivery part, then the credit notes; no personal data */
  linesCsv: endpoint<string>()({
    method: 'GET',
    path: '/api/admin/sales/lines.csv',
    guarded: true,
    query: DocumentsExportQuerySchema,
  }),
  /**
   * text/csv, streamed: the receipts as Xero sales invoices, in its import template's 29 columns; a generic contact, or
   * with `contact=buyer` each buyer's name, a read of personal data recorded with the reader's `reason`
   */
  xeroCsv: endpoint<string>()({
    method: 'GET',
    path: '/api/admin/sales/xero.csv',
    guarded: true,
    query: XeroExportQuerySchema,
  }),
  /** text/csv, streamed: the credit notes as Xero credit notes, in its credit note import template; contacts as above */
  xeroCreditNotesCsv: endpoint<string>()({
    method: 'GET',
    path: '/api/admin/sales/xero-credit-notes.csv',
    guarded: true,
    query: XeroExportQuerySchema,
  }),
  /** text/csv: each UK day's sales, then its refunds, by VAT treatment (net, VAT, gross); no personal data */
  dailyCsv: endpoint<string>()({
    method: 'GET',
    path: '/api/admin/sales/daily.csv',
    guarded: true,
    query: DocumentsExportQuerySchema,
  }),
} as const;
