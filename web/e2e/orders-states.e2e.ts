import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder, AdminOrdersResponse, OrderHistoryResponse } from '../../contracts/orders/console.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { placeOrders } from '../../infra/testing/exampleOrders.ts';
import { axeProblems, entry, exampleOrders, orderIds, ownerAt } from './ordersOwner.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';

/** The order list, whichever page, tab or search the console asks for. */
const orderList = /\/api\/admin\/orders(\?[^/]*)?$/;
const shots = 'test-results/orders';

const browser = await browserFor(test);
mkdirSync(shots, { recursive: true });

const seen = { timeout: 15_000 };

/** The login page, sent to from the order console: its address names the console to return to. */
const loginFromOrders = (url: URL) =>
  url.pathname === '/admin/login' && url.searchParams.get('redirect') === '/admin/orders';

test('Owner without a token is sent to the login page, which says "Authentication Required"', async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.mobile, { signedIn: false });
  try {
    await page.goto(`${shop.url}/admin/orders`);
    await page.waitForURL(loginFromOrders, seen);
    await page.getByText('Authentication Required').waitFor(seen);
    assert.ok(await page.getByText('Please log in to access the admin dashboard').isVisible());
    assert.is(await page.getByText('Order Management').count(), 0);
  } finally {
    await context.close();
    await shop.close();
  }
});

const fixture = (orderId: string, items: unknown): AdminOrder => ({
  orderId,
  orderNumber: `AH-${orderId}`,
  status: 'pending',
  orderDate: '2026-03-01T09:00:00.000Z',
  customerName: 'Website Customer',
  customerEmail: 'customer@example.com',
  shippingAddress: 'To be provided during checkout',
  total: '£9.99',
  paymentMethod: 'Stripe',
  totalAmount: 999,
  shippingCost: 0,
  items,
  revision: 0,
  refunded: 0,
  refunds: [],
  disputes: [],
  flags: [],
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Owner sees order items as text, as a list, or as raw data when their shape is unknown (${name})`, async () => {
    const { shop, context, page } = await ownerAt(browser, viewport, { orders: [] });
    const orders = [
      fixture('2001', '1 x The Kindness Basket (gift wrapped)'),
      fixture('2002', [{ name: 'Together We Shine', quantity: 3, price: 999 }]),
      fixture('2003', { sku: 'poster-a2', count: 1 }),
    ];
    const body: AdminOrdersResponse = {
      orders,
      totalOrders: 3,
      counts: { pending: 3, processing: 0, shipped: 0, delivered: 0, cancelled: 0, completed: 0 },
    };
    try {
      await page.route(orderList, (route) => route.fulfill({ json: body }));
      await page.route('**/api/admin/orders/*/history', (route) => {
        const orderId = /orders\/(\d+)\/history/.exec(route.request().url())![1]!;
        const history: OrderHistoryResponse = {
          orderId,
          history: [
            {
              kind: 'placed',
              revision: 0,
              position: 1,
              at: '2026-03-01T09:00:00.000Z',
              status: 'pending',
              by: 'shopper',
            },
          ],
        };
        return route.fulfill({ json: history });
      });
      await page.goto(`${shop.url}/admin/orders`);
      for (const id of ['2001', '2002', '2003'])
        await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(id)}`) }).click(seen);
      await entry(page, '2001').getByText('1 x The Kindness Basket (gift wrapped)', { exact: true }).waitFor(seen);
      const list = entry(page, '2002').getByRole('table');
      assert.match(await list.innerText(), /Together We Shine\s+3\s+£9\.99/);
      const odd = entry(page, '2003');
      await odd.getByText('Order items information unavailable').waitFor(seen);
      assert.match(await odd.locator('pre').innerText(), /"sku": "poster-a2"[\s\S]*"count": 1/);
      assert.match(await entry(page, '2001').innerText(), 'To be provided during checkout');
      await page.screenshot({ path: `${shots}/item-shapes-${name}.png`, fullPage: true });
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test('Owner whose token the server refuses is sent back to log in, as on every admin page', async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.mobile, { signedIn: false });
  try {
    await context.addInitScript(
      () => localStorage.getItem('adminToken') ?? localStorage.setItem('adminToken', 'expired.token.value'),
    );
    await page.goto(`${shop.url}/admin/orders`);
    await page.waitForURL(loginFromOrders, seen);
    await page.getByText('Authentication Required', { exact: true }).waitFor(seen);
    assert.is(await page.evaluate(() => localStorage.getItem('adminToken')), null);
    assert.is(await page.getByText('Error Loading Orders').count(), 0);
  } finally {
    await context.close();
    await shop.close();
  }
});

