// The receipt page's answers: the owner's (guarded, by order id) and the buyer's (open, by the signed link), as JSON for
// the page and as PDF files; the VAT return, also as a PDF. A receipt of a sale that recorded VAT is a simplified VAT
// invoice up to £250 and a full one above it or when asked (decision 104): the full one names the customer, read from
// the order's sealed fields when it is answered and never copied anywhere else.
import type { Context } from 'koa';
import { routineReasons } from '../../contracts/audit/dataReads.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import { orderIdPattern } from '../../contracts/orders/console.ts';
import { discountLabelOf, orderOnRecord } from '../../contracts/orders/model.ts';
import { emptyRefundBook, evolveRefundBook } from '../../contracts/orders/refunds.ts';
import { creditNoteNumberPattern, receiptsApi } from '../../contracts/receipts/api.ts';
import {
  invoiceCustomer,
  invoiceKindOf,
  invoiceTitles,
  netOfLine,
  refundStanding,
  type InvoiceCustomer,
  type InvoiceKind,
} from '../../contracts/receipts/invoice.ts';
import { isNumbered, receiptMessages, type ReceiptView } from '../../contracts/receipts/model.ts';
import type { EndpointSpec } from '../../contracts/shared/endpoint.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { orderStream, vatSettingsStream } from '../../contracts/shared/streams.ts';
import { addDays, exportEvidenceMessages, exportEvidenceWarningDays } from '../../contracts/vat/exports.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { foldVatSettings, registrationOn } from '../../contracts/vat/settings.ts';
import { vatReturn } from '../../contracts/vat/vatReturn.ts';
import {
  exportProofFor,
  exportVatDocumentsIn,
  exportsAwaitingProof,
  getReceipt,
  vatDocumentsIn,
  type ReceiptDoc,
} from '../../projections/receipts/receipts.ts';
import { handleCommand } from '../commands.ts';
import { adminOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { preOrderTexts } from '../../contracts/preorders/model.ts';
import { proofOfPostingDecider, proofOfPostingMessages } from './exportProof.ts';
import type { ShopDeps } from '../deps.ts';
import { personalReadsFor } from '../http/personalReads.ts';
import { route, type Routers } from '../http/route.ts';
import { orderOfToken, receiptLinkKey, receiptPath } from '../http/receiptLinks.ts';

/** The PDF writer (pdfkit, its font engine and fonts) is loaded by the first PDF asked for, not at start (decision 119). */
const pdfs = () => import('./pdf.ts');

/** What the receipt's view adds to the read model's document: its kind, the customer of a full invoice, the reasons. */
export type ReceiptExtras = {
  kind: InvoiceKind;
  customer?: InvoiceCustomer;
  /** the reason the owner gave for each refund, by refund id */
  reasons?: ReadonlyMap<string, string>;
};

export function receiptView(
  doc: ReceiptDoc & { receiptNumber: string },
  buyerLink: string,
  extras: ReceiptExtras = { kind: doc.vat ? 'simplified' : 'receipt' },
): ReceiptView {
  const vat = doc.vat;
  const full = extras.kind === 'full';
  return {
    kind: extras.kind,
    title: invoiceTitles[extras.kind],
    ...(full && extras.customer ? { customer: extras.customer } : {}),
    receiptNumber: doc.receiptNumber,
    orderId: doc.orderId,
    orderNumber: doc.orderNumber,
    placedAt: doc.placedAt,
    issuedAt: doc.issuedAt ?? doc.placedAt,
    seller: { name: shopContent.shop.name, address: shopContent.shop.address, email: shopContent.shop.contactEmail },
    lines: doc.items.map((item, i) => {
      const line = vat?.lines[i];
      const gross = item.price * item.quantity;
      return {
        name: item.name,
        ...(item.dispatchFrom ? { note: preOrderTexts.receiptLine(item.dispatchFrom) } : {}),
        quantity: item.quantity,
        unitPrice: item.price,
        gross,
        ...(line ? { rate: line.rate, vat: line.vat } : {}),
        ...(line && full ? netOfLine({ gross, quantity: item.quantity, vat: line.vat }) : {}),
      };
    }),
    delivery: { gross: doc.shippingCost, ...(vat ? { parts: vat.delivery } : {}) },
    total: doc.total,
    ...(doc.discounts?.length
      ? { savings: doc.discounts.map((d) => ({ label: discountLabelOf(d), amount: d.amount })) }
      : {}),
    ...(vat ? { vat: { vatNumber: vat.vatNumber, rates: vat.rates, totals: vat.totals } } : {}),
    creditNotes: doc.creditNotes.map((note) => {
      const reason = extras.reasons?.get(note.refundId);
      return reason ? { ...note, reason } : note;
    }),
    standing: refundStanding(doc.total, doc.creditNotes),
    buyerLink,
  };
}

const pdfName = (name: string) => name.replace(/[^A-Za-z0-9-]+/g, '-');

export function receiptRoutes(routers: Routers, deps: ShopDeps) {
  const key = receiptLinkKey(deps.jwtSecret);
  const reads = personalReadsFor(deps);

  /**
   * The receipt's view: the order's log read for the refunds' reasons and, on a full invoice only, the customer's name
   * and address as the order holds them (sealed, so an erased customer reads as removed). `onCustomer` runs before a
   * view naming the customer leaves: the owner's read is recorded (decision 058); the buyer's own is not.
   */
  async function viewOf(
    orderId: string,
    message: string | (() => Promise<string>),
    askedForFull: boolean,
    onCustomer: () => Promise<void>,
  ): Promise<ReceiptView> {
    const doc = await getReceipt(deps.reads, orderId);
    if (!doc?.receiptNumber) throw notFound(typeof message === 'string' ? message : await message());
    const events = await deps.events.readStream(orderStream(orderId));
    const reasons = new Map(
      events.reduce(evolveRefundBook, emptyRefundBook()).refunds.map((r) => [r.refundId, r.reason] as const),
    );
    const kind = invoiceKindOf({ total: doc.total, hasVat: doc.vat !== undefined }, askedForFull);
    const order = kind === 'full' ? orderOnRecord(events) : null;
    const customer = order ? invoiceCustomer(order.customerName, order.shippingAddress) : undefined;
    if (customer) await onCustomer();
    return receiptView({ ...doc, receiptNumber: doc.receiptNumber }, receiptPath(key, orderId), {
      kind,
      ...(customer ? { customer } : {}),
      reasons,
    });
  }

  const ownerOrder = (ctx: Context) => {
    const orderId = String(ctx.params.id ?? '');
    if (!orderIdPattern.test(orderId)) throw notFound(receiptMessages.notYet);
    return orderId;
  };
  const ownerView = async (ctx: Context, full: boolean, endpoint: EndpointSpec) => {
    const orderId = ownerOrder(ctx);
    // An order sold before numbering began says so: it will never have a number, where a new one may not have it yet.
    const message = async () => {
      const placed = orderOnRecord(await deps.events.readStream(orderStream(orderId)));
      return placed && !isNumbered(placed.placedAt) ? receiptMessages.beforeNumbering : receiptMessages.notYet;
    };
    return viewOf(orderId, message, full, () =>
      reads.view(ctx, endpoint, orderStream(orderId), routineReasons.fullInvoice),
    );
  };

  // A token the shop did not sign, an altered one, and one for an order without a receipt all answer the same 404.
  const buyerView = (ctx: Context, full: boolean) => {
    const orderId = orderOfToken(key, String(ctx.params.token ?? ''));
    ctx.set('Referrer-Policy', 'no-referrer');
    if (!orderId) throw notFound(receiptMessages.notFound);
    return viewOf(orderId, receiptMessages.notFound, full, async () => {});
  };

  function sendPdf(ctx: Context, name: string, file: Buffer) {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${pdfName(name)}.pdf"`);
    ctx.type = 'application/pdf';
    ctx.body = file;
  }

  const creditNoteOf = (view: ReceiptView, number: string, message: string) => {
    const note = creditNoteNumberPattern.test(number)
      ? view.creditNotes.find((n) => n.creditNoteNumber === number)
      : undefined;
    if (!note) throw notFound(message);
    return note;
  };

  route(routers, receiptsApi.forOrder, async (ctx, input) => {
    const view = await ownerView(ctx, input.query().invoice === 'full', receiptsApi.forOrder);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = view;
  });

  route(routers, receiptsApi.byLink, async (ctx, input) => {
    const view = await buyerView(ctx, input.query().invoice === 'full');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = view;
  });

  route(routers, receiptsApi.forOrderPdf, async (ctx, input) => {
    const view = await ownerView(ctx, input.query().invoice === 'full', receiptsApi.forOrderPdf);
    sendPdf(ctx, `${view.title} ${view.receiptNumber}`, await (await pdfs()).receiptPdf(view));
  });

  route(routers, receiptsApi.byLinkPdf, async (ctx, input) => {
    const view = await buyerView(ctx, input.query().invoice === 'full');
    sendPdf(ctx, `${view.title} ${view.receiptNumber}`, await (await pdfs()).receiptPdf(view));
  });

  // A credit note names the customer when the invoice it adjusts did (a sale over £250).
  route(routers, receiptsApi.creditNotePdf, async (ctx) => {
    const orderId = ownerOrder(ctx);
    const view = await viewOf(orderId, receiptMessages.notYet, false, () =>
      reads.view(ctx, receiptsApi.creditNotePdf, orderStream(orderId), routineReasons.fullInvoice),
    );
    const note = creditNoteOf(view, String(ctx.params.number ?? ''), receiptMessages.noCreditNote);
    sendPdf(ctx, `Credit note ${note.creditNoteNumber}`, await (await pdfs()).creditNotePdf(view, note));
  });

  route(routers, receiptsApi.creditNoteByLinkPdf, async (ctx) => {
    const view = await buyerView(ctx, false);
    const note = creditNoteOf(view, String(ctx.params.number ?? ''), receiptMessages.notFound);
    sendPdf(ctx, `Credit note ${note.creditNoteNumber}`, await (await pdfs()).creditNotePdf(view, note));
  });

  // The nine boxes from the receipts and credit notes that recorded VAT in the period, the exports whose limit ran out in
  // it without proof and those proved late in it (decision 097), and those documents.
  // The screen's answer and the PDF are one return: both read it here.
  async function returnFor(period: { start: string; end: string }) {
    const today = ukDayOf(deps.clock().toISOString());
    const [documents, exports] = await Promise.all([
      vatDocumentsIn(deps.reads, period.start, period.end),
      exportVatDocumentsIn(deps.reads, period.start, period.end, today),
    ]);
    const all = [...documents, ...exports];
    return { boxes: vatReturn(period, all), documents: all };
  }

  route(routers, receiptsApi.vatReturn, async (ctx, input) => {
    const period = input.query();
    ctx.body = { period, ...(await returnFor(period)) };
  });

  route(routers, receiptsApi.vatExports, async (ctx) => {
    const today = ukDayOf(deps.clock().toISOString());
    const listed = await exportsAwaitingProof(deps.reads, today, addDays(today, exportEvidenceWarningDays));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { today, warningDays: exportEvidenceWarningDays, ...listed };
  });

  route(routers, receiptsApi.exportProof, async (ctx) => {
    const orderId = String(ctx.params.id ?? '');
    if (!orderIdPattern.test(orderId)) throw notFound(proofOfPostingMessages.notFound(orderId.slice(0, 100)));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { export: await exportProofFor(deps.reads, orderId, ukDayOf(deps.clock().toISOString())) };
  });

  route(routers, receiptsApi.recordExportProof, async (ctx, input) => {
    const orderId = String(ctx.params.id ?? '');
    if (!orderIdPattern.test(orderId)) throw notFound(proofOfPostingMessages.notFound(orderId.slice(0, 100)));
    const { reference } = input.body();
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    await handleCommand(
      deps.events,
      orderStream(orderId),
      proofOfPostingDecider,
      { type: 'RecordProofOfPosting', orderId, reference, by: admin, at: meta.now },
      meta,
      { waiter: deps.waiter },
    );
    const shown = await exportProofFor(deps.reads, orderId, ukDayOf(meta.now));
    if (!shown) throw notFound(exportEvidenceMessages.notExport);
    ctx.body = { success: true, message: exportEvidenceMessages.recorded(shown.orderNumber), export: shown };
  });

  route(routers, receiptsApi.vatReturnPdf, async (ctx, input) => {
    const period = input.query();
    const settings = foldVatSettings(await deps.events.readStream(vatSettingsStream));
    const vatNumber = (registrationOn(settings, period.end) ?? settings.registrations.at(-1))?.vatNumber;
    const file = await (
      await pdfs()
    ).vatReturnPdf(
      { period, ...(await returnFor(period)) },
      { name: shopContent.shop.name, ...(vatNumber ? { vatNumber } : {}) },
      deps.clock(),
    );
    sendPdf(ctx, `VAT return ${period.start} to ${period.end}`, file);
  });
}
