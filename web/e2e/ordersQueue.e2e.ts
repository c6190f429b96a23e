// The queue that starts at payment, on the recorded season (the golden log: 224 orders, 2 paid and 4 processing): the
// console's first tab is "To fulfil" with its count and every status has a tab; a new paid order is last in the queue
// (oldest first) and is shipped from the fulfilment screen without being opened; a refunded order's row says so and
// shows what the shop keeps.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder, AdminOrdersResponse } from '../../contracts/orders/console.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { goldenShopAndBrowserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const { golden, shop, browser } = await goldenShopAndBrowserFor(test, {
  env: { ADMIN_PASSWORD: '' },
  recordedClock: true,
});
const seen = { timeout: 20_000 };
const owner = await adminHeaders(shop, golden.meta.admin.username);

/** The recorded season's counts by status (v1/answers.json). */
const season = { completed: 2, processing: 4, cancelled: 19 };

const list = async (query = '') =>
  (await call(`${shop.url}/api/admin/orders${query}`, { headers: owner })).json as AdminOrdersResponse;

test('a new paid order is last under "To fulfil" and is shipped from the fulfilment screen without being opened', async () => {
  const newOrder = orderPlacedData({
    orderId: 'cs_sandbox_Queue0New0Paid0Order0Ab12Cd34',
    status: 'completed',
    placedAt: shop.shop.deps.clock().toISOString(),
    customerName: 'Khadija Rahman',
    customerEmail: 'khadija@example.org',
  });
  await placeOrders(shop, [newOrder]);
  const toFulfil = season.completed + season.processing + 1;

  const { context, page } = await ownerPage(browser, shop, viewports.mobile);
  try {
    await page.goto(`${shop.url}/admin/orders`);
    const tabs = page.getByRole('tablist', { name: 'Orders by status' }).getByRole('tab');
    await tabs.first().waitFor(seen);
    const names = (await tabs.allInnerTexts()).map((t) => t.replace(/ \(\d+\)$/, ''));
    // To fulfil first; the spec's tabs in the spec's order; then the statuses it has no tab for; then the requests.
    assert.equal(names, [
      'To fulfil',
      'All',
      'Pending',
      'Processing',
      'Shipped',
      'Delivered',
      'Completed',
      'Cancelled',
      'Requests',
    ]);
    assert.is(await tabs.first().innerText(), `To fulfil (${toFulfil})`);
    await page.getByRole('tab', { name: `Completed (${season.completed + 1})` }).waitFor(seen);
    await page.getByRole('tab', { name: `Cancelled (${season.cancelled})` }).waitFor(seen);

    await tabs.first().click();
    await page.waitForURL(/tab=to-fulfil/, seen);
    const rows = page.locator('.orders-tab[data-state="active"] [data-order-id]');
    await eventually(async () => (await rows.count()) === toFulfil, 20_000, 'the whole queue listed');
    // Oldest first: the order placed just now is the last.
    assert.is(await rows.last().getAttribute('data-order-id'), newOrder.orderId);
    const dates = (await list('?queue=to-fulfil')).orders.map((o) => o.orderDate);
    assert.equal(dates, [...dates].sort());
    assert.equal(await axeProblems(page), [], 'the To fulfil tab at 390 px');

    // Shipped from the fulfilment screen: chosen, a tracking number typed, marked shipped; its page never opened.
    await page.getByRole('link', { name: 'Fulfil Orders' }).click();
    await page.waitForURL(/\/admin\/orders\/fulfil$/, seen);
    const cards = page.getByRole('list', { name: 'Orders to fulfil' });
    const card = cards.locator(`[data-order-id="${newOrder.orderId}"]`);
    await card.waitFor(seen);
    assert.is(await cards.locator('[data-order-id]').count(), toFulfil);
    assert.match(await card.innerText(), 'Completed');
    await card.getByRole('checkbox').click();
    await card.getByLabel(`Tracking number for ${newOrder.orderNumber}`).fill('KD100000017GB');
    await page.getByRole('button', { name: 'Mark 1 order shipped' }).click();
    await page.getByText('1 order marked shipped; each customer was e-mailed.').first().waitFor(seen);
    await eventually(async () => (await card.count()) === 0, 20_000, 'the shipped order leaves the list');
    const shipped = (await call(`${shop.url}/api/admin/orders/${newOrder.orderId}`, { headers: owner })).json;
    assert.is(shipped.order.status, 'shipped');
    assert.is(shipped.page.shipment.trackingNumber, 'KD100000017GB');
    assert.not.match(page.url(), newOrder.orderId);
  } finally {
    await context.close();
  }
});

test('paid orders are marked processing together from the fulfilment screen', async () => {
  const paid = (await list('?queue=to-fulfil')).orders.filter((o) => o.status === 'completed').slice(0, 2);
  assert.is(paid.length, 2);
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/orders/fulfil`);
    const cards = page.getByRole('list', { name: 'Orders to fulfil' });
    for (const order of paid) await cards.locator(`[data-order-id="${order.orderId}"]`).getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Mark 2 paid orders processing' }).click();
    await page.getByText('2 orders marked processing.').first().waitFor(seen);
    for (const order of paid) {
      const now = (await call(`${shop.url}/api/admin/orders/${order.orderId}`, { headers: owner })).json;
      assert.is(now.order.status, 'processing');
    }
  } finally {
    await context.close();
  }
});

test('a refunded order’s row says so, with what the shop keeps', async () => {
  // The newest delivered order: on the first page of its tab.
  const order = (await list('?status=delivered')).orders[0]!;
  const res = await call(`${shop.url}/api/admin/orders/${order.orderId}/refunds`, {
    headers: owner,
    body: { amount: order.totalAmount, reason: 'Parcel lost in the post', expectedRevision: order.revision },
  });
  assert.is(res.status, 202, res.text);
  let refunded: AdminOrder | undefined;
  await eventually(
    async () => {
      refunded = (await list('?status=delivered')).orders.find((o) => o.orderId === order.orderId);
      return refunded?.refunded === order.totalAmount;
    },
    20_000,
    'the refund paid back',
  );
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/orders?tab=delivered`);
    const row = page.locator(`.orders-tab[data-state="active"] [data-order-id="${order.orderId}"]`);
    await row.waitFor(seen);
    const text = await row.locator('.order-entry__trigger').innerText();
    assert.match(text, 'Refunded');
    assert.match(text, formatPence(order.totalAmount));
    assert.match(text, 'net £0.00');
    assert.is(await row.locator('[data-badge="refunded"]').count(), 1);
  } finally {
    await context.close();
  }
});

test.run();
