// Shipping with a carrier and tracking number, internal notes, the order page and the packing slips: the deciders as
// specifications, then the owner's API on a shop — what it answers, what it refuses and that a refusal stores nothing.
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  carrierMessage,
  maxNoteLength,
  noteTooLongMessage,
  trackingNumberMessage,
  trackingUrl,
} from '../../contracts/orders/fulfilment.ts';
import type { AdminOrder, OrderPageResponse, PackingSlipsResponse } from '../../contracts/orders/console.ts';
import type { OrderEvent } from '../../contracts/orders/events.ts';
import { Invalid, NotFound } from '../../contracts/shared/errors.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { eventsCli } from '../../infra/testing/eventsCli.ts';
import { outboxTexts } from '../../infra/testing/checkout.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { orderShipped, owedShippedEmail } from './orderEmails.ts';
import { orderNotesDecider } from './orderNotes.ts';
import {
  orderStatusDecider,
  shipmentOnlyWhenShippedMessage,
  staleOrderMessage,
  type ChangeOrderStatus,
} from './orderStatus.ts';

const at = '2026-03-05T08:30:00.000Z';
const placed: OrderEvent = { type: 'OrderPlaced', data: orderPlacedData({ orderId: 'o1', status: 'processing' }) };
const shipWith = (
  shipment: ChangeOrderStatus['shipment'],
  to: ChangeOrderStatus['to'] = 'shipped',
): ChangeOrderStatus => ({
  type: 'ChangeOrderStatus',
  orderId: 'o1',
  to,
  notes: '',
  by: 'owner',
  at,
  shipment,
});

// --- deciders ----------------------------------------------------------------------------------------------------

test("shipping with a carrier and tracking number records the shipment, with the carrier's tracking link, beside the status change", () => {
  deciderSpec(orderStatusDecider)
    .given([placed])
    .when(shipWith({ carrier: 'dpd', trackingNumber: ' 15501234567890 ' }))
    .then([
      {
        type: 'OrderStatusChanged',
        data: { orderId: 'o1', from: 'processing', to: 'shipped', notes: '', by: 'owner', at },
      },
      {
        type: 'OrderShipmentRecorded',
        data: {
          orderId: 'o1',
          carrier: 'dpd',
          trackingNumber: '15501234567890',
          trackingUrl: 'https://track.dpd.co.uk/parcels/15501234567890',
          by: 'owner',
          at,
        },
      },
    ]);
});

test('shipping with "Other", which has no public tracking page, records the number alone', () => {
  deciderSpec(orderStatusDecider)
    .given([placed])
    .when(shipWith({ carrier: 'other', trackingNumber: 'X1' }))
    .then([
      {
        type: 'OrderStatusChanged',
        data: { orderId: 'o1', from: 'processing', to: 'shipped', notes: '', by: 'owner', at },
      },
      {
        type: 'OrderShipmentRecorded',
        data: { orderId: 'o1', carrier: 'other', trackingNumber: 'X1', trackingUrl: null, by: 'owner', at },
      },
    ]);
});

test('a shipment with another status than shipped is refused', () => {
  deciderSpec(orderStatusDecider)
    .given([placed])
    .when(shipWith({ carrier: 'evri', trackingNumber: 'H00AB12' }, 'delivered'))
    .thenFails(Invalid, shipmentOnlyWhenShippedMessage);
});

test('a shipment with an unknown carrier is refused', () => {
  deciderSpec(orderStatusDecider)
    .given([placed])
    .when(shipWith({ carrier: 'pigeon' as 'evri', trackingNumber: 'H00AB12' }))
    .thenFails(Invalid, carrierMessage);
});

test('a shipment with a tracking number of other characters is refused', () => {
  deciderSpec(orderStatusDecider)
    .given([placed])
    .when(shipWith({ carrier: 'evri', trackingNumber: '<script>' }))
    .thenFails(Invalid, trackingNumberMessage);
});

test('a shipment with an over-long tracking number is refused', () => {
  deciderSpec(orderStatusDecider)
    .given([placed])
    .when(shipWith({ carrier: 'evri', trackingNumber: 'A'.repeat(41) }))
    .thenFails(Invalid, trackingNumberMessage);
});

