// The shopper's order page (decision 086): open routes by the signed link, the lookup form that e-mails a fresh link,
// and the owner's Requests tab with its answers. The link is the proof, as a receipt's is: anything the shop did not
// sign answers one 404, a signed but expired link answers 410 and shows nothing of the order.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { orderIdPattern } from '../../contracts/orders/console.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import { orderPageApi } from '../../contracts/orders/shopperApi.ts';
import {
  shopperOrderView,
  type OpenShopperRequest,
  type ShopperDocuments,
  type ShopperOrderView,
} from '../../contracts/orders/shopperOrder.ts';
import {
  postcodeKey,
  requestIdPattern,
  requestMessages,
  returnReasonLabels,
} from '../../contracts/orders/shopperRequests.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { notificationStream, orderStream } from '../../contracts/shared/streams.ts';
import { getAdminOrder, ordersNumbered } from '../../projections/orders/adminOrders.ts';
import { openRequests } from '../../projections/orders/shopperRequests.ts';
import { isNumbered } from '../../contracts/receipts/model.ts';
import { fold, handleCommand, type CommandMeta } from '../commands.ts';
import { preOrderCancelTexts } from '../../contracts/preorders/cancel.ts';
import { orderOfPreOrderCancelToken, preOrderCancelKey } from '../http/preOrderCancelLinks.ts';
import { preOrderCancelDecider, preOrderedLinesOf, shopperPreOrderOf } from './preOrderCancel.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { HttpError } from '../http/errors.ts';
import { limit } from '../http/limits.ts';
import { orderLinkKey, readOrderLinkToken } from '../http/orderLinks.ts';
import { receiptLinkKey, receiptToken } from '../http/receiptLinks.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { orderNotFoundMessage, staleOrderMessage } from './orderStatus.ts';
import { orderLinkDecider, shopperRequestDecider } from './shopperRequestDecider.ts';

