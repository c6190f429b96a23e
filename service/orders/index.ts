// The owner's order console.
import { adminOrdersProjection } from '../../projections/orders/adminOrders.ts';
import { orderHistoryProjection } from '../../projections/orders/orderHistory.ts';
import { orderPagesProjection } from '../../projections/orders/orderPages.ts';
import type { Capability } from '../capability.ts';
import { refundReactions } from './refundReactions.ts';
import { orderRoutes } from './routes.ts';

export const orders: Capability = {
  name: 'orders',
  routes: orderRoutes,
  projections: [adminOrdersProjection, orderHistoryProjection, orderPagesProjection],
  // Refunds are asked of the payment provider, and their e-mails sent, from the log.
  reactions: (deps) => refundReactions(deps),
};
