// A title's date moves and its shoppers are told (decision 132): each pre-order still waiting is e-mailed once, with a
// signed one-click cancel; a shopper cancels from that link or from the order page at any time before dispatch, for a
// full refund through the payment provider; the title's pre-order is released; a dispatched order answers a 409.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EmailSent } from '../../contracts/checkout/events.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import { preOrderCancelTexts } from '../../contracts/preorders/cancel.ts';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { orderStream, preOrderStream } from '../../contracts/shared/streams.ts';
import { allEvents, outboxTexts, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop } from '../../infra/testing/shop.ts';
import { freshOrderLinkToken, orderLinkKey } from '../http/orderLinks.ts';

const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
test.after(() => shop.close());
const admin = await adminHeaders(shop);
const settled = async () => {
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 20_000);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 20_000);
};
const dateMails = async () =>
  (await allEvents(shop)).filter(
    (e) => e.type === 'EmailSent' && e.data.kind === 'preorder-date-changed',
  ) as RecordedEvent<EmailSent>[];
const orderOf = async (orderId: string) => {
  const events = await shop.shop.deps.events.readStream(orderStream(orderId));
  return { order: orderOnRecord(events)!, events };
};
const pageToken = (orderId: string) => freshOrderLinkToken(orderLinkKey(shop.shop.deps.jwtSecret), orderId, new Date());

