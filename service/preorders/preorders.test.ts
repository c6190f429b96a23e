// Pre-orders (decision 120): the coming title's decider as specifications, the owner's routes with their refusals,
// 20 shoppers racing for a limit of 5, and the owner's counts against a hand count of the log after a rebuild.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PreOrderEvent } from '../../contracts/preorders/events.ts';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import { comingTitleSummary } from '../../contracts/preorders/summary.ts';
import { comingTitleDecider, emptyComingTitle, evolveComingTitle } from '../../contracts/preorders/title.ts';
import { Conflict, Invalid, NotFound } from '../../contracts/shared/errors.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';
import { preOrderStream } from '../../contracts/shared/streams.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { createMemoryReadStore } from '../../infra/readstore/memoryReadStore.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { foldInto } from '../../infra/testing/projections.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { listPreOrderTitles, preOrdersProjection } from '../../projections/preorders/preorders.ts';
import { handleCommand } from '../commands.ts';
import { preOrderRaceRetries } from './routes.ts';

const titles = deciderSpec(comingTitleDecider);
const said = { by: 'owner', reason: '', at: '2026-12-07T10:00:00.000Z' };
const today = '2026-12-07';
const announced: PreOrderEvent = {
  type: 'TitleAnnounced',
  data: { bookId: 4, title: 'The Lantern Moon', publicationDate: '2027-03-01', limit: 5, ...said },
};
const expiresAt = '2026-12-08T09:30:00.000Z';
const placed = (checkoutId: string, quantity = 1, at = '2026-12-08T09:00:00.000Z'): PreOrderEvent => ({
  type: 'PreOrderPlaced',
  data: { bookId: 4, checkoutId, quantity, at, expiresAt },
});
const paid = (checkoutId: string): PreOrderEvent => ({
  type: 'PreOrderPaid',
  data: { bookId: 4, checkoutId, orderId: `order-of-${checkoutId}`, at: '2026-12-08T09:05:00.000Z' },
});
/** a pre-order placed and paid */
const bought = (checkoutId: string, quantity = 1) => [placed(checkoutId, quantity), paid(checkoutId)];
const place = (checkoutId: string, quantity = 1) => ({
  type: 'PlacePreOrder' as const,
  bookId: 4,
  title: 'The Lantern Moon',
  checkoutId,
  quantity,
  at: '2026-12-08T09:00:00.000Z',
  expiresAt,
});
const announce = (publicationDate: string, limit: number | null = 5) => ({
  type: 'AnnounceTitle' as const,
  bookId: 4,
  title: 'The Lantern Moon',
  publicationDate,
  limit,
  today,
  ...said,
});
const change = (changes: { publicationDate?: string; limit?: number | null }) => ({
  type: 'ChangeComingTitle' as const,
  bookId: 4,
  title: 'The Lantern Moon',
  ...changes,
  today,
  ...said,
});
const allocated = (checkoutId: string, quantity = 1): PreOrderEvent => ({
  type: 'PreOrderAllocated',
  data: { bookId: 4, checkoutId, orderId: `order-of-${checkoutId}`, quantity, at: said.at },
});

test('a title is announced with a date after today, once', () => {
  titles.given([]).when(announce('2027-03-01')).then([announced]);
  titles.given([]).when(announce(today)).thenFails(Invalid, preOrderMessages.pastDate(today));
  titles.given([]).when(announce('2026-01-01')).thenFails(Invalid, preOrderMessages.pastDate(today));
  titles
    .given([announced])
    .when(announce('2027-04-01'))
    .thenFails(Conflict, preOrderMessages.alreadyComing('The Lantern Moon', '2027-03-01'));
});

