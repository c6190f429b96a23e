// The receipt page's answers: the owner's (guarded, by order id) and the buyer's (open, by the signed link).
import type { Context } from 'koa';
import { shopContent } from '../../contracts/catalog/content.ts';
import { orderIdPattern } from '../../contracts/orders/console.ts';
import { discountLabelOf } from '../../contracts/orders/model.ts';
import { receiptsApi } from '../../contracts/receipts/api.ts';
import { receiptMessages, type ReceiptView } from '../../contracts/receipts/model.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { vatReturn } from '../../contracts/vat/vatReturn.ts';
import { getReceipt, vatDocumentsIn, type ReceiptDoc } from '../../projections/receipts/receipts.ts';
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

  // The nine boxes from the receipts and credit notes that recorded VAT in the period, and those documents.
  route(routers, receiptsApi.vatReturn, async (ctx, input) => {
    const period = input.query();
    const documents = await vatDocumentsIn(deps.reads, period.start, period.end);
    ctx.body = { period, boxes: vatReturn(period, documents), documents };
  });
}
