// The console's search as the owner types it: an order number with or without its prefix, in any case; a postcode, an
// e-mail address or a name, as before.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { fold, recorded } from '../../infra/testing/projections.ts';
import { adminOrdersProjection, orderNumberKeys, pageAdminOrders } from './adminOrders.ts';

const place = (orderId: string, overrides: Partial<OrderPlaced['data']> = {}) =>
  recorded(orderStream(orderId), {
    type: 'OrderPlaced',
    data: orderPlacedData({ orderId, ...overrides }),
  } satisfies OrderPlaced);

const saleem = 'cs_sandbox_wZp5jcL8SrzUDS266w2dD2d1';
const other = 'cs_sandbox_Qq1Rr2Ss3Tt4Uu5Vv6Ww7Xx8';

const store = () =>
  fold(
    [adminOrdersProjection],
    [
      place(saleem, {
        orderNumber: 'AH-6w2dD2d1',
        customerName: 'Saleem Green',
        customerEmail: 'saleem.green@example.com',
        shippingAddress: { line1: '101 Mill Lane', city: 'Dewsbury', postcode: 'WF12 3BX', country: 'GB' },
        placedAt: '2026-03-02T09:00:00.000Z',
      }),
      place(other, {
        orderNumber: 'AH-Ww7Xx8',
        customerName: 'Hafsa Green',
        customerEmail: 'hafsa@example.com',
        placedAt: '2026-03-01T09:00:00.000Z',
      }),
    ],
  );

const found = async (q: string) =>
  (await pageAdminOrders(await store(), { q, limit: 50 })).orders.map((order) => order.orderId);

test('an order number is one key whatever its prefix, hash or case', () => {
  for (const typed of ['AH-6w2dD2d1', 'ah-6w2dd2d1', '#AH-6W2DD2D1', ' 6w2dD2d1 '])
    assert.ok(orderNumberKeys(typed).includes('AH-6W2DD2D1'), typed);
  assert.equal(orderNumberKeys('  '), []);
});

test('the search finds an order by its number with or without AH-, in any case', async () => {
  for (const typed of ['AH-6w2dD2d1', 'ah-6w2dd2d1', '6w2dD2d1', '6W2DD2D1', '#6w2dd2d1'])
    assert.equal(await found(typed), [saleem], typed);
  // Eight characters that are not an order's find nothing.
  assert.equal(await found('6w2dD2d2'), []);
});

test('a postcode, an e-mail address and a name still find their orders', async () => {
  assert.equal(await found('wf12 3bx'), [saleem]);
  assert.equal(await found('WF123BX'), [saleem]);
  assert.equal(await found('SALEEM.GREEN@example.com'), [saleem]);
  assert.equal(await found('green'), [saleem, other]);
  assert.equal(await found('hafsa green'), [other]);
});

test.run();