test('the date moves, with the pre-orders waiting then; never into the past; the same date changes nothing', () => {
  titles
    .given([announced, ...bought('a'), ...bought('b'), placed('c'), allocated('a')])
    .when(change({ publicationDate: '2027-04-15' }))
    .then([
      {
        type: 'PublicationDateChanged',
        data: { bookId: 4, from: '2027-03-01', to: '2027-04-15', waiting: 1, ...said },
      },
    ]);
  titles
    .given([announced])
    .when(change({ publicationDate: '2027-03-01' }))
    .then([]);
  titles
    .given([announced])
    .when(change({ publicationDate: '2026-12-01' }))
    .thenFails(Invalid, preOrderMessages.pastDate(today));
  titles
    .given([])
    .when(change({ publicationDate: '2027-04-15' }))
    .thenFails(Invalid, preOrderMessages.notComing('The Lantern Moon'));
});

test('the limit moves, never below the copies taken; cancelled copies do not count', () => {
  const three = [announced, placed('a'), placed('b', 2)];
  titles
    .given(three)
    .when(change({ limit: 3 }))
    .then([{ type: 'PreOrderLimitChanged', data: { bookId: 4, from: 5, to: 3, ...said } }]);
  titles
    .given(three)
    .when(change({ limit: 2 }))
    .thenFails(Invalid, preOrderMessages.limitBelowTaken(3));
  titles
    .given(three)
    .when(change({ limit: null }))
    .then([{ type: 'PreOrderLimitChanged', data: { bookId: 4, from: 5, to: null, ...said } }]);
  const cancelled: PreOrderEvent = {
    type: 'PreOrderCancelled',
    data: { bookId: 4, checkoutId: 'b', quantity: 2, cancelledBy: 'shopper', at: said.at },
  };
  titles
    .given([...three, cancelled])
    .when(change({ limit: 1 }))
    .then([{ type: 'PreOrderLimitChanged', data: { bookId: 4, from: 5, to: 1, ...said } }]);
});

test('a pre-order is taken only of a coming title, up to its limit, once per checkout', () => {
  titles
    .given([announced])
    .when(place('a'))
    .then([placed('a')]);
  titles
    .given([announced, placed('a')])
    .when(place('a'))
    .then([]);
  titles.given([]).when(place('a')).thenFails(Invalid, preOrderMessages.notComing('The Lantern Moon'));
  const full = [announced, placed('a', 2), placed('b', 3)];
  titles.given(full).when(place('c')).thenFails(Conflict, preOrderMessages.closed('The Lantern Moon'));
  titles
    .given([announced, placed('a', 4)])
    .when(place('c', 2))
    .thenFails(Conflict, preOrderMessages.fewLeft('The Lantern Moon', 1));
  const released: PreOrderEvent = { type: 'TitleReleased', data: { bookId: 4, ...said } };
  titles
    .given([announced, released])
    .when(place('c'))
    .thenFails(Invalid, preOrderMessages.notComing('The Lantern Moon'));
});

test('copies received go to the waiting pre-orders whole, in the order placed; a shortfall leaves the latest waiting', () => {
  const three = [announced, ...bought('a'), ...bought('b', 2), placed('unpaid'), ...bought('c')];
  const receive = (copies: number) => ({
    type: 'AllocateCopies' as const,
    bookId: 4,
    copies,
    receiptId: 'r1',
    ...said,
  });
  const received = (copies: number, allocated: number): PreOrderEvent => ({
    type: 'PreOrderStockReceived',
    data: { bookId: 4, received: copies, allocated, forSale: copies - allocated, receiptId: 'r1', ...said },
  });
  titles
    .given(three)
    .when(receive(2))
    .then([allocated('a'), received(2, 1)]);
  titles
    .given(three)
    .when(receive(10))
    .then([allocated('a'), allocated('b', 2), allocated('c'), received(10, 4)]);
  titles
    .given([...three, allocated('a')])
    .when(receive(3))
    .then([allocated('b', 2), allocated('c'), received(3, 3)]);
  // A book not coming is the shelf's alone: nothing on a title stream.
  titles.given([]).when(receive(3)).then([]);
});