test('a shipment of no order is refused', () => {
  deciderSpec(orderStatusDecider)
    .given([])
    .when(shipWith({ carrier: 'evri', trackingNumber: 'H00AB12' }))
    .thenFails(NotFound, 'No order with id o1');
});

const note = (text: string) => ({
  type: 'AddOrderNote' as const,
  orderId: 'o1',
  noteId: 'n1',
  text,
  by: 'owner',
  at,
});

test('a note is kept, trimmed, with who and when', () => {
  deciderSpec(orderNotesDecider)
    .given([placed])
    .when(note('  Called the buyer: leave with neighbour  '))
    .then([
      {
        type: 'OrderNoteAdded',
        data: { orderId: 'o1', noteId: 'n1', text: 'Called the buyer: leave with neighbour', by: 'owner', at },
      },
    ]);
});

test('an empty note is refused', () => {
  deciderSpec(orderNotesDecider).given([placed]).when(note('   ')).thenFails(Invalid);
});

test('an over-long note is refused', () => {
  deciderSpec(orderNotesDecider)
    .given([placed])
    .when(note('x'.repeat(maxNoteLength + 1)))
    .thenFails(Invalid, noteTooLongMessage);
});

test('a note on no order is refused', () => {
  deciderSpec(orderNotesDecider).given([]).when(note('Hello')).thenFails(NotFound, 'No order with id o1');
});

test("tracking links follow each carrier's public pattern, the number URL-encoded", () => {
  assert.is(
    trackingUrl('royal-mail', 'AB 123 456 789 GB'),
    'https://www.royalmail.com/track-your-item#/tracking-results/AB%20123%20456%20789%20GB',
  );
  assert.is(trackingUrl('evri', 'H00AB12'), 'https://www.evri.com/track/parcel/H00AB12/details');
  assert.is(trackingUrl('dpd', ''), null);
  assert.is(trackingUrl('other', '123'), null);
});

test('the "on its way" e-mail names the order, the carrier, the tracking number and link, and the address', async () => {
  const order = orderPlacedData({ orderId: 'o1', customerName: 'Yusuf Ali', customerEmail: 'yusuf@example.com' });
  const mail = await orderShipped(order, {
    orderId: 'o1',
    carrier: 'royal-mail',
    trackingNumber: 'AB123456789GB',
    trackingUrl: trackingUrl('royal-mail', 'AB123456789GB'),
    by: 'owner',
    at,
  });
  assert.is(mail.to, 'yusuf@example.com');
  assert.is(mail.subject, `Your order ${order.orderNumber} is on its way`);
  for (const line of [
    'Dear Yusuf Ali,',
    'Carrier: Royal Mail',
    'Tracking number: AB123456789GB',
    'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    '12 Rosewood Close',
    '1 × The Kindness Basket',
  ]) {
    assert.ok(mail.text.includes(line), `the e-mail says ${line}`);
  }
  const untracked = await orderShipped(order, {
    orderId: 'o1',
    carrier: 'other',
    trackingNumber: '',
    trackingUrl: null,
    by: 'owner',
    at,
  });
  assert.not.ok(untracked.text.includes('Track your parcel'));
  assert.ok(untracked.text.includes('Carrier: Other'));
});

