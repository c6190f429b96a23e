// The owner's order console shows a dispute as its read model answers it (decision 101): where it stands, the evidence
// deadline in UK time, the money it moved and the link to answer it in Stripe's dashboard.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminDispute, AdminOrder, AdminOrdersResponse } from '../../contracts/orders/console.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { entry, ownerAt } from './ordersOwner.ts';

const orderList = /\/api\/admin\/orders(\?[^/]*)?$/;
const seen = { timeout: 15_000 };
const browser = await browserFor(test);

const dispute: AdminDispute = {
  disputeId: 'dp_test_browser',
  amount: 2348,
  reason: 'fraudulent',
  at: '2026-04-14T10:00:00.000Z',
  status: 'needs_response',
  evidenceDueBy: '2026-04-24T22:59:59.000Z',
  livemode: false,
  movements: [
    {
      transactionId: 'txn_test_w',
      kind: 'withdrawn',
      amount: -2348,
      fee: 2000,
      net: -4348,
      createdAt: '2026-04-14T10:00:00.000Z',
    },
  ],
  statusText: 'Needs your response',
  awaitsResponse: true,
  deadline: 'Friday 24 April 2026 at 23:59 (UK time)',
  respondUrl: 'https://dashboard.stripe.com/test/disputes/dp_test_browser',
};

const order: AdminOrder = {
  orderId: '3001',
  orderNumber: 'AH-3001',
  status: 'processing',
  orderDate: '2026-04-10T09:00:00.000Z',
  customerName: 'Amina Khan',
  customerEmail: 'amina@example.com',
  shippingAddress: '1 Linden Lane, Leeds, LS1 4AB, GB',
  total: '£23.48',
  paymentMethod: 'Stripe',
  totalAmount: 2348,
  shippingCost: 350,
  items: [{ name: 'The Kindness Basket', quantity: 2, price: 999 }],
  revision: 3,
  refunded: 0,
  refunds: [],
  disputes: [dispute],
  flags: [],
};

test("Owner sees a dispute's state, its evidence deadline in UK time, the money taken and the link to respond in Stripe", async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.desktop, { orders: [] });
  const body: AdminOrdersResponse = {
    orders: [order],
    totalOrders: 1,
    counts: { pending: 0, processing: 1, shipped: 0, delivered: 0, cancelled: 0, completed: 0 },
  };
  try {
    await page.route(orderList, (route) => route.fulfill({ json: body }));
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom('3001')}`) }).click(seen);
    const shown = entry(page, '3001').getByTestId('order-dispute');
    await shown.waitFor(seen);
    const text = await shown.innerText();
    assert.match(text, 'Needs your response');
    assert.match(text, 'Evidence due by Friday 24 April 2026 at 23:59 (UK time).');
    assert.match(text, '£23.48 and a £20.00 dispute fee taken on');
    const link = shown.getByRole('link', { name: "Respond in Stripe's dashboard" });
    assert.is(await link.getAttribute('href'), 'https://dashboard.stripe.com/test/disputes/dp_test_browser');
  } finally {
    await context.close();
    await shop.close();
  }
});

test.run();