test('once its copies are received the title is on sale from the shelf and takes no new pre-order (decision 131)', () => {
  const received: PreOrderEvent = {
    type: 'PreOrderStockReceived',
    data: { bookId: 4, received: 5, allocated: 0, forSale: 5, receiptId: 'r1', ...said },
  };
  titles
    .given([announced, received])
    .when(place('late'))
    .thenFails(Invalid, preOrderMessages.onSale('The Lantern Moon'));
  // The same checkout's pre-order taken before the copies came is not taken again, nor refused.
  titles
    .given([announced, placed('a'), received])
    .when(place('a'))
    .then([]);
});

test('a pre-order is cancelled before dispatch, once; a title is released when none waits', () => {
  const cancel = (checkoutId: string, dispatched = false) => ({
    type: 'CancelPreOrder' as const,
    bookId: 4,
    checkoutId,
    cancelledBy: 'shopper' as const,
    dispatched,
    at: said.at,
  });
  const cancelled: PreOrderEvent = {
    type: 'PreOrderCancelled',
    data: { bookId: 4, checkoutId: 'a', quantity: 1, cancelledBy: 'shopper', at: said.at },
  };
  titles
    .given([announced, placed('a')])
    .when(cancel('a'))
    .then([cancelled]);
  titles
    .given([announced, placed('a'), allocated('a')])
    .when(cancel('a'))
    .then([cancelled]);
  titles
    .given([announced, placed('a'), cancelled])
    .when(cancel('a'))
    .then([]);
  titles
    .given([announced, placed('a')])
    .when(cancel('zz'))
    .thenFails(NotFound, preOrderMessages.unknownPreOrder);
  titles
    .given([announced, placed('a')])
    .when(cancel('a', true))
    .thenFails(Conflict, preOrderMessages.dispatched);
  const release = { type: 'ReleaseTitle' as const, bookId: 4, title: 'The Lantern Moon', ...said };
  titles
    .given([announced, ...bought('a')])
    .when(release)
    .thenFails(Conflict, preOrderMessages.stillWaiting(1));
  titles
    .given([announced, ...bought('a'), placed('unpaid'), allocated('a')])
    .when(release)
    .then([{ type: 'TitleReleased', data: { bookId: 4, ...said } }]);
  titles.given([]).when(release).thenFails(Invalid, preOrderMessages.notComing('The Lantern Moon'));
});

test('a pre-order holds its copies of the limit while its checkout can be paid, and for good once paid', () => {
  const full = [announced, placed('a', 2), ...bought('b', 3)];
  // At 09:00 a's checkout holds its two copies; at 10:00 its hold has run out and only b's paid three count.
  titles.given(full).when(place('c')).thenFails(Conflict, preOrderMessages.closed('The Lantern Moon'));
  const later = { ...place('c'), at: '2026-12-08T10:00:00.000Z', expiresAt: '2026-12-08T10:30:00.000Z' };
  titles
    .given(full)
    .when(later)
    .then([
      {
        type: 'PreOrderPlaced',
        data: { bookId: 4, checkoutId: 'c', quantity: 1, at: later.at, expiresAt: later.expiresAt },
      },
    ]);
  const pay = { type: 'PayPreOrder' as const, bookId: 4, checkoutId: 'a', orderId: 'order-of-a', at: said.at };
  titles
    .given(full)
    .when(pay)
    .then([{ type: 'PreOrderPaid', data: { bookId: 4, checkoutId: 'a', orderId: 'order-of-a', at: said.at } }]);
  titles
    .given([...full, paid('a')])
    .when(pay)
    .then([]);
  titles
    .given(full)
    .when({ ...pay, checkoutId: 'zz' })
    .thenFails(NotFound, preOrderMessages.unknownPreOrder);
});

const clock = () => new Date('2026-12-07T10:00:00.000Z');

