// The owner's order console: the list, a status change, details the buyer left out, and an order's history.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { refundDecider, refundIdPattern, refundMessages, refundOutcome } from '../../contracts/orders/refunds.ts';
import { ordersApi } from '../../contracts/orders/api.ts';
import { cursorFrom, defaultAdminPage } from '../../contracts/shared/paging.ts';
import {
  maxPackingSlips,
  orderIdPattern,
  type AdminOrder,
  type AdminOrdersResponse,
  type BulkShipResult,
  type RefundResponse,
  type ShipOrdersResponse,
  flagMessages,
  type PackingSlipsResponse,
  type ProcessOrdersResponse,
} from '../../contracts/orders/console.ts';
import { toFulfilCount, toFulfilQueue } from '../../contracts/orders/queue.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import {
  adminOrdersProjection,
  countOrders,
  getAdminOrder,
  listAdminOrders,
  listOrdersToFulfil,
  oldestOrderIds,
  pageAdminOrders,
} from '../../projections/orders/adminOrders.ts';
import { getOrderHistory } from '../../projections/orders/orderHistory.ts';
import { getOrderPage, getOrderPages, packingSlipOf } from '../../projections/orders/orderPages.ts';
import { adminOf } from '../http/adminRouter.ts';
import { fold, handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { answerCache } from '../http/answerCache.ts';
import { DomainError, notFound } from '../../contracts/shared/errors.ts';
import { clickAndDropCsv } from '../../contracts/orders/clickAndDrop.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import { parseOr400 } from '../http/errors.ts';
import { commandMeta } from '../http/request.ts';
import { cachedRoute, route, type Routers } from '../http/route.ts';
import { customerDetailsDecider } from './customerDetails.ts';
import { listSubject, personalReadsFor } from '../http/personalReads.ts';
import { routineReasons } from '../../contracts/audit/dataReads.ts';
import { orderFlagsDecider, orderNotesDecider } from './orderNotes.ts';
import { customsDeclarations } from './customs.ts';
import type { EndpointSpec } from '../../contracts/shared/endpoint.ts';
import { listAllBooks } from '../../contracts/catalog/books.ts';
import { orderNotFoundMessage, orderStatusDecider, staleOrderMessage } from './orderStatus.ts';

/** The packing slips' PDF writer (and pdfkit under it), loaded on first use as the receipts' is (decision 119). */
const slipPdfs = () => import('./packingSlipPdf.ts');

/** Paid, of which shipping, refunded (filled by refunds; 0 until then) and what the shop keeps, in pence. */
function moneyOf(order: AdminOrder) {
  const refunded = order.refunded ?? 0;
  return { paid: order.totalAmount, shipping: order.shippingCost, refunded, net: order.totalAmount - refunded };
}

/** The order id from the path; one that cannot name an order is simply not found. */
function orderIdOf(ctx: Context): string {
  const id = String(ctx.params.id ?? '');
  if (!orderIdPattern.test(id)) throw notFound(orderNotFoundMessage(id.slice(0, 100)));
  return id;
}

export function orderRoutes(routers: Routers, deps: ShopDeps) {
  // The console refetches its pages every minute and after each change: one answer per tab, page and filter, kept until
  // the runner commits again (the admin guard has already checked the token of this very request); an unchanged page
  // answers 304 to the ETag the console holds.
  const listed = answerCache<string>(deps.reads, [adminOrdersProjection.name], { maxEntries: 256 });
  // Every answer here names customers: each view is recorded, once an hour per reader and subject (decision 058).
  const reads = personalReadsFor(deps);
  // The console asks for the same few pages over and over: each query string is checked once and its page's key kept.
  const queries = new Map<string, { key: string; build: () => Promise<AdminOrdersResponse>; subject: string }>();
  const pageOf = (ctx: Context) => {
    const raw = ctx.querystring;
    const known = queries.get(raw);
    if (known) return known;
    const { status, queue, limit, cursor, q, from, to } = parseOr400(ordersApi.list.query, ctx.query, 'query');
    const toFulfil = queue === toFulfilQueue;
    const paged =
      limit !== undefined || cursor !== undefined || q !== undefined || from !== undefined || to !== undefined;
    // Without paging the whole tab, as the list has always answered; the console asks for pages.
    const key = paged
      ? JSON.stringify([status ?? queue ?? '', limit ?? defaultAdminPage, cursor ?? '', q ?? '', from ?? '', to ?? ''])
      : (status ?? queue ?? '');
    const build = async (): Promise<AdminOrdersResponse> => {
      if (paged) {
        return pageAdminOrders(deps.reads, {
          status,
          toFulfil,
          limit: limit ?? defaultAdminPage,
          cursor: cursorFrom(cursor),
          q,
          since: from ? Date.parse(`${from}T00:00:00.000Z`) : undefined,
          until: to ? Date.parse(`${to}T23:59:59.999Z`) : undefined,
        });
      }
      const [orders, { total, counts }] = await Promise.all([
        toFulfil ? listOrdersToFulfil(deps.reads) : listAdminOrders(deps.reads, status),
        countOrders(deps.reads),
      ]);
      return { orders, totalOrders: toFulfil ? toFulfilCount(counts) : status ? counts[status] : total, counts };
    };
    if (queries.size >= 256) queries.delete(queries.keys().next().value!);
    const subject = listSubject(reads, 'orders', { status, queue, limit, cursor, q, from, to });
    const page = { key, build, subject };
    queries.set(raw, page);
    return page;
  };
  cachedRoute(
    routers,
    ordersApi.list,
    async (ctx) => {
      const { key, build, subject } = pageOf(ctx);
      // The answer lane asks this too (after the guard's admission has named the session): recorded either way.
      await reads.view(ctx, ordersApi.list, subject, routineReasons.orderList);
      return listed.get(key, build);
    },
    { headers: [['Cache-Control', 'no-store']] },
  );

  route(routers, ordersApi.changeStatus, async (ctx, input) => {
    const orderId = orderIdOf(ctx);
    const { status, notes, expectedRevision, shipment, confirmBackward } = input.body();
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const changed = await handleCommand(
      deps.events,
      orderStream(orderId),
      orderStatusDecider,
      {
        type: 'ChangeOrderStatus',
        orderId,
        to: status,
        notes,
        by: admin,
        at: meta.now,
        shipment,
        confirmBackward,
      },
      meta,
      { waiter: deps.waiter, expectedRevision, staleMessage: staleOrderMessage },
    );
    // A shipment owes the customer their "on its way" e-mail: the reactor sends it; wait for it, bounded.
    if (shipment) await deps.effects.waitFor(changed.position);
    const order = await getAdminOrder(deps.reads, orderId);
    if (!order) throw notFound(orderNotFoundMessage(orderId));
    ctx.body = { success: true, message: `Order ${orderId} is now ${order.status}`, order };
  });

  // Internal notes: any time, whatever the order's status; they are the owner's own and change nothing else.
  route(routers, ordersApi.addNote, async (ctx, input) => {
    const orderId = orderIdOf(ctx);
    const { text } = input.body();
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    await handleCommand(
      deps.events,
      orderStream(orderId),
      orderNotesDecider,
      { type: 'AddOrderNote', orderId, noteId: randomUUID(), text, by: admin, at: meta.now },
      meta,
      { waiter: deps.waiter },
    );
    const order = await getAdminOrder(deps.reads, orderId);
    if (!order) throw notFound(orderNotFoundMessage(orderId));
    ctx.body = { success: true, message: `Note added to order ${orderId}`, order };
  });

  route(routers, ordersApi.clearFlag, async (ctx, input) => {
    const orderId = orderIdOf(ctx);
    const { flag } = input.body();
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    await handleCommand(
      deps.events,
      orderStream(orderId),
      orderFlagsDecider,
      { type: 'ClearOrderFlag', orderId, flag, by: admin, at: meta.now },
      meta,
      { waiter: deps.waiter },
    );
    const order = await getAdminOrder(deps.reads, orderId);
    if (!order) throw notFound(orderNotFoundMessage(orderId));
    ctx.body = { success: true, message: flagMessages.cleared, order };
  });

  route(routers, ordersApi.order, async (ctx) => {
    const orderId = orderIdOf(ctx);
    const [order, page] = await Promise.all([getAdminOrder(deps.reads, orderId), getOrderPage(deps.reads, orderId)]);
    if (!order || !page) throw notFound(orderNotFoundMessage(orderId));
    await reads.view(ctx, ordersApi.order, orderStream(orderId), routineReasons.orderPage);
    const customs = (await customsDeclarations(deps, [orderId])).get(orderId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { order, page, money: moneyOf(order), ...(customs ? { customs } : {}) };
  });

  // The day's batch: every order now processing, oldest first (the first paid is the first packed); or the orders the
  // owner chose on the fulfilment screen, in the order chosen. The page and its PDF read the same slips.
  async function packingSlipsFor(
    ctx: Context,
    endpoint: EndpointSpec,
    chosen: readonly string[] | undefined,
  ): Promise<PackingSlipsResponse> {
    if (chosen) {
      const [pages, orders] = await Promise.all([
        getOrderPages(deps.reads, chosen),
        Promise.all(chosen.map((id) => getAdminOrder(deps.reads, id))),
      ]);
      const statusOf = new Map(orders.flatMap((o) => (o ? [[o.orderId, o.status] as const] : [])));
      if (pages.length > 0) await reads.view(ctx, endpoint, 'packing-slips?chosen', routineReasons.packingSlips);
      const customs = await customsDeclarations(
        deps,
        pages.map((p) => p.orderId),
      );
      return {
        slips: pages.map((page) =>
          packingSlipOf(page, statusOf.get(page.orderId) ?? 'processing', customs.get(page.orderId)),
        ),
        more: false,
      };
    }
    const ids = await oldestOrderIds(deps.reads, 'processing', maxPackingSlips + 1);
    const pages = await getOrderPages(deps.reads, ids.slice(0, maxPackingSlips));
    if (pages.length > 0) await reads.view(ctx, endpoint, 'packing-slips', routineReasons.packingSlips);
    const customs = await customsDeclarations(
      deps,
      pages.map((p) => p.orderId),
    );
    return {
      slips: pages.map((page) => packingSlipOf(page, 'processing', customs.get(page.orderId))),
      more: ids.length > maxPackingSlips,
    };
  }

  function sendPdf(ctx: Context, name: string, file: Buffer) {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf"`);
    ctx.type = 'application/pdf';
    ctx.body = file;
  }

  route(routers, ordersApi.packingSlips, async (ctx, input) => {
    const body = await packingSlipsFor(ctx, ordersApi.packingSlips, input.query().ids);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  // The batch as a file: every slip in gift mode when asked, a gift order's always (as the screen prints them).
  route(routers, ordersApi.packingSlipsPdf, async (ctx, input) => {
    const { ids, gift } = input.query();
    const { slips } = await packingSlipsFor(ctx, ordersApi.packingSlipsPdf, ids);
    const now = deps.clock();
    const file = await (
      await slipPdfs()
    ).packingSlipsPdf(
      slips.map((slip) => ({ slip, gift: gift === 'yes' || !!slip.gift })),
      ids ? 'Packing slips of the chosen orders' : 'Packing slips of the processing orders',
      now,
    );
    sendPdf(ctx, `Packing slips ${now.toISOString().slice(0, 10)}`, file);
  });

  // One order's slip as its screen shows it: a gift order in gift mode unless the owner turns it off, as the screen's
  // toggle does.
  route(routers, ordersApi.packingSlipPdf, async (ctx, input) => {
    const orderId = orderIdOf(ctx);
    const [order, page] = await Promise.all([getAdminOrder(deps.reads, orderId), getOrderPage(deps.reads, orderId)]);
    if (!order || !page) throw notFound(orderNotFoundMessage(orderId));
    await reads.view(ctx, ordersApi.packingSlipPdf, orderStream(orderId), routineReasons.packingSlips);
    const customs = (await customsDeclarations(deps, [orderId])).get(orderId);
    const slip = packingSlipOf(page, order.status, customs);
    const { gift } = input.query();
    const file = await (
      await slipPdfs()
    ).packingSlipsPdf(
      [{ slip, gift: gift === undefined ? !!slip.gift : gift === 'yes' }],
      `Packing slip ${slip.orderNumber}`,
      deps.clock(),
    );
    sendPdf(ctx, `Packing slip ${slip.orderNumber}`, file);
  });

  // Several orders shipped in one step (decision 081): each through the same decider as one order's change, its own
  // status change and shipment appended to its own stream, so each is whole or not at all; a refusal (changed since
  // the screen showed it, already shipped, no such order) is that order's answer and the others go on. Each shipment
  // owes its customer an e-mail: the reactor sends them; the answer waits for the last, bounded.
  route(routers, ordersApi.shipMany, async (ctx, input) => {
    const { orders, notes } = input.body();
    const admin = adminOf(ctx);
    const results: BulkShipResult[] = [];
    let last = 0;
    for (const { orderId, expectedRevision, shipment } of orders) {
      const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
      try {
        const changed = await handleCommand(
          deps.events,
          orderStream(orderId),
          orderStatusDecider,
          { type: 'ChangeOrderStatus', orderId, to: 'shipped', notes, by: admin, at: meta.now, shipment },
          meta,
          { waiter: deps.waiter, expectedRevision, staleMessage: staleOrderMessage },
        );
        last = Math.max(last, changed.position);
        const order = await getAdminOrder(deps.reads, orderId);
        if (!order) throw notFound(orderNotFoundMessage(orderId));
        results.push({ orderId, ok: true, message: `Order ${order.orderNumber} is now shipped`, order });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const status = error.kind === 'not_found' ? 404 : error.kind === 'conflict' ? 409 : 400;
        results.push({ orderId, ok: false, status, message: error.message });
      }
    }
    if (last > 0) await deps.effects.waitFor(last);
    const shipped = results.filter((r) => r.ok).length;
    ctx.body = { shipped, failed: results.length - shipped, results } satisfies ShipOrdersResponse;
  });

  // Paid orders marked processing in one step (the fulfilment screen's queue starts at payment): each order its own
  // status change through the same decider as one order's, a refusal that order's answer while the others go on.
  route(routers, ordersApi.processMany, async (ctx, input) => {
    const { orders, notes } = input.body();
    const admin = adminOf(ctx);
    const results: BulkShipResult[] = [];
    for (const { orderId, expectedRevision } of orders) {
      const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
      try {
        await handleCommand(
          deps.events,
          orderStream(orderId),
          orderStatusDecider,
          { type: 'ChangeOrderStatus', orderId, to: 'processing', notes, by: admin, at: meta.now },
          meta,
          { waiter: deps.waiter, expectedRevision, staleMessage: staleOrderMessage },
        );
        const order = await getAdminOrder(deps.reads, orderId);
        if (!order) throw notFound(orderNotFoundMessage(orderId));
        results.push({ orderId, ok: true, message: `Order ${order.orderNumber} is now processing`, order });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const status = error.kind === 'not_found' ? 404 : error.kind === 'conflict' ? 409 : 400;
        results.push({ orderId, ok: false, status, message: error.message });
      }
    }
    const moved = results.filter((r) => r.ok).length;
    ctx.body = { moved, failed: results.length - moved, results } satisfies ProcessOrdersResponse;
  });

  // The chosen orders for Royal Mail Click & Drop's order import (decision 081). Names and addresses leave the shop in
  // this file: a guarded POST, so the owner's only; recorded with the owner's reason before it goes (decision 058). A
  // forgotten customer's order goes without their details.
  route(routers, ordersApi.clickAndDrop, async (ctx, input) => {
    const { orderIds, reason } = input.body();
    const unique = [...new Set(orderIds)];
    const onRecord = await Promise.all(
      unique.map(async (orderId) => orderOnRecord(await deps.events.readStream(orderStream(orderId)))),
    );
    const missing = unique.filter((_, i) => !onRecord[i]);
    if (missing.length > 0) throw notFound(orderNotFoundMessage(missing[0]!));
    await reads.download(ctx, ordersApi.clickAndDrop, `click-and-drop.csv?orders=${unique.length}`, reason);
    const csv = clickAndDropCsv(
      onRecord.map((order) => ({
        orderNumber: order!.orderNumber,
        placedAt: order!.placedAt,
        customerName: order!.customerName,
        customerEmail: order!.customerEmail,
        phone: order!.phone,
        shippingAddress: order!.shippingAddress,
        items: order!.items,
        subtotal: order!.subtotal,
        shippingCost: order!.shippingCost,
        total: order!.total,
      })),
      await listAllBooks(deps.reads),
    );
    const day = deps.clock().toISOString().slice(0, 10);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="click-and-drop-${day}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  // Orders placed without the buyer's details (wallet payments before the payer's address reached the provider): the
  // owner adds what is missing, with a reason, against the revision the console showed. Nothing on record is replaced.
  route(routers, ordersApi.addCustomerDetails, async (ctx, input) => {
    const orderId = orderIdOf(ctx);
    const { name, email, address, reason, expectedRevision } = input.body();
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const offered = {
      ...(name ? { customerName: name } : {}),
      ...(email ? { customerEmail: email } : {}),
      ...(address
        ? {
            shippingAddress: {
              line1: address.line1,
              ...(address.line2 ? { line2: address.line2 } : {}),
              city: address.city,
              postcode: address.postcode,
              country: address.country,
            },
          }
        : {}),
    };
    const added = await handleCommand(
      deps.events,
      orderStream(orderId),
      customerDetailsDecider,
      {
        type: 'AddCustomerDetails',
        orderId,
        offered,
        reason,
        by: admin,
        at: meta.now,
      },
      meta,
      { waiter: deps.waiter, expectedRevision, staleMessage: staleOrderMessage },
    );
    // An e-mail address now known owes the shopper their confirmation: the reactor sends it; wait for it, bounded.
    if (added.events.length > 0) await deps.effects.waitFor(added.position);
    const order = await getAdminOrder(deps.reads, orderId);
    if (!order) throw notFound(orderNotFoundMessage(orderId));
    ctx.body = { success: true, message: `Customer details added to order ${orderId}`, order };
  });

  /**
   * The answer to a refund: as soon as its request is in the log, the refund as that request left it (pending). The
   * reactor asks the gateway and records its answer; the order's read model shows the refund's progress, which the
   * console follows.
   */
  async function refundAnswer(ctx: Context, orderId: string, refundId: string, revision: number) {
    const stream = await deps.events.readStream(orderStream(orderId));
    const ledger = fold(
      refundDecider,
      stream.filter((e) => e.revision <= revision),
    );
    const refund = ledger.placed ? ledger.refunds.find((r) => r.refundId === refundId) : undefined;
    if (!refund) throw notFound(refundMessages.noSuchRefund);
    ctx.status = 202;
    ctx.body = { success: true, message: refundOutcome(refund), refund } satisfies RefundResponse;
  }

  route(routers, ordersApi.refund, async (ctx, input) => {
    const orderId = orderIdOf(ctx);
    const { amount, lines, reason, expectedRevision, restock } = input.body();
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const refundId = randomUUID();
    const result = await handleCommand(
      deps.events,
      orderStream(orderId),
      refundDecider,
      {
        type: 'RequestRefund',
        orderId,
        refundId,
        ...(amount !== undefined ? { amount } : {}),
        ...(lines ? { lines } : {}),
        ...(restock ? { restock } : {}),
        reason,
        by: admin,
        at: meta.now,
      },
      meta,
      { expectedRevision, staleMessage: staleOrderMessage },
    );
    await refundAnswer(ctx, orderId, refundId, result.revision);
  });

  route(routers, ordersApi.retryRefund, async (ctx, input) => {
    const orderId = orderIdOf(ctx);
    const refundId = String(ctx.params.refundId ?? '');
    if (!refundIdPattern.test(refundId)) throw notFound(refundMessages.noSuchRefund);
    const { expectedRevision } = input.body();
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const result = await handleCommand(
      deps.events,
      orderStream(orderId),
      refundDecider,
      { type: 'RetryRefund', orderId, refundId, by: admin, at: meta.now },
      meta,
      { expectedRevision, staleMessage: staleOrderMessage },
    );
    await refundAnswer(ctx, orderId, refundId, result.revision);
  });

  route(routers, ordersApi.history, async (ctx) => {
    const orderId = orderIdOf(ctx);
    const history = await getOrderHistory(deps.reads, orderId);
    if (!history) throw notFound(orderNotFoundMessage(orderId));
    await reads.view(ctx, ordersApi.history, orderStream(orderId), routineReasons.orderHistory);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = history;
  });
}
