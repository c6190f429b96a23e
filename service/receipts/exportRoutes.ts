// The bookkeeper's two files of the numbered receipts and credit notes of a range of UK days, each streamed a page at a
// time: the receipt lines with a credit-note section, and the same documents for Xero's sales invoice import
// (decision 074). Receipts name the seller, not the buyer: neither file holds personal data, so neither download is
// recorded as a read of it (decision 058).
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { receiptsApi } from '../../contracts/receipts/api.ts';
import { anyVatIn, creditNotesIssued, receiptsSupplied } from '../../projections/receipts/receipts.ts';
import type { ShopDeps } from '../deps.ts';
import { route, type Routers } from '../http/route.ts';
import {
  creditNoteLines,
  creditNotesHeader,
  creditNoteXeroLines,
  receiptLines,
  receiptsHeader,
  receiptXeroLines,
  xeroHeader,
} from './documentRows.ts';

export function exportRoutes(routers: Routers, deps: ShopDeps) {
  function sendCsv(ctx: Context, name: string, lines: AsyncGenerator<string>) {
    const day = deps.clock().toISOString().slice(0, 10);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${name}-${day}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = Readable.from(lines) as unknown as string;
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
    const { from, to } = input.query();
    // No byte-order mark: the first row is the template's header, byte for byte.
    async function* lines() {
      yield xeroHeader();
      for await (const doc of receiptsSupplied(deps.reads, from, to)) yield* receiptXeroLines(doc);
      for await (const note of creditNotesIssued(deps.reads, from, to)) yield* creditNoteXeroLines(note);
    }
    sendCsv(ctx, 'xero-sales-invoices', lines());
  });
}
