// Copies received for a coming title go to its paid pre-orders first (decision 120): one PreOrderAllocated per
// pre-order, in the order placed, on the title's stream; only the rest goes on the shelf; a shortfall leaves the
// latest waiting and the owner is told so.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import { comingTitleDecider } from '../../contracts/preorders/title.ts';
import { orderStream, preOrderStream, stockStream } from '../../contracts/shared/streams.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { rowBadgesOf } from '../../contracts/orders/queue.ts';
import type { PreOrderAllocated, PreOrderPaid } from '../../contracts/preorders/events.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import { adminOrdersProjection, listOrdersToFulfil } from '../../projections/orders/adminOrders.ts';
import { handleCommand } from '../commands.ts';

const clock = () => new Date('2026-12-07T10:00:00.000Z');

/** A shopper's pre-order of one copy, placed at `at` and paid, as a checkout's start and completion record it. */
async function paidPreOrder(shop: TestShop, bookId: number, checkoutId: string, at: string) {
  const meta = { causedBy: 'shopper', requestId: checkoutId, now: at };
  const expiresAt = new Date(Date.parse(at) + 30 * 60_000).toISOString();
  const { events } = shop.shop.deps;
  await handleCommand(
    events,
    preOrderStream(bookId),
    comingTitleDecider,
    {
      type: 'PlacePreOrder',
      bookId,
      title: 'a coming title',
      checkoutId,
      quantity: 1,
      at,
      expiresAt,
    },
    meta,
  );
  await handleCommand(
    events,
    preOrderStream(bookId),
    comingTitleDecider,
    { type: 'PayPreOrder', bookId, checkoutId, orderId: `order-${checkoutId}`, at },
    meta,
  );
}

test('copies received go to the earliest paid pre-orders; the rest waits; none goes on sale until all are served', async () => {
  const shop = await startTestShop({}, { clock });
  try {
    const headers = await adminHeaders(shop);
    const announced = await call(`${shop.url}/api/admin/preorders/3`, {
      headers,
      body: { publicationDate: '2027-03-01' },
    });
    assert.is(announced.status, 201, announced.text);
    await paidPreOrder(shop, 3, 'first', '2026-12-07T09:00:00.000Z');
    await paidPreOrder(shop, 3, 'second', '2026-12-07T09:10:00.000Z');
    await paidPreOrder(shop, 3, 'third', '2026-12-07T09:20:00.000Z');

    const two = await call(`${shop.url}/api/admin/stock/3/received`, { headers, body: { quantity: 2 } });
    assert.is(two.status, 200, two.text);
    assert.match(two.json.message, preOrderMessages.allocated(2, 1));
    assert.match(two.json.message, '2 copies allocated to pre-orders; 1 pre-order still waits');
    assert.is(two.json.product.tracked, true);
    assert.is(two.json.product.forSale, 0);
    assert.is(two.json.product.onHand, 0);

    const stream = async () =>
      (await shop.shop.deps.events.readStream(preOrderStream(3)))
        .filter((e) => e.type === 'PreOrderAllocated')
        .map((e) => e.data as { checkoutId: string; orderId: string; quantity: number });
    assert.equal(await stream(), [
      { bookId: 3, checkoutId: 'first', orderId: 'order-first', quantity: 1, at: clock().toISOString() },
      { bookId: 3, checkoutId: 'second', orderId: 'order-second', quantity: 1, at: clock().toISOString() },
    ]);
    const titles = await call(`${shop.url}/api/admin/preorders`, { headers });
    const title = titles.json.titles.find((t: { bookId: number }) => t.bookId === 3);
    assert.is(title.waiting.preOrders, 1);
    assert.is(title.allocated.preOrders, 2);
    // The shop's pages: nothing of the book is for sale.
    const levels = await call(`${shop.url}/api/stock`);
    const level = levels.json.products.find((p: { bookId: number }) => p.bookId === 3);
    if (level) assert.is(level.state, 'out');

    const one = await call(`${shop.url}/api/admin/stock/3/received`, { headers, body: { quantity: 1 } });
    assert.is(one.status, 200, one.text);
    assert.match(one.json.message, '1 copy of');
    assert.match(one.json.message, preOrderMessages.allocated(1, 0));
    assert.is(one.json.product.forSale, 0);
    assert.equal(
      (await stream()).map((d) => d.checkoutId),
      ['first', 'second', 'third'],
    );

    // Nothing waits now: a further copy is on sale, and the answer says only what arrived.
    const more = await call(`${shop.url}/api/admin/stock/3/received`, { headers, body: { quantity: 1 } });
    assert.is(more.status, 200, more.text);
    assert.is(more.json.message, '1 copy of "' + more.json.product.title + '" received');
    assert.is(more.json.product.forSale, 1);
    const shelf = (await shop.shop.deps.events.readStream(stockStream(3))).map((e) => e.data as { quantity: number });
    assert.equal(
      shelf.map((d) => d.quantity),
      [0, 0, 1],
    );
  } finally {
    await shop.close();
  }
});

test('a pre-ordered order in the queue says whether its copies are awaited or allocated, whichever stream came first', async () => {
  const paidFirst = recorded(preOrderStream(3), {
    type: 'PreOrderPaid',
    data: { bookId: 3, checkoutId: 'c1', orderId: 'pre-1', at: '2026-12-07T09:00:00.000Z' },
  } satisfies PreOrderPaid);
  const placed = recorded(orderStream('pre-1'), {
    type: 'OrderPlaced',
    data: orderPlacedData({ orderId: 'pre-1', placedAt: '2026-12-07T09:00:00.000Z', status: 'completed' }),
  } satisfies OrderPlaced);
  const allocated = recorded(preOrderStream(3), {
    type: 'PreOrderAllocated',
    data: { bookId: 3, checkoutId: 'c1', orderId: 'pre-1', quantity: 1, at: '2026-12-08T09:00:00.000Z' },
  } satisfies PreOrderAllocated);
  const waiting = await fold([adminOrdersProjection], [paidFirst, placed]);
  const [row] = await listOrdersToFulfil(waiting);
  assert.is(row!.orderId, 'pre-1');
  assert.equal(
    rowBadgesOf(row!).map((b) => b.label),
    ['Pre-order — waiting'],
  );
  const ready = await fold([adminOrdersProjection], [paidFirst, placed, allocated]);
  const [readyRow] = await listOrdersToFulfil(ready);
  assert.equal(
    rowBadgesOf(readyRow!).map((b) => b.label),
    ['Pre-order — allocated'],
  );
  // The order's revision stays its own stream's: the owner's next change to it is not stale.
  assert.is(readyRow!.revision, placed.revision);
  assert.ok(await isIdempotent([adminOrdersProjection], [paidFirst, placed, allocated]));
});

test.run();