/** A shopper's pre-order of `quantity` copies, taken at `at` and paid a minute later, on a real log. */
async function preOrderOnLog(
  shop: TestShop,
  bookId: number,
  checkoutId: string,
  quantity: number,
  at = clock().toISOString(),
  pay = true,
) {
  const meta = { causedBy: 'shopper', requestId: checkoutId, now: at };
  const expiresAt = new Date(Date.parse(at) + 30 * 60_000).toISOString();
  const command = { ...place(checkoutId, quantity), bookId, at, expiresAt };
  await handleCommand(shop.shop.deps.events, preOrderStream(bookId), comingTitleDecider, command, meta);
  if (pay)
    await handleCommand(
      shop.shop.deps.events,
      preOrderStream(bookId),
      comingTitleDecider,
      { type: 'PayPreOrder', bookId, checkoutId, orderId: `order-${checkoutId}`, at },
      meta,
    );
}

test('the owner announces, moves and releases a title; bad dates and limits are a 400 with the reason', async () => {
  const shop = await startTestShop({}, { clock });
  try {
    const headers = await adminHeaders(shop);
    const url = `${shop.url}/api/admin/preorders/1`;
    const past = await call(url, { headers, body: { publicationDate: '2026-11-30' } });
    assert.is(past.status, 400, past.text);
    assert.match(past.text, preOrderMessages.pastDate('2026-12-07'));
    const notDate = await call(url, { headers, body: { publicationDate: '1 March' } });
    assert.is(notDate.status, 400, notDate.text);
    assert.match(notDate.text, 'The publication date must be a date');
    const unknown = await call(`${shop.url}/api/admin/preorders/999`, {
      headers,
      body: { publicationDate: '2027-03-01' },
    });
    assert.is(unknown.status, 404, unknown.text);
    const notComing = await call(url, { method: 'PATCH', headers, body: { publicationDate: '2027-03-01' } });
    assert.is(notComing.status, 400, notComing.text);
    assert.match(notComing.text, 'is not coming');
    const anonymous = await call(url, { body: { publicationDate: '2027-03-01' } });
    assert.is(anonymous.status, 401);

    const ok = await call(url, { headers, body: { publicationDate: '2027-03-01', limit: 2 } });
    assert.is(ok.status, 201, ok.text);
    assert.is(ok.json.title.publicationDate, '2027-03-01');
    assert.is(ok.json.title.left, 2);
    const coming = await call(`${shop.url}/api/books/coming`);
    assert.equal(coming.json.books, [{ bookId: 1, publicationDate: '2027-03-01', open: true }]);

    // Two copies taken as a checkout would take them; the limit cannot go below them.
    await preOrderOnLog(shop, 1, 'x', 2);
    const below = await call(url, { method: 'PATCH', headers, body: { limit: 1 } });
    assert.is(below.status, 400, below.text);
    assert.match(below.text, preOrderMessages.limitBelowTaken(2));
    const zero = await call(url, { method: 'PATCH', headers, body: { limit: 0 } });
    assert.is(zero.status, 400, zero.text);
    const moved = await call(url, { method: 'PATCH', headers, body: { publicationDate: '2027-04-15' } });
    assert.is(moved.status, 200, moved.text);
    assert.match(moved.json.message, '1 waiting pre-order is e-mailed the new date');
    assert.is((await call(`${shop.url}/api/books/coming`)).json.books[0].open, false);
    const early = await call(`${url}/release`, { headers, body: {} });
    assert.is(early.status, 409, early.text);
    assert.match(early.text, preOrderMessages.stillWaiting(1));
  } finally {
    await shop.close();
  }
});

