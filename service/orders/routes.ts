// The owner's order console: GET /api/admin/orders, POST /api/admin/orders/{id}/status, POST /api/admin/orders/{id}/customer,
// GET /api/admin/orders/{id}/history.
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import {
  AddOrderCustomerDetailsSchema,
  AdminOrdersQuerySchema,
  ChangeOrderStatusSchema,
  decodeCursor,
  defaultAdminPage,
  orderIdPattern,
  type AddOrderCustomerDetailsResponse,
  type AdminOrdersResponse,
  type ChangeOrderStatusResponse,
} from '../../contracts/adminOrders.ts';
import { orderStream } from '../../contracts/streams.ts';
import { adminOrdersProjection, countOrders, getAdminOrder, listAdminOrders, pageAdminOrders } from '../../projections/orders/adminOrders.ts';
import { getOrderHistory } from '../../projections/orders/orderHistory.ts';
import { adminOf } from '../admin/guard.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { answerCache, sendJsonAnswer } from '../http/answerCache.ts';
import { notFound, parseOr400 } from '../http/errors.ts';
import { commandMeta } from '../http/request.ts';
import { customerDetailsDecider } from './customerDetails.ts';
import { orderNotFoundMessage, orderStatusDecider } from './orderStatus.ts';

/** The order id from the path; one that cannot name an order is simply not found. */
function orderIdOf(ctx: Context): string {
  const id = String(ctx.params.id ?? '');
  if (!orderIdPattern.test(id)) throw notFound(orderNotFoundMessage(id.slice(0, 100)));
  return id;
}

export function orderRoutes(router: Router, deps: ShopDeps, admin: Router) {
  // The console refetches its pages every minute and after each change: one answer per tab, page and filter, kept until
  // the runner commits again (the admin guard has already checked the token of this very request); an unchanged page
  // answers 304 to the ETag the console holds.
  const listed = answerCache<string>(deps.reads, [adminOrdersProjection.name], { maxEntries: 256 });
  admin.get('/api/admin/orders', async (ctx) => {
    const { status, limit, cursor, q, from, to } = parseOr400(AdminOrdersQuerySchema, ctx.query, 'query');
    const paged = limit !== undefined || cursor !== undefined || q !== undefined || from !== undefined || to !== undefined;
    // Without paging the whole tab, as the list has always answered; the console asks for pages.
    const key = paged ? JSON.stringify([status ?? '', limit ?? defaultAdminPage, cursor ?? '', q ?? '', from ?? '', to ?? '']) : status ?? '';
    const answer = await listed.get(key, async () => {
      if (paged) {
        return pageAdminOrders(deps.reads, {
          status,
          limit: limit ?? defaultAdminPage,
          cursor: cursor ? (decodeCursor(cursor) ?? undefined) : undefined,
          q,
          since: from ? Date.parse(`${from}T00:00:00.000Z`) : undefined,
          until: to ? Date.parse(`${to}T23:59:59.999Z`) : undefined,
        }) satisfies Promise<AdminOrdersResponse>;
      }
      const [orders, { total, counts }] = await Promise.all([listAdminOrders(deps.reads, status), countOrders(deps.reads)]);
      return { orders, totalOrders: status ? counts[status] : total, counts } satisfies AdminOrdersResponse;
    });
    ctx.set('Cache-Control', 'no-store');
    sendJsonAnswer(ctx, answer!);
  });

  admin.post('/api/admin/orders/:id/status', async (ctx) => {
    const orderId = orderIdOf(ctx);
    const { status, notes, expectedRevision } = parseOr400(ChangeOrderStatusSchema, ctx.request.body);
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    await handleCommand(
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
        ...(expectedRevision === undefined ? {} : { expectedRevision }),
      },
      meta,
      { waiter: deps.waiter },
    );
    const order = await getAdminOrder(deps.reads, orderId);
    if (!order) throw notFound(orderNotFoundMessage(orderId));
    const body: ChangeOrderStatusResponse = { success: true, message: `Order ${orderId} is now ${order.status}`, order };
    ctx.body = body;
  });

  // Orders placed without the buyer's details (wallet payments before the payer's address reached the provider): the
  // owner adds what is missing, with a reason, against the revision the console showed. Nothing on record is replaced.
  admin.post('/api/admin/orders/:id/customer', async (ctx) => {
    const orderId = orderIdOf(ctx);
    const { name, email, address, reason, expectedRevision } = parseOr400(AddOrderCustomerDetailsSchema, ctx.request.body);
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const offered = {
      ...(name ? { customerName: name } : {}),
      ...(email ? { customerEmail: email } : {}),
      ...(address
        ? { shippingAddress: { line1: address.line1, ...(address.line2 ? { line2: address.line2 } : {}), city: address.city, postcode: address.postcode, country: address.country } }
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
        source: 'owner',
        reason,
        by: admin,
        at: meta.now,
        ...(expectedRevision === undefined ? {} : { expectedRevision }),
      },
      meta,
      { waiter: deps.waiter },
    );
    // An e-mail address now known owes the shopper their confirmation: the reactor sends it; wait for it, bounded.
    if (added.events.length > 0) await deps.effects.waitFor(added.position);
    const order = await getAdminOrder(deps.reads, orderId);
    if (!order) throw notFound(orderNotFoundMessage(orderId));
    const body: AddOrderCustomerDetailsResponse = { success: true, message: `Customer details added to order ${orderId}`, order };
    ctx.body = body;
  });

  admin.get('/api/admin/orders/:id/history', async (ctx) => {
    const orderId = orderIdOf(ctx);
    const history = await getOrderHistory(deps.reads, orderId);
    if (!history) throw notFound(orderNotFoundMessage(orderId));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = history;
  });
}