test('the "on its way" e-mail is owed once an order has a shipment and an e-mail address, and only until it is sent', () => {
  const shipment: OrderEvent = {
    type: 'OrderShipmentRecorded',
    data: {
      orderId: 'o1',
      carrier: 'evri',
      trackingNumber: 'H00AB12',
      trackingUrl: trackingUrl('evri', 'H00AB12'),
      by: 'owner',
      at,
    },
  };
  const noEmail: OrderEvent = { type: 'OrderPlaced', data: orderPlacedData({ orderId: 'o1', customerEmail: '' }) };
  const emailAdded: OrderEvent = {
    type: 'OrderCustomerDetailsAdded',
    data: {
      orderId: 'o1',
      customerEmail: 'late@example.com',
      source: 'owner',
      reason: 'Buyer wrote in',
      by: 'owner',
      at,
    },
  };
  const sent = {
    type: 'EmailSent',
    data: {
      notificationId: 'o1',
      kind: 'order-shipped',
      to: 'late@example.com',
      subject: 's',
      messageId: 'm',
      transport: 'outbox',
      sentAt: at,
    },
  } as const;
  assert.is(owedShippedEmail([placed], []), null, 'not shipped yet');
  assert.is(owedShippedEmail([noEmail, shipment], []), null, 'no address to send to');
  assert.is(owedShippedEmail([noEmail, shipment, emailAdded], [])?.order.customerEmail, 'late@example.com');
  assert.is(owedShippedEmail([noEmail, shipment, emailAdded], [sent]), null, 'already sent');
});

// --- the owner's API -------------------------------------------------------------------------------------------------

let shop: TestShop;
let owner: Record<string, string>;

test.before(async () => {
  // The log is kept past the shop's close, for the auditor's CLI at the end.
  shop = await startTestShop({ ADMIN_USERNAME: 'owner' }, { clock: () => new Date(at), keepData: true });
  owner = await adminHeaders(shop, 'owner');
  await placeOrders(shop, [
    orderPlacedData({
      orderId: 'ord-ship',
      placedAt: '2026-03-01T09:00:00.000Z',
      status: 'processing',
      customerEmail: 'yusuf@example.com',
      customerName: 'Yusuf Ali',
    }),
    orderPlacedData({
      orderId: 'ord-pack',
      placedAt: '2026-03-02T09:00:00.000Z',
      status: 'processing',
      shippingAddress: {
        line1: '4 Orchard Lane',
        line2: 'Flat 2',
        city: 'Bradford',
        postcode: 'BD7 1AA',
        country: 'GB',
      },
    }),
    orderPlacedData({ orderId: 'ord-new', placedAt: '2026-03-03T09:00:00.000Z' }),
  ]);
});
let closed = false;
test.after(async () => {
  if (!closed) await shop?.close();
  if (shop) rmSync(shop.dataDir, { recursive: true, force: true });
});

const head = () => shop.shop.deps.events.headPosition();
const post = (path: string, body: unknown, headers = owner) =>
  call(`${shop.url}${path}`, { method: 'POST', body, headers });
const pageOf = async (id: string) =>
  (await call(`${shop.url}/api/admin/orders/${id}`, { headers: owner })).json as OrderPageResponse;
const revisionOf = async (id: string) => (await pageOf(id)).order.revision;

