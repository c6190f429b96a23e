// The bookkeeper's files of the numbered receipts and credit notes of a range of UK days, each streamed a page at a
// time: the receipt lines with a credit-note section (decision 074); the receipts as Xero sales invoices and the credit
// notes as Xero credit notes, each in its import template; and a summary of each day by VAT rate (decision 108).
// Receipts name the seller, not the buyer: no file holds personal data unless the reader asks the Xero files to name
// each buyer, and then the download is recorded as a read of it with the reader's reason (decision 058).
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import { isErasedValue } from '../../contracts/personalData.ts';
import { receiptsApi } from '../../contracts/receipts/api.ts';
import { xeroContact, type XeroContactChoice } from '../../contracts/receipts/exports.ts';
import type { EndpointSpec } from '../../contracts/shared/endpoint.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { anyVatIn, creditNotesIssued, receiptsSupplied } from '../../projections/receipts/receipts.ts';
import type { ShopDeps } from '../deps.ts';
import { listSubject, personalReadsFor } from '../http/personalReads.ts';
import { route, type Routers } from '../http/route.ts';
import {
  creditNoteLines,
  creditNotesHeader,
  creditNoteXeroLines,
  DailySummary,
  dailySummaryHeader,
  receiptLines,
  receiptsHeader,
  receiptXeroLines,
  xeroCreditNoteHeader,
  xeroHeader,
} from './documentRows.ts';

export function exportRoutes(routers: Routers, deps: ShopDeps) {
  const reads = personalReadsFor(deps);

  function sendCsv(ctx: Context, name: string, lines: AsyncGenerator<string>) {
    const day = deps.clock().toISOString().slice(0, 10);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${name}-${day}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = Readable.from(lines);
  }

  /**
   * The contact of each order's documents: the generic one, or (when the reader chose the buyers, the read recorded
   * first) the name on the order's record, read from its stream as the full invoice reads it; an erased or missing name
   * is the generic contact. A file's orders are read once each.
   */
  async function contactsFor(
    ctx: Context,
    endpoint: EndpointSpec,
    file: string,
    query: { from?: string | undefined; to?: string | undefined; contact: XeroContactChoice; reason?: string },
  ): Promise<(orderId: string) => Promise<string>> {
    if (query.contact !== 'buyer') return () => Promise.resolve(xeroContact);
    const { from, to } = query;
    await reads.download(ctx, endpoint, listSubject(reads, file, { from, to, contact: 'buyer' }), query.reason ?? '');
    const names = new Map<string, string>();
    return async (orderId) => {
      const known = names.get(orderId);
      if (known !== undefined) return known;
      const name = orderOnRecord(await deps.events.readStream(orderStream(orderId)))?.customerName?.trim() ?? '';
      const contact = name && !isErasedValue(name) ? name : xeroContact;
      names.set(orderId, contact);
      return contact;
    };
  }

  route(routers, receiptsApi.linesCsv, async (ctx, input) => {
    const { from, to } = input.query();
    // A file in which no document recorded VAT (a shop that is not registered) shows none: its VAT columns are left out.
    const vat = await anyVatIn(deps.reads, from, to);
    async function* lines() {
      // A byte-order mark, as the orders CSV has, so spreadsheet programs read the UTF-8 names right.
      yield `\uFEFF${receiptsHeader(vat)}`;
      for await (const doc of receiptsSupplied(deps.reads, from, to)) yield* receiptLines(doc, vat);
      yield '\r\n';
      yield creditNotesHeader(vat);
      for await (const note of creditNotesIssued(deps.reads, from, to)) yield* creditNoteLines(note, vat);
    }
    sendCsv(ctx, 'sales-lines', lines());
  });

  route(routers, receiptsApi.xeroCsv, async (ctx, input) => {
    const query = input.query();
    const contactOf = await contactsFor(ctx, receiptsApi.xeroCsv, 'xero-sales-invoices.csv', query);
    // No byte-order mark: the first row is the template's header, byte for byte.
    async function* lines() {
      yield xeroHeader();
      for await (const doc of receiptsSupplied(deps.reads, query.from, query.to))
        yield* receiptXeroLines(doc, await contactOf(doc.orderId));
    }
    sendCsv(ctx, 'xero-sales-invoices', lines());
  });

  route(routers, receiptsApi.xeroCreditNotesCsv, async (ctx, input) => {
    const query = input.query();
    const contactOf = await contactsFor(ctx, receiptsApi.xeroCreditNotesCsv, 'xero-credit-notes.csv', query);
    async function* lines() {
      yield xeroCreditNoteHeader();
      for await (const note of creditNotesIssued(deps.reads, query.from, query.to))
        yield* creditNoteXeroLines(note, await contactOf(note.orderId));
    }
    sendCsv(ctx, 'xero-credit-notes', lines());
  });

  // A day's rows are only known once every document of the range is read: the summary is summed, then sent.
  route(routers, receiptsApi.dailyCsv, async (ctx, input) => {
    const { from, to } = input.query();
    const vat = await anyVatIn(deps.reads, from, to);
    const summary = new DailySummary();
    for await (const doc of receiptsSupplied(deps.reads, from, to)) summary.receipt(doc);
    for await (const note of creditNotesIssued(deps.reads, from, to)) summary.creditNote(note);
    async function* lines() {
      yield `\uFEFF${dailySummaryHeader(vat)}`;
      yield* summary.lines(vat);
    }
    sendCsv(ctx, 'sales-by-day', lines());
  });
}