/** What the shopper is told when the order changed since their page showed it. */
export const stalePageMessage = 'Your order has changed since this page was opened. Please look at it again.';

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function shopperRoutes(routers: Routers, deps: ShopDeps) {
  const key = orderLinkKey(deps.jwtSecret);
  const receiptKey = receiptLinkKey(deps.jwtSecret);
  const cancelKey = preOrderCancelKey(deps.jwtSecret);

  /** A link's answers never go into a cache, a referrer or a search engine. */
  const privately = (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Robots-Tag', 'noindex');
  };

  /** The order a token names: valid, or expired (only where the caller allows it); every other token is one 404. */
  function orderOf(ctx: Context, allowExpired = false): string {
    privately(ctx);
    const reading = readOrderLinkToken(key, String(ctx.params.token ?? ''), deps.clock());
    if (reading.kind === 'invalid') throw notFound(requestMessages.linkNotFound);
    if (reading.kind === 'expired' && !allowExpired) throw new HttpError(410, requestMessages.linkExpired, 'expired');
    return reading.orderId;
  }

  // The receipt is the receipts capability's: the page carries its signed link, and the receipt's own answer gives its
  // number and credit notes once they are issued.
  const documentsOf = (placedAt: string, orderId: string): ShopperDocuments => ({
    receiptToken: isNumbered(placedAt) ? receiptToken(receiptKey, orderId) : null,
  });

  async function pageOf(orderId: string): Promise<ShopperOrderView> {
    const events = await deps.events.readStream(orderStream(orderId));
    const placed = orderOnRecord(events);
    const view = placed && shopperOrderView(events, deps.clock(), documentsOf(placed.placedAt, orderId));
    if (!view) throw notFound(requestMessages.linkNotFound);
    const lines = await preOrderedLinesOf(deps.events, placed);
    if (lines.length === 0) return view;
    const state = fold(shopperRequestDecider, events);
    return { ...view, preOrder: shopperPreOrderOf(state, lines, deps.clock().toISOString()) };
  }

  /** The order's pre-orders as they stand now: cancellable or not, and what a cancel pays back. */
  async function preOrderOf(orderId: string) {
    const events = await deps.events.readStream(orderStream(orderId));
    const placed = orderOnRecord(events);
    if (!placed) throw notFound(preOrderCancelTexts.linkNotFound);
    const lines = await preOrderedLinesOf(deps.events, placed);
    return {
      placed,
      lines,
      preOrder: shopperPreOrderOf(fold(shopperRequestDecider, events), lines, deps.clock().toISOString()),
    };
  }

  /**
   * Cancels the order's pre-orders (decision 132) at the revision the page showed, if it said one: refunded in full on
   * the order's stream; the reactor releases them on their titles' streams and asks the provider for the refund.
   */
  async function cancelPreOrders(ctx: Context, orderId: string, expectedRevision: number | undefined) {
    // With no pre-order left standing, the decider says why: cancelled already, dispatched, or none to cancel.
    const { placed, lines } = await preOrderOf(orderId);
    const meta = commandMeta(ctx, 'shopper', deps.clock());
    const result = await handleCommand(
      deps.events,
      orderStream(placed.orderId),
      preOrderCancelDecider,
      { type: 'CancelPreOrders', orderId, lines, refundIds: [randomUUID(), randomUUID(), randomUUID()], at: meta.now },
      meta,
      { waiter: deps.waiter, expectedRevision, staleMessage: stalePageMessage },
    );
    // The refund is asked of the provider and the title's pre-order released by the reactor: wait for it, bounded.
    await deps.effects.waitFor(result.position);
    const refund = result.events.reduce((sum, e) => sum + (e.type === 'RefundRequested' ? e.data.amount : 0), 0);
    return { success: true as const, message: preOrderCancelTexts.done(refund), refund };
  }

  /** Records a fresh link owed to the order's own address, unless it has had its three today. */
  async function owedLink(orderId: string, via: 'lookup' | 'expired-link', meta: CommandMeta) {
    const result = await handleCommand(
      deps.events,
      notificationStream(orderId),
      orderLinkDecider,
      { type: 'RequestOrderLink', orderId, via, at: meta.now },
      meta,
    );
    return result;
  }

  route(routers, orderPageApi.page, async (ctx) => {
    const orderId = orderOf(ctx);
    ctx.body = await pageOf(orderId);
  });

  route(routers, orderPageApi.freshLink, limit(deps, 'orderLookups'), async (ctx) => {
    const orderId = orderOf(ctx, true);
    const events = await deps.events.readStream(orderStream(orderId));
    if (orderOnRecord(events)) {
      const result = await owedLink(orderId, 'expired-link', commandMeta(ctx, 'shopper', deps.clock()));
      if (result.events.length > 0) await deps.effects.waitFor(result.position);
    }
    ctx.body = { success: true, message: requestMessages.freshLinkSent };
  });

  // The answer comes before any order is looked at, and is the same whatever the details: whether an order matched is
  // told only to that order's own inbox, and how long the answer takes says nothing either.
  route(routers, orderPageApi.lookup, limit(deps, 'orderLookups'), async (ctx, input) => {
    const { orderNumber, email, postcode } = input.body();
    const meta = commandMeta(ctx, 'shopper', deps.clock());
    // Started once this answer has been written: not even the index read runs before it.
    void (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      for (const orderId of await ordersNumbered(deps.reads, orderNumber)) {
        const order = orderOnRecord(await deps.events.readStream(orderStream(orderId)));
        if (!order || !order.customerEmail.includes('@') || typeof order.shippingAddress === 'string') continue;
        if (!sameText(order.customerEmail, email)) continue;
        if (postcodeKey(order.shippingAddress.postcode) !== postcodeKey(postcode)) continue;
        await owedLink(orderId, 'lookup', meta);
      }
    })().catch((error: unknown) => deps.logger.error({ err: (error as Error).message }, 'order lookup failed'));
    ctx.status = 202;
    ctx.body = { success: true, message: requestMessages.linkSent };
  });

  async function ask(
    ctx: Context,
    orderId: string,
    command: Parameters<typeof shopperRequestDecider.decide>[0],
    expectedRevision: number | undefined,
    message: string,
  ) {
    const result = await handleCommand(
      deps.events,
      orderStream(orderId),
      shopperRequestDecider,
      command,
      commandMeta(ctx, 'shopper', deps.clock()),
      {
        waiter: deps.waiter,
        expectedRevision,
        staleMessage: stalePageMessage,
      },
    );
    // The shopper's "we have your request" e-mail: the reactor sends it; wait for it, bounded.
    await deps.effects.waitFor(result.position);
    ctx.body = { success: true, message, page: await pageOf(orderId) };
  }

  route(routers, orderPageApi.cancel, async (ctx, input) => {
    const orderId = orderOf(ctx);
    const { expectedRevision } = input.body({ absent: {} });
    await ask(
      ctx,
      orderId,
      { type: 'RequestCancellation', orderId, requestId: randomUUID(), at: deps.clock().toISOString() },
      expectedRevision,
      requestMessages.cancelAsked,
    );
  });

  route(routers, orderPageApi.cancelPreOrder, async (ctx, input) => {
    const orderId = orderOf(ctx);
    const { expectedRevision } = input.body({ absent: {} });
    const { success, message } = await cancelPreOrders(ctx, orderId, expectedRevision);
    const page = await pageOf(orderId);
    ctx.body = { success, message, preOrder: page.preOrder ?? (await preOrderOf(orderId)).preOrder, page };
  });

  /** The order a one-click cancel link names; anything the shop did not sign is one 404. */
  function cancelLinkOrder(ctx: Context): string {
    privately(ctx);
    const orderId = orderOfPreOrderCancelToken(cancelKey, String(ctx.params.token ?? ''));
    if (!orderId) throw notFound(preOrderCancelTexts.linkNotFound);
    return orderId;
  }

  route(routers, orderPageApi.preOrderCancelPage, async (ctx) => {
    const orderId = cancelLinkOrder(ctx);
    const { placed, preOrder } = await preOrderOf(orderId);
    ctx.body = { orderNumber: placed.orderNumber, customerName: placed.customerName, preOrder };
  });

  route(routers, orderPageApi.preOrderCancelByLink, async (ctx, input) => {
    const orderId = cancelLinkOrder(ctx);
    const { expectedRevision } = input.body({ absent: {} });
    const { success, message } = await cancelPreOrders(ctx, orderId, expectedRevision);
    ctx.body = { success, message, preOrder: (await preOrderOf(orderId)).preOrder };
  });

  route(routers, orderPageApi.return, async (ctx, input) => {
    const orderId = orderOf(ctx);
    const { reason, note, expectedRevision } = input.body();
    await ask(
      ctx,
      orderId,
      { type: 'RequestReturn', orderId, requestId: randomUUID(), reason, note, at: deps.clock().toISOString() },
      expectedRevision,
      requestMessages.returnAsked,
    );
  });

  // --- the owner's side ----------------------------------------------------------------------------------------

  route(routers, orderPageApi.requests, async (ctx) => {
    const { requests, count } = await openRequests(deps.reads);
    const orders = await Promise.all(requests.map((r) => getAdminOrder(deps.reads, r.orderId)));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      count,
      requests: requests.flatMap((r, i): OpenShopperRequest[] => {
        const order = orders[i];
        if (!order) return [];
        return [
          {
            orderId: r.orderId,
            orderNumber: order.orderNumber,
            requestId: r.requestId,
            kind: r.kind,
            ...(r.reason ? { reason: returnReasonLabels[r.reason] } : {}),
            ...(r.note ? { note: r.note } : {}),
            at: r.at,
            customerName: order.customerName,
            revision: order.revision,
          },
        ];
      }),
    };
  });

  function idsOf(ctx: Context) {
    const orderId = String(ctx.params.id ?? '');
    if (!orderIdPattern.test(orderId)) throw notFound(orderNotFoundMessage(orderId.slice(0, 100)));
    const requestId = String(ctx.params.requestId ?? '');
    if (!requestIdPattern.test(requestId)) throw notFound(requestMessages.noSuchRequest);
    return { orderId, requestId };
  }

  async function answer(ctx: Context, accepted: boolean, message: string, expectedRevision: number | undefined) {
    const { orderId, requestId } = idsOf(ctx);
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const result = await handleCommand(
      deps.events,
      orderStream(orderId),
      shopperRequestDecider,
      accepted
        ? {
            type: 'AcceptShopperRequest',
            orderId,
            requestId,
            message,
            by: admin,
            at: meta.now,
            refundIds: [randomUUID(), randomUUID()],
          }
        : { type: 'DeclineShopperRequest', orderId, requestId, message, by: admin, at: meta.now },
      meta,
      { waiter: deps.waiter, expectedRevision, staleMessage: staleOrderMessage },
    );
    await deps.effects.waitFor(result.position);
    const refunds = result.events.filter((e) => e.type === 'RefundRequested').length;
    ctx.body = {
      success: true,
      message: accepted
        ? refunds > 0
          ? 'Accepted: the order is cancelled and its refund is with the payment provider. The customer has been e-mailed.'
          : 'Accepted. The customer has been e-mailed.'
        : 'Declined. The customer has been e-mailed.',
    };
  }

  route(routers, orderPageApi.accept, async (ctx, input) => {
    const { message, expectedRevision } = input.body();
    await answer(ctx, true, message, expectedRevision);
  });

  route(routers, orderPageApi.decline, async (ctx, input) => {
    const { message, expectedRevision } = input.body();
    await answer(ctx, false, message, expectedRevision);
  });
}