test('bad input is refused with a clear 4xx and nothing is stored', async () => {
  const revision = await revisionOf('ord-ship');
  const before = await head();
  const refusals: [string, unknown, number, string | RegExp][] = [
    [
      '/api/admin/orders/no-such-order/status',
      { status: 'shipped', expectedRevision: 0, shipment: { carrier: 'dpd', trackingNumber: '1' } },
      404,
      'No order with id no-such-order',
    ],
    [
      '/api/admin/orders/ord-ship/status',
      { status: 'shipped', expectedRevision: revision + 5, shipment: { carrier: 'dpd', trackingNumber: '1' } },
      409,
      staleOrderMessage,
    ],
    [
      '/api/admin/orders/ord-ship/status',
      { status: 'shipped', expectedRevision: revision, shipment: { carrier: 'pigeon', trackingNumber: '1' } },
      400,
      carrierMessage,
    ],
    [
      '/api/admin/orders/ord-ship/status',
      { status: 'shipped', expectedRevision: revision, shipment: { carrier: 'dpd', trackingNumber: 'A'.repeat(41) } },
      400,
      trackingNumberMessage,
    ],
    [
      '/api/admin/orders/ord-ship/status',
      { status: 'delivered', expectedRevision: revision, shipment: { carrier: 'dpd', trackingNumber: '1' } },
      400,
      shipmentOnlyWhenShippedMessage,
    ],
    ['/api/admin/orders/ord-ship/notes', { text: 'x'.repeat(maxNoteLength + 1) }, 400, noteTooLongMessage],
    ['/api/admin/orders/ord-ship/notes', { text: '  ' }, 400, 'Write a note first'],
    ['/api/admin/orders/ord-ship/notes', { text: 42 }, 400, 'Note must be text'],
    ['/api/admin/orders/no-such-order/notes', { text: 'Hello' }, 404, 'No order with id no-such-order'],
  ];
  for (const [path, body, status, message] of refusals) {
    const res = await post(path, body);
    assert.is(res.status, status, `${path} ${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
    assert.match(res.json.message, message);
  }
  // Past the shop's body limit the note is not even read.
  assert.is((await post('/api/admin/orders/ord-ship/notes', { text: 'x'.repeat(70 * 1024) })).status, 413);
  assert.is((await call(`${shop.url}/api/admin/orders/no-such-order`, { headers: owner })).status, 404);
  assert.is((await call(`${shop.url}/api/admin/orders/ord-ship`)).status, 401);
  assert.is((await call(`${shop.url}/api/admin/packing-slips`)).status, 401);
  assert.is((await post('/api/admin/orders/ord-ship/notes', { text: 'Hello' }, {})).status, 401);
  assert.is(await head(), before, 'a refused request appended an event');
});

test('shipping with tracking: the order is shipped, the customer is e-mailed the tracking link, and the page shows the parcel', async () => {
  const res = await post('/api/admin/orders/ord-ship/status', {
    status: 'shipped',
    expectedRevision: await revisionOf('ord-ship'),
    shipment: { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' },
  });
  assert.is(res.status, 200, res.text);
  assert.is((res.json.order as AdminOrder).status, 'shipped');
  const link = 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB';
  await eventually(
    () => outboxTexts(shop).some((text) => text.includes(link)),
    20_000,
    'the "on its way" e-mail in the outbox',
  );
  const shippedMails = outboxTexts(shop).filter((text) => text.includes('Track your parcel here'));
  assert.is(shippedMails.length, 1);
  assert.match(shippedMails[0]!, 'To: yusuf@example.com');
  await eventually(
    async () =>
      (await pageOf('ord-ship')).page.timeline.some(
        (step) => step.kind === 'emailSent' && step.emailKind === 'order-shipped',
      ),
    20_000,
    'the e-mail on the timeline',
  );
  const { page, order, money } = await pageOf('ord-ship');
  assert.equal(page.shipment && [page.shipment.carrier, page.shipment.trackingNumber, page.shipment.trackingUrl], [
    'royal-mail',
    'AB123456789GB',
    link,
  ]);
  assert.is(order.revision, 2);
  assert.equal(money, { paid: 1349, shipping: 350, refunded: 0, net: 1349 });
  // Delivered can follow, against the revision the page shows now.
  const delivered = await post('/api/admin/orders/ord-ship/status', {
    status: 'delivered',
    expectedRevision: order.revision,
  });
  assert.is(delivered.status, 200, delivered.text);
  const stream = await shop.shop.deps.events.readStream(orderStream('ord-ship'));
  assert.equal(
    stream.map((e) => e.type),
    ['OrderPlaced', 'OrderStatusChanged', 'OrderShipmentRecorded', 'OrderStatusChanged'],
  );
});

test('a note is kept on the timeline with who and when, and moves the revision the screen sends back', async () => {
  const before = await revisionOf('ord-pack');
  const res = await post('/api/admin/orders/ord-pack/notes', { text: 'Buyer asked for gift wrap' });
  assert.is(res.status, 200, res.text);
  assert.is((res.json.order as AdminOrder).revision, before + 1);
  const { page } = await pageOf('ord-pack');
  const note = page.timeline.at(-1)!;
  assert.equal(note.kind === 'note' && [note.text, note.by, note.at], ['Buyer asked for gift wrap', 'owner', at]);
  // The list shows the same revision, so a status change from the console is not refused as stale.
  // (Back from processing to pending: a move back, which the console confirms.)
  const moved = await post('/api/admin/orders/ord-pack/status', {
    status: 'pending',
    expectedRevision: before + 1,
    confirmBackward: true,
  });
  assert.is(moved.status, 200, moved.text);
  assert.is(
    (await post('/api/admin/orders/ord-pack/status', { status: 'processing', expectedRevision: before + 2 })).status,
    200,
  );
});

test('the order page gives the address as lines, the items, the payment reference and the timeline', async () => {
  // An order of this test's own, with a note and a status change on it.
  const address = { line1: '9 Willow Row', line2: 'Flat 5', city: 'Leeds', postcode: 'LS6 2AB', country: 'GB' };
  await placeOrders(shop, [
    orderPlacedData({
      orderId: 'ord-page',
      placedAt: '2026-03-02T10:00:00.000Z',
      status: 'processing',
      shippingAddress: address,
    }),
  ]);
  assert.is((await post('/api/admin/orders/ord-page/notes', { text: 'Gift wrap' })).status, 200);
  assert.is(
    (
      await post('/api/admin/orders/ord-page/status', {
        status: 'shipped',
        expectedRevision: await revisionOf('ord-page'),
      })
    ).status,
    200,
  );
  const { page } = await pageOf('ord-page');
  assert.equal(page.addressLines, ['9 Willow Row', 'Flat 5', 'Leeds', 'LS6 2AB', 'GB']);
  assert.equal(page.items, [{ name: 'The Kindness Basket', quantity: 1, price: 999 }]);
  assert.is(page.paymentReference, 'ord-page');
  assert.equal(
    page.timeline.filter((step) => step.kind !== 'emailSent').map((step) => step.kind),
    ['placed', 'note', 'statusChanged'],
  );
  // The order's e-mails (the owner's notice and the buyer's confirmation) are on it too, once sent; a move to shipped
  // without a shipment owes no "on its way" e-mail (that follows a recorded shipment).
  const emails = async () =>
    (await pageOf('ord-page')).page.timeline
      .flatMap((step) => (step.kind === 'emailSent' ? [step.emailKind] : []))
      .sort();
  await eventually(async () => (await emails()).length >= 2, 20_000, 'two e-mails on the timeline');
  assert.equal(await emails(), ['order-confirmation', 'order-to-owner']);
});

test('packing slips: every order now processing, oldest first', async () => {
  // Orders of this test's own: two processing (placed out of order) and one pending. Other tests' orders may be on the
  // slips too; these three are placed earliest of all, so they come first.
  const slipAddress = { line1: '1 Cedar Court', city: 'Preston', postcode: 'PR1 1AA', country: 'GB' };
  await placeOrders(shop, [
    orderPlacedData({ orderId: 'ord-slip-later', placedAt: '2026-02-02T09:00:00.000Z', status: 'processing' }),
    orderPlacedData({
      orderId: 'ord-slip-sooner',
      placedAt: '2026-02-01T09:00:00.000Z',
      status: 'processing',
      shippingAddress: slipAddress,
    }),
    orderPlacedData({ orderId: 'ord-slip-pending', placedAt: '2026-01-31T09:00:00.000Z' }),
  ]);
  const res = await call(`${shop.url}/api/admin/packing-slips`, { headers: owner });
  assert.is(res.status, 200, res.text);
  const { slips, more } = res.json as PackingSlipsResponse;
  assert.equal(
    slips.slice(0, 2).map((s) => s.orderId),
    ['ord-slip-sooner', 'ord-slip-later'],
  );
  assert.not.ok(
    slips.some((s) => s.orderId === 'ord-slip-pending'),
    'a pending order has no slip',
  );
  assert.is(more, false);
  assert.equal(slips[0]!.addressLines, ['1 Cedar Court', 'Preston', 'PR1 1AA', 'GB']);
});

test('the read models, search indexes too, equal a rebuild from the log', async () => {
  await eventually(
    async () => (await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections)).match,
    20_000,
    'live read models equal a rebuild',
  );
});

test('npm run events -- verify matches on the log the run left', async () => {
  await shop.close();
  closed = true;
  const result = await eventsCli(['verify'], { DATA_DIR: shop.dataDir });
  assert.is(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, 'MATCH: the read models equal a rebuild from the log.');
});

test.run();
