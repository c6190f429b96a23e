// The receipt page's answers: the owner's (guarded, by order id) and the buyer's (open, by the signed link).
import type { Context } from 'koa';
import { shopContent } from '../../contracts/catalog/content.ts';
import { orderIdPattern } from '../../contracts/orders/console.ts';
import { discountLabelOf } from '../../contracts/orders/model.ts';
import { receiptsApi } from '../../contracts/receipts/api.ts';
import { receiptMessages, type ReceiptView } from '../../contracts/receipts/model.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { addDays, exportEvidenceMessages, exportEvidenceWarningDays } from '../../contracts/vat/exports.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
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
import { proofOfPostingDecider, proofOfPostingMessages } from './exportProof.ts';
import type { ShopDeps } from '../deps.ts';
import { route, type Routers } from '../http/route.ts';
import { orderOfToken, receiptLinkKey, receiptPath } from '../http/receiptLinks.ts';

export function receiptView(doc: ReceiptDoc & { receiptNumber: string }, buyerLink: string): ReceiptView {
  const vat = doc.vat;
  return {
    receiptNumber: doc.receiptNumber,
    orderId: doc.orderId,
    orderNumber: doc.orderNumber,
    placedAt: doc.placedAt,
    issuedAt: doc.issuedAt ?? doc.placedAt,
    seller: { name: shopContent.shop.name, address: shopContent.shop.address, email: shopContent.shop.contactEmail },
    lines: doc.items.map((item, i) => {
      const line = vat?.lines[i];
      return {
        name: item.name,
        quantity: item.quantity,
        unitPrice: item.price,
        gross: item.price * item.quantity,
        ...(line ? { rate: line.rate, vat: line.vat } : {}),
      };
    }),
    delivery: { gross: doc.shippingCost, ...(vat ? { parts: vat.delivery } : {}) },
    total: doc.total,
    ...(doc.discounts?.length
      ? { savings: doc.discounts.map((d) => ({ label: discountLabelOf(d), amount: d.amount })) }
      : {}),
    ...(vat ? { vat: { vatNumber: vat.vatNumber, rates: vat.rates, totals: vat.totals } } : {}),
    creditNotes: doc.creditNotes,
    buyerLink,
  };
}

export function receiptRoutes(routers: Routers, deps: ShopDeps) {
  const key = receiptLinkKey(deps.jwtSecret);

  async function answer(ctx: Context, orderId: string, message: string) {
    const doc = await getReceipt(deps.reads, orderId);
    if (!doc?.receiptNumber) throw notFound(message);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = receiptView({ ...doc, receiptNumber: doc.receiptNumber }, receiptPath(key, orderId));
  }

  route(routers, receiptsApi.forOrder, async (ctx) => {
    const orderId = String(ctx.params.id ?? '');
    if (!orderIdPattern.test(orderId)) throw notFound(receiptMessages.notYet);
    await answer(ctx, orderId, receiptMessages.notYet);
  });

  // A token the shop did not sign, an altered one, and one for an order without a receipt all answer the same 404.
  route(routers, receiptsApi.byLink, async (ctx) => {
    const orderId = orderOfToken(key, String(ctx.params.token ?? ''));
    if (!orderId) throw notFound(receiptMessages.notFound);
    ctx.set('Referrer-Policy', 'no-referrer');
    await answer(ctx, orderId, receiptMessages.notFound);
  });

  // The nine boxes from the receipts and credit notes that recorded VAT in the period, the exports whose limit ran out in
  // it without proof and those proved late in it (decision 097), and those documents.
  route(routers, receiptsApi.vatReturn, async (ctx, input) => {
    const period = input.query();
    const today = ukDayOf(deps.clock().toISOString());
    const [documents, exports] = await Promise.all([
      vatDocumentsIn(deps.reads, period.start, period.end),
      exportVatDocumentsIn(deps.reads, period.start, period.end, today),
    ]);
    const all = [...documents, ...exports];
    ctx.body = { period, boxes: vatReturn(period, all), documents: all };
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
}
