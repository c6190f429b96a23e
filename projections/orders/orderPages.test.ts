import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EmailSent } from '../../contracts/checkout/events.ts';
import type {
  OrderCustomerDetailsAdded,
  OrderNoteAdded,
  OrderPlaced,
  OrderShipmentRecorded,
  OrderStatusChanged,
} from '../../contracts/orders/events.ts';
import { erased, removedWithCustomer } from '../../contracts/personalData.ts';
import { notificationStream, orderStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import { adminOrdersProjection, getAdminOrder } from './adminOrders.ts';
import { addressLinesOf, getOrderPage, orderPagesProjection } from './orderPages.ts';

const projections = [adminOrdersProjection, orderPagesProjection];
const at = '2026-03-04T12:00:00.000Z';

const place = (orderId: string, overrides: Partial<OrderPlaced['data']> = {}) =>
  recorded(orderStream(orderId), {
    type: 'OrderPlaced',
    data: orderPlacedData({ orderId, ...overrides }),
  } satisfies OrderPlaced);
const move = (orderId: string, from: string, to: OrderStatusChanged['data']['to']) =>
  recorded(orderStream(orderId), {
    type: 'OrderStatusChanged',
    data: { orderId, from, to, notes: '', by: 'owner', at },
  } satisfies OrderStatusChanged);
const ship = (orderId: string) =>
  recorded(orderStream(orderId), {
    type: 'OrderShipmentRecorded',
    data: {
      orderId,
      carrier: 'royal-mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      by: 'owner',
      at,
    },
  } satisfies OrderShipmentRecorded);
const note = (orderId: string, text: string) =>
  recorded(orderStream(orderId), {
    type: 'OrderNoteAdded',
    data: { orderId, noteId: `note-${text.length}`, text, by: 'owner', at },
  } satisfies OrderNoteAdded);
const emailed = (notificationId: string, kind: EmailSent['data']['kind']) =>
  recorded(notificationStream(notificationId), {
    type: 'EmailSent',
    data: {
      notificationId,
      kind,
      to: 'maryam@example.com',
      subject: `About ${notificationId}`,
      messageId: `<${kind}@shop>`,
      transport: 'outbox',
      sentAt: at,
    },
  } satisfies EmailSent);
const detailsAdded = (orderId: string) =>
  recorded(orderStream(orderId), {
    type: 'OrderCustomerDetailsAdded',
    data: {
      orderId,
      shippingAddress: { line1: '22 Mill Lane', city: 'Bradford', postcode: 'BD1 2AB', country: 'GB' },
      source: 'owner',
      reason: 'Buyer wrote in',
      by: 'owner',
      at,
    },
  } satisfies OrderCustomerDetailsAdded);

const story = () => [
  place('a', { shippingAddress: 'To be provided during checkout' }),
  emailed('a', 'order-to-owner'),
  place('b'),
  emailed('n-purchase', 'purchase-notice'),
  detailsAdded('a'),
  move('a', 'pending', 'processing'),
  note('a', 'Gift wrap requested on the phone'),
  move('a', 'processing', 'shipped'),
  ship('a'),
  emailed('a', 'order-shipped'),
];

test('the order page holds the whole timeline, oldest first: placing, details, status changes, the note, the shipment and the e-mails', async () => {
  const store = await fold(projections, story());
  const page = (await getOrderPage(store, 'a'))!;
  assert.equal(
    page.timeline.map((step) => step.kind),
    ['placed', 'emailSent', 'detailsAdded', 'statusChanged', 'note', 'statusChanged', 'shipment', 'emailSent'],
  );
  assert.equal(page.addressLines, ['22 Mill Lane', 'Bradford', 'BD1 2AB', 'GB']);
  assert.equal(page.shipment, {
    carrier: 'royal-mail',
    trackingNumber: 'AB123456789GB',
    trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    by: 'owner',
    at,
  });
  const noteStep = page.timeline.find((step) => step.kind === 'note');
  assert.equal(noteStep && noteStep.kind === 'note' && [noteStep.text, noteStep.by, noteStep.at], [
    'Gift wrap requested on the phone',
    'owner',
    at,
  ]);
  assert.is(page.paymentReference, 'a');
  // Another order's page has only its own steps; a purchase notice's e-mail names no order.
  assert.equal(
    (await getOrderPage(store, 'b'))!.timeline.map((step) => step.kind),
    ['placed'],
  );
  assert.is(await getOrderPage(store, 'n-purchase'), null);
});

test('texts that went with an erased customer read as removed with their data; who, when and the carrier stay', async () => {
  const gone = [
    place('e', { customerName: erased.name, customerEmail: erased.email }),
    recorded(notificationStream('e'), {
      type: 'EmailSent',
      data: {
        notificationId: 'e',
        kind: 'order-confirmation',
        to: erased.email,
        subject: 'Your order',
        messageId: '<c@shop>',
        transport: 'outbox',
        sentAt: at,
      },
    } satisfies EmailSent),
    recorded(orderStream('e'), {
      type: 'OrderStatusChanged',
      data: { orderId: 'e', from: 'processing', to: 'shipped', notes: erased.note, by: 'owner', at },
    } satisfies OrderStatusChanged),
    recorded(orderStream('e'), {
      type: 'OrderShipmentRecorded',
      data: { orderId: 'e', carrier: 'dpd', trackingNumber: erased.text, trackingUrl: erased.text, by: 'packer', at },
    } satisfies OrderShipmentRecorded),
    note('e', 'Kept by the shop'),
  ];
  const page = (await getOrderPage(await fold(projections, gone), 'e'))!;
  const [, email, change, shipment, kept] = page.timeline;
  assert.equal(email && email.kind === 'emailSent' && email.to, removedWithCustomer);
  assert.equal(change && change.kind === 'statusChanged' && [change.notes, change.by], [removedWithCustomer, 'owner']);
  assert.equal(
    shipment &&
      shipment.kind === 'shipment' && [shipment.carrier, shipment.trackingNumber, shipment.trackingUrl, shipment.by],
    ['dpd', removedWithCustomer, null, 'packer'],
  );
  assert.equal(kept && kept.kind === 'note' && kept.text, 'Kept by the shop');
  assert.is(page.shipment?.trackingNumber, removedWithCustomer);
});

const moveWithNote = (orderId: string, from: string, to: OrderStatusChanged['data']['to'], notes: string) =>
  recorded(orderStream(orderId), {
    type: 'OrderStatusChanged',
    data: { orderId, from, to, notes, by: 'owner', at },
  } satisfies OrderStatusChanged);

test('an order shipped by a status change alone, before shipments were recorded, reads as shipped with its note', async () => {
  const old = [
    place('old'),
    moveWithNote('old', 'pending', 'processing', 'Packing today.'),
    moveWithNote('old', 'processing', 'shipped', 'Royal Mail Tracked 48, KD752736430GB.'),
    moveWithNote('old', 'shipped', 'delivered', 'Delivered; tracking shows it signed for.'),
    place('straight'),
    moveWithNote('straight', 'pending', 'delivered', ''),
    place('dpd'),
    moveWithNote('dpd', 'processing', 'shipped', 'DPD next day, parcel 15501234567890.'),
  ];
  const store = await fold(projections, old);
  assert.equal((await getOrderPage(store, 'old'))!.shipment, {
    carrier: 'royal-mail',
    trackingNumber: 'KD752736430GB',
    trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/KD752736430GB',
    by: 'owner',
    at,
    fromNote: 'Royal Mail Tracked 48, KD752736430GB.',
  });
  // Delivered without ever being marked shipped: shipped when delivered, of a carrier the note does not name.
  assert.equal((await getOrderPage(store, 'straight'))!.shipment, {
    carrier: 'other',
    trackingNumber: '',
    trackingUrl: null,
    by: 'owner',
    at,
    fromNote: '',
  });
  // A number not in the S10 shape is left in the note rather than guessed at.
  const dpd = (await getOrderPage(store, 'dpd'))!.shipment!;
  assert.equal([dpd.carrier, dpd.trackingNumber, dpd.fromNote], ['dpd', '', 'DPD next day, parcel 15501234567890.']);
  // The timeline is as it was: the status changes, and no shipment step of its own.
  assert.equal(
    (await getOrderPage(store, 'old'))!.timeline.map((step) => step.kind),
    ['placed', 'statusChanged', 'statusChanged', 'statusChanged'],
  );
  // A shipment recorded as one is never replaced by a note.
  assert.is((await getOrderPage(await fold(projections, story()), 'a'))!.shipment?.fromNote, undefined);
  assert.ok(await isIdempotent(projections, old));
});

test("notes and shipments move the console's revision to the stream's own", async () => {
  const events = story();
  const store = await fold(projections, events);
  const last = events.filter((e) => e.stream === orderStream('a')).at(-1)!;
  assert.is((await getAdminOrder(store, 'a'))!.revision, last.revision);
  assert.is((await getAdminOrder(store, 'a'))!.status, 'shipped');
});

test('an event delivered again changes nothing', async () => {
  assert.ok(await isIdempotent(projections, story()));
});

test('an address is one line per part; a text address is one line', () => {
  assert.equal(
    addressLinesOf({ line1: '4 Orchard Lane', line2: 'Flat 2', city: 'Bradford', postcode: 'BD7 1AA', country: 'GB' }),
    ['4 Orchard Lane', 'Flat 2', 'Bradford', 'BD7 1AA', 'GB'],
  );
  assert.equal(
    addressLinesOf({ line1: '4 Orchard Lane', line2: ' ', city: 'Bradford', postcode: 'BD7 1AA', country: 'GB' }),
    ['4 Orchard Lane', 'Bradford', 'BD7 1AA', 'GB'],
  );
  assert.equal(addressLinesOf('1 High Street, York YO1 7HH'), ['1 High Street, York YO1 7HH']);
});

test.run();