test('a new date e-mails the waiting pre-order once; its one-click link and the order page cancel it for a full refund; a dispatched one is a 409', async () => {
  const announced = await call(`${shop.url}/api/admin/preorders/2`, {
    headers: admin,
    body: { publicationDate: '2099-03-01' },
  });
  assert.is(announced.status, 201, announced.text);
  const [first, second, third] = [
    await paidCartCheckout(shop, [{ bookId: 2, quantity: 1 }]),
    await paidCartCheckout(shop, [{ bookId: 2, quantity: 1 }]),
    await paidCartCheckout(shop, [{ bookId: 2, quantity: 1 }]),
  ];
  await settled();
  const received = await call(`${shop.url}/api/admin/stock/2/received`, { headers: admin, body: { quantity: 2 } });
  assert.is(received.status, 200, received.text);
  assert.match(received.json.message, preOrderMessages.allocated(2, 1));

  const moved = await call(`${shop.url}/api/admin/preorders/2`, {
    method: 'PATCH',
    headers: admin,
    body: { publicationDate: '2099-06-01' },
  });
  assert.is(moved.status, 200, moved.text);
  assert.match(moved.json.message, '1 waiting pre-order is e-mailed the new date');
  await settled();
  const sent = await dateMails();
  const thirdOrder = (await orderOf(third)).order;
  assert.equal(
    sent.map((e) => e.data.to),
    [thirdOrder.customerEmail],
  );
  assert.is(sent[0]!.data.subject, 'New publication date for Together We Shine: 1 June 2099');
  const mail = outboxTexts(shop).find((t) => t.includes('New publication date for Together We Shine'))!;
  assert.match(mail, 'will now be published on 1 June 2099 instead of 1 March 2099');
  assert.match(mail, preOrderCancelTexts.right);
  const link = /https?:\/\/[^\s"]+\/preorder-cancel\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})/.exec(mail);
  assert.ok(link, 'the e-mail carries a one-click cancel link');
  const token = link[1]!;

  // The link opens without signing in; a link altered in any character finds nothing.
  const view = await call(`${shop.url}/api/preorder-cancel/${token}`);
  assert.is(view.status, 200, view.text);
  assert.is(view.json.orderNumber, thirdOrder.orderNumber);
  assert.equal(view.json.preOrder.cancel, { allowed: true });
  assert.is(view.json.preOrder.refund, thirdOrder.total);
  assert.equal(view.json.preOrder.lines, [
    { name: 'Together We Shine', quantity: 1, publicationDate: '2099-06-01', allocated: false },
  ]);
  const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  assert.is((await call(`${shop.url}/api/preorder-cancel/${altered}`)).status, 404);
  assert.is((await call(`${shop.url}/api/preorder-cancel/${altered}`, { body: {} })).status, 404);

  const cancelled = await call(`${shop.url}/api/preorder-cancel/${token}`, { body: {} });
  assert.is(cancelled.status, 200, cancelled.text);
  assert.is(cancelled.json.message, preOrderCancelTexts.done(thirdOrder.total));
  await settled();
  const { events } = await orderOf(third);
  const refunds = events
    .filter((e) => e.type === 'RefundRequested')
    .map((e) => e.data as { amount: number; by: string });
  assert.is(
    refunds.reduce((sum, r) => sum + r.amount, 0),
    thirdOrder.total,
  );
  assert.ok(refunds.every((r) => r.by === 'shopper'));
  assert.is(events.filter((e) => e.type === 'RefundSucceeded').length, refunds.length, 'the provider paid it back');
  assert.ok(events.some((e) => e.type === 'OrderStatusChanged' && (e.data as { to: string }).to === 'cancelled'));
  const title = await shop.shop.deps.events.readStream(preOrderStream(2));
  assert.equal(
    title.filter((e) => e.type === 'PreOrderCancelled').map((e) => e.data.cancelledBy),
    ['shopper'],
  );
  const again = await call(`${shop.url}/api/preorder-cancel/${token}`, { body: {} });
  assert.is(again.status, 409, again.text);
  assert.is(again.json.message, preOrderCancelTexts.cancelledAlready);

  // Dispatched: the order page offers no cancel and a cancel is a 409 that says the 14 days run from delivery.
  const shipped = await call(`${shop.url}/api/admin/orders/${second}/status`, {
    headers: admin,
    body: {
      status: 'shipped',
      expectedRevision: (await call(`${shop.url}/api/admin/orders/${second}`, { headers: admin })).json.order.revision,
    },
  });
  assert.is(shipped.status, 200, shipped.text);
  const secondPage = await call(`${shop.url}/api/order-page/${pageToken(second)}`);
  assert.equal(secondPage.json.preOrder.cancel, { allowed: false, why: preOrderMessages.dispatched });
  const late = await call(`${shop.url}/api/order-page/${pageToken(second)}/cancel-preorder`, { body: {} });
  assert.is(late.status, 409, late.text);
  assert.is(late.json.message, preOrderMessages.dispatched);

  // Allocated and not dispatched: cancelled from the order page; its set-aside copy goes on the shelf.
  const firstPage = await call(`${shop.url}/api/order-page/${pageToken(first)}`);
  assert.is(firstPage.json.preOrder.lines[0].allocated, true);
  const fromPage = await call(`${shop.url}/api/order-page/${pageToken(first)}/cancel-preorder`, {
    body: { expectedRevision: firstPage.json.revision },
  });
  assert.is(fromPage.status, 200, fromPage.text);
  assert.is(fromPage.json.page.status, 'cancelled');
  await settled();
  const stock = await call(`${shop.url}/api/admin/stock`, { headers: admin });
  const shelf = (stock.json.products as { bookId: number; forSale: number }[]).find((p) => p.bookId === 2)!;
  assert.is(shelf.forSale, 1);
  const summary = (await call(`${shop.url}/api/admin/preorders`, { headers: admin })).json.titles.find(
    (t: { bookId: number }) => t.bookId === 2,
  );
  assert.equal([summary.waiting.preOrders, summary.allocated.preOrders, summary.cancelled.preOrders], [0, 1, 2]);

  // The date moves again: nothing waits, so nobody is e-mailed; the one e-mail stays one.
  await call(`${shop.url}/api/admin/preorders/2`, {
    method: 'PATCH',
    headers: admin,
    body: { publicationDate: '2099-07-01' },
  });
  await settled();
  assert.is((await dateMails()).length, 1);
});

test("an auditor replays a title's pre-orders from its one stream: listed by kind, read event by event, folded as of any revision", async () => {
  const get = (path: string) => call(`${shop.url}${path}`, { headers: admin });
  const streams = await get('/api/admin/audit/streams?kind=preorder');
  assert.is(streams.status, 200, streams.text);
  assert.ok(streams.json.kinds.includes('preorder'));
  assert.ok(streams.json.streams.some((s: { stream: string }) => s.stream === 'preorder-2'));
  const events = (await get('/api/admin/events?stream=preorder-2')).json.events as { type: string; revision: number }[];
  assert.equal(
    events.slice(0, 2).map((e) => e.type),
    ['TitleAnnounced', 'PreOrderPlaced'],
  );
  const cancelledAt = events.find((e) => e.type === 'PreOrderCancelled')!.revision;
  const before = await get(`/api/admin/audit/state?stream=preorder-2&at=${cancelledAt - 1}`);
  assert.is(before.status, 200, before.text);
  const after = await get(`/api/admin/audit/state?stream=preorder-2&at=${cancelledAt}`);
  const statuses = (state: { preOrders: { status: string }[] }) => state.preOrders.map((p) => p.status);
  assert.equal(statuses(before.json.state), ['allocated', 'allocated', 'waiting']);
  assert.equal(statuses(after.json.state), ['allocated', 'allocated', 'cancelled']);
  assert.is(after.json.state.publicationDate, '2099-06-01');
});

test.run();