test('Owner sees "Error Loading Orders" when the list cannot be loaded, and Refresh loads it', async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.desktop);
  try {
    await page.route(orderList, (route) =>
      route.fulfill({
        status: 503,
        json: {
          success: false,
          error: 'unavailable',
          message: 'The shop is restarting. Please try again in a moment.',
        },
      }),
    );
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByText('Error Loading Orders').waitFor(seen);
    await page.getByText('The shop is restarting. Please try again in a moment.').waitFor();
    await page.screenshot({ path: `${shots}/error-desktop.png` });
    await page.unroute(orderList);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.maryam)}`) }).waitFor(seen);
    assert.is(await page.getByText('Error Loading Orders').count(), 0);
  } finally {
    await context.close();
    await shop.close();
  }
});

test('Owner of a shop without orders sees "No Orders Found"', async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.mobile, { orders: [] });
  try {
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByText('No Orders Found').waitFor(seen);
    await page.getByText('Total Orders: 0', { exact: true }).waitFor(seen);
    await page.getByRole('tab', { name: 'Pending (0)' }).click();
    await page.getByText('No Orders Found').waitFor();
  } finally {
    await context.close();
    await shop.close();
  }
});

test("A second owner's stale tab cannot overwrite the first's change: it is told, and shows the order as it now is", async () => {
  const { shop, context, page: first } = await ownerAt(browser, viewports.desktop);
  const second = await context.newPage();
  try {
    for (const page of [first, second]) {
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.amina)}`) }).click(seen);
    }
    await entry(first, orderIds.amina).getByRole('button', { name: 'Mark as Processing' }).click();
    await entry(first, orderIds.amina).locator('.order-entry__trigger [data-status="processing"]').waitFor(seen);

    await entry(second, orderIds.amina).getByRole('button', { name: 'Mark as Shipped' }).click();
    await second.getByText('Update Failed', { exact: true }).waitFor(seen);
    assert.ok(await second.getByText('Failed to update order status. Please try again.', { exact: true }).isVisible());
    await entry(second, orderIds.amina)
      .getByRole('alert')
      .getByText('This order was changed by someone else since you loaded it. Check its latest status and try again.')
      .waitFor();
    await entry(second, orderIds.amina).locator('.order-entry__trigger [data-status="processing"]').waitFor(seen);
    await second.screenshot({ path: `${shots}/stale-tab-desktop.png` });

    const changes = (await shop.shop.deps.events.readStream(orderStream(orderIds.amina))).filter(
      (e) => e.type === 'OrderStatusChanged',
    );
    assert.equal(
      changes.map((e) => (e.data as { to: string }).to),
      ['processing'],
    );
  } finally {
    await context.close();
    await shop.close();
  }
});

test('The order list fetches itself again every minute', async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.desktop);
  try {
    await page.clock.install();
    await page.goto(`${shop.url}/admin/orders`);
    const badge = entry(page, orderIds.maryam).locator('.order-entry__trigger [data-status]');
    await badge.and(page.locator('[data-status="pending"]')).waitFor(seen);
    const moved = await call(`${shop.url}/api/admin/orders/${orderIds.maryam}/status`, {
      body: {
        status: 'delivered',
        expectedRevision: (await shop.shop.deps.events.readStream(`order-${orderIds.maryam}`)).at(-1)!.revision,
      },
      headers: await adminHeaders(shop),
    });
    assert.is(moved.status, 200);
    await page.clock.runFor(30_000);
    assert.is(await badge.getAttribute('data-status'), 'pending');
    await page.clock.runFor(30_000);
    await badge.and(page.locator('[data-status="delivered"]')).waitFor(seen);
    assert.is(await page.getByRole('tab', { name: 'Delivered (1)' }).count(), 1);
  } finally {
    await context.close();
    await shop.close();
  }
});

test('Owner logs out from the order console and lands on the login page', async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.mobile);
  try {
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('button', { name: 'Log Out' }).click(seen);
    await page.getByText('Logged Out', { exact: true }).waitFor(seen);
    await page.waitForURL(/\/admin\/login$/, seen);
    assert.is(await page.evaluate(() => localStorage.getItem('adminToken')), null);
  } finally {
    await context.close();
    await shop.close();
  }
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`axe finds no serious or critical problems in the order console with two orders open (${name})`, async () => {
    const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
    await placeOrders(shop, exampleOrders());
    const { context, page } = await ownerPage(browser, shop, viewport);
    try {
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.maryam)}`) }).click(seen);
      await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.ibrahim)}`) }).click(seen);
      await entry(page, orderIds.maryam).getByText('Order placed').waitFor(seen);
      assert.equal(await axeProblems(page), [], 'all orders');
      await page.getByRole('tab', { name: 'Pending (3)' }).click();
      await page.getByRole('tab', { name: 'Delivered (0)' }).click();
      await page.getByText('No orders found in this category').waitFor(seen);
      assert.equal(await axeProblems(page), [], 'empty tab');
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test.run();