test('20 pre-orders racing for a limit of 5: exactly 5 are taken', async () => {
  const shop = await startTestShop({}, { clock });
  try {
    const headers = await adminHeaders(shop);
    const ok = await call(`${shop.url}/api/admin/preorders/2`, {
      headers,
      body: { publicationDate: '2027-03-01', limit: 5 },
    });
    assert.is(ok.status, 201, ok.text);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        handleCommand(
          shop.shop.deps.events,
          preOrderStream(2),
          comingTitleDecider,
          { ...place(`race-${i}`), bookId: 2 },
          { causedBy: 'shopper', requestId: `r${i}`, now: clock().toISOString() },
          { raceRetries: preOrderRaceRetries },
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    assert.is(accepted.length, 5);
    assert.is(refused.length, 15);
    for (const r of refused) assert.instance(r.reason, Conflict);
    const stream = await shop.shop.deps.events.readStream(preOrderStream(2));
    assert.is(stream.filter((e) => e.type === 'PreOrderPlaced').length, 5);
  } finally {
    await shop.close();
  }
});

test("the owner's counts equal a hand count of the log after a rebuild", async () => {
  const shop = await startTestShop({}, { clock });
  try {
    const headers = await adminHeaders(shop);
    const ok = await call(`${shop.url}/api/admin/preorders/3`, { headers, body: { publicationDate: '2027-03-01' } });
    assert.is(ok.status, 201, ok.text);
    const days = ['2026-12-07T10:00:00.000Z', '2026-12-08T23:30:00.000Z', '2026-12-09T08:00:00.000Z'];
    let n = 0;
    // One checkout never paid: not demand.
    await preOrderOnLog(shop, 3, 'unpaid', 5, days[0], false);
    for (const [d, at] of days.entries()) {
      for (let i = 0; i <= d; i++) {
        await preOrderOnLog(shop, 3, `c${n++}`, 1 + (i % 2), at);
      }
    }
    await handleCommand(
      shop.shop.deps.events,
      preOrderStream(3),
      comingTitleDecider,
      { type: 'CancelPreOrder', bookId: 3, checkoutId: 'c1', cancelledBy: 'shopper', at: days[1]! },
      { causedBy: 'shopper', requestId: 'cancel', now: days[1]! },
    );

    // A hand count from the log: copies of paid pre-orders per UK day placed, and those not cancelled.
    const log: RecordedEvent<ShopEvent>[] = [];
    for await (const event of shop.shop.deps.events.readAll()) log.push(event);
    const mine = log.filter((e) => e.stream === preOrderStream(3));
    const cancelledIds = new Set(
      mine.filter((e) => e.type === 'PreOrderCancelled').map((e) => (e.data as { checkoutId: string }).checkoutId),
    );
    const paidIds = new Set(
      mine.filter((e) => e.type === 'PreOrderPaid').map((e) => (e.data as { checkoutId: string }).checkoutId),
    );
    const byDay: Record<string, number> = {};
    let total = 0;
    for (const e of mine.filter((e) => e.type === 'PreOrderPlaced')) {
      if (!paidIds.has((e.data as { checkoutId: string }).checkoutId)) continue;
      const { checkoutId, quantity, at } = e.data as { checkoutId: string; quantity: number; at: string };
      byDay[ukDayOf(at)] = (byDay[ukDayOf(at)] ?? 0) + quantity;
      if (!cancelledIds.has(checkoutId)) total += quantity;
    }
    assert.equal(byDay, { '2026-12-07': 1, '2026-12-08': 3, '2026-12-09': 4 });
    assert.is(total, 7);

    const rebuilt = await foldInto(createMemoryReadStore('rebuilt'), [preOrdersProjection], log);
    const [title] = await listPreOrderTitles(rebuilt, clock().toISOString());
    assert.equal(Object.fromEntries(title!.byDay.map((d) => [d.day, d.copies])), byDay);
    assert.is(title!.total.copies, total);
    assert.is(title!.cancelled.preOrders, 1);
    // The fold of the stream itself, and the live read model the owner's screen reads, say the same.
    const folded = mine.reduce(evolveComingTitle, emptyComingTitle());
    assert.equal(comingTitleSummary(folded, clock().toISOString()), title);
    await shop.shop.deps.waiter.waitFor(log.at(-1)!.position);
    const live = await call(`${shop.url}/api/admin/preorders`, { headers });
    assert.is(live.status, 200, live.text);
    assert.equal(live.json.titles, [title]);
  } finally {
    await shop.close();
  }
});

test.run();
