// Several orders at once: the chosen orders' packing slips, a bulk shipment in which each order is its own change with
// its own e-mail (a refused one is reported and writes nothing), and the Click & Drop export (owner's, recorded as a
// download, a forgotten customer's order without their details).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PersonalDataRead } from '../../contracts/audit/events.ts';
import { clickAndDropColumns, parseCsvRows } from '../../contracts/orders/clickAndDrop.ts';
import type { PackingSlipsResponse, ShipOrdersResponse } from '../../contracts/orders/console.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { allEvents, outboxTexts } from '../../infra/testing/checkout.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { staleOrderMessage } from './orderStatus.ts';

const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
test.after(() => shop.close());
const owner = await adminHeaders(shop, 'owner');

const ids = [
  'pi_bulk_aaaaaaaaAAAA0001',
  'pi_bulk_bbbbbbbbBBBB0002',
  'pi_bulk_ccccccccCCCC0003',
  'pi_bulk_ddddddddDDDD0004',
];
await placeOrders(shop, [
  orderPlacedData({
    orderId: ids[0]!,
    status: 'processing',
    customerName: 'Maryam Hussain',
    customerEmail: 'maryam@example.com',
  }),
  orderPlacedData({
    orderId: ids[1]!,
    status: 'processing',
    customerName: 'Yusuf Ali',
    customerEmail: 'yusuf@example.com',
    phone: '07700 900123',
  }),
  orderPlacedData({
    orderId: ids[2]!,
    status: 'processing',
    customerName: 'Dr Amina Begum',
    customerEmail: 'amina@example.com',
  }),
  orderPlacedData({
    orderId: ids[3]!,
    status: 'processing',
    customerName: 'Ibrahim Khan',
    customerEmail: 'ibrahim@example.com',
  }),
]);
const revision = async (id: string) => (await shop.shop.deps.events.readStream(orderStream(id))).at(-1)!.revision;
const orderNumber = async (id: string) =>
  ((await shop.shop.deps.events.readStream(orderStream(id)))[0]!.data as { orderNumber: string }).orderNumber;

test('the chosen orders’ packing slips, in the order chosen; ids that are not order ids are refused', async () => {
  const res = await call(`${shop.url}/api/admin/packing-slips?ids=${ids[2]},${ids[0]},no_such_order`, {
    headers: owner,
  });
  assert.is(res.status, 200, res.text);
  const body = res.json as PackingSlipsResponse;
  assert.equal(
    body.slips.map((s) => [s.orderId, s.customerName, s.status]),
    [
      [ids[2], 'Dr Amina Begum', 'processing'],
      [ids[0], 'Maryam Hussain', 'processing'],
    ],
  );
  const bad = await call(`${shop.url}/api/admin/packing-slips?ids=${encodeURIComponent('a b,<c>')}`, {
    headers: owner,
  });
  assert.is(bad.status, 400, bad.text);
  assert.match(bad.json.message, 'order ids');
});

test('three orders shipped in one step: each its own change and e-mail; one changed since the screen showed it is refused alone', async () => {
  const before = await shop.shop.deps.events.readStream(orderStream(ids[3]!));
  const body = {
    orders: [
      {
        orderId: ids[0],
        expectedRevision: await revision(ids[0]!),
        shipment: { carrier: 'royal-mail', trackingNumber: 'KD000000001GB' },
      },
      {
        orderId: ids[1],
        expectedRevision: await revision(ids[1]!),
        shipment: { carrier: 'royal-mail', trackingNumber: 'KD000000002GB' },
      },
      {
        orderId: ids[2],
        expectedRevision: await revision(ids[2]!),
        shipment: { carrier: 'dpd', trackingNumber: '15501234567890' },
      },
      {
        orderId: ids[3],
        expectedRevision: (await revision(ids[3]!)) + 5,
        shipment: { carrier: 'evri', trackingNumber: 'H00000000004' },
      },
    ],
  };
  const res = await call(`${shop.url}/api/admin/orders/ship`, { body, headers: owner });
  assert.is(res.status, 200, res.text);
  const answer = res.json as ShipOrdersResponse;
  assert.equal([answer.shipped, answer.failed], [3, 1]);
  assert.equal(
    answer.results.map((r) => [r.orderId, r.ok, r.ok ? r.order.status : r.status]),
    [
      [ids[0], true, 'shipped'],
      [ids[1], true, 'shipped'],
      [ids[2], true, 'shipped'],
      [ids[3], false, 409],
    ],
  );
  const refused = answer.results[3]!;
  assert.is(!refused.ok && refused.message, staleOrderMessage);
  // The refused order's stream is as it was; each shipped one has its change and its shipment.
  assert.equal(await shop.shop.deps.events.readStream(orderStream(ids[3]!)), before);
  for (const id of ids.slice(0, 3)) {
    const types = (await shop.shop.deps.events.readStream(orderStream(id))).map((e) => e.type);
    assert.equal(types.slice(-2), ['OrderStatusChanged', 'OrderShipmentRecorded'], id);
  }
  // The answer came once every customer's e-mail was sent.
  const shippedMails = outboxTexts(shop).filter((m) => /KD000000001GB|KD000000002GB|15501234567890/.test(m));
  assert.is(shippedMails.length, 3);
  for (const to of ['maryam@example.com', 'yusuf@example.com', 'amina@example.com'])
    assert.ok(
      shippedMails.some((m) => m.includes(`To: ${to}`)),
      to,
    );

  // Asked again: each is already shipped, and nothing is written.
  const head = await shop.shop.deps.events.headPosition();
  const again = await call(`${shop.url}/api/admin/orders/ship`, {
    body: {
      orders: await Promise.all(
        body.orders.slice(0, 1).map(async (o) => ({ ...o, expectedRevision: await revision(o.orderId!) })),
      ),
    },
    headers: owner,
  });
  assert.is(again.status, 200, again.text);
  assert.equal(
    (again.json as ShipOrdersResponse).results.map((r) => !r.ok && [r.status, r.message]),
    [[409, 'This order is already shipped.']],
  );
  assert.is(await shop.shop.deps.events.headPosition(), head);
  await shop.shop.deps.waiter.waitFor(head, 10_000);
  assert.ok(
    (await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections)).match,
    'read models equal a rebuild',
  );
});

test('a bulk shipment that cannot be read is a 400 naming what is wrong; without a token, 401', async () => {
  for (const [body, message] of [
    [{ orders: [] }, 'Choose at least one order to ship'],
    [{ orders: [{ orderId: ids[0], expectedRevision: 0, shipment: { carrier: 'pigeon' } }] }, 'Carrier must be one of'],
    [
      {
        orders: [
          { orderId: ids[0], expectedRevision: 0, shipment: { carrier: 'dpd' } },
          { orderId: ids[0], expectedRevision: 0, shipment: { carrier: 'dpd' } },
        ],
      },
      'Each order may be listed only once',
    ],
    [{ orders: [{ orderId: ids[0], shipment: { carrier: 'dpd' } }] }, 'expectedRevision'],
  ] as const) {
    const res = await call(`${shop.url}/api/admin/orders/ship`, { body, headers: owner });
    assert.is(res.status, 400, res.text);
    assert.match(res.json.message, message, res.text);
  }
  assert.is((await call(`${shop.url}/api/admin/orders/ship`, { body: { orders: [] } })).status, 401);
});

test('the Click & Drop export: the chosen orders in its layout, recorded as a download with the reason; unknown orders 404', async () => {
  const res = await call(`${shop.url}/api/admin/orders/click-and-drop.csv`, {
    body: { orderIds: [ids[1], ids[2]], reason: 'labels for today' },
    headers: owner,
  });
  assert.is(res.status, 200, res.text);
  assert.match(res.headers.get('content-type') ?? '', 'text/csv');
  assert.match(res.headers.get('content-disposition') ?? '', 'click-and-drop-');
  const rows = parseCsvRows(res.text);
  assert.equal(rows[0], [...clickAndDropColumns]);
  const col = (row: string[], name: (typeof clickAndDropColumns)[number]) => row[clickAndDropColumns.indexOf(name)];
  assert.equal(
    rows
      .slice(1)
      .map((r) => [
        col(r, 'Order reference'),
        col(r, 'First Name'),
        col(r, 'Last Name'),
        col(r, 'Postcode'),
        col(r, 'Phone'),
      ]),
    [
      [await orderNumber(ids[1]!), 'Yusuf', 'Ali', 'LE2 3AB', '07700 900123'],
      [await orderNumber(ids[2]!), 'Amina', 'Begum', 'LE2 3AB', ''],
    ],
  );
  const downloads = (await allEvents(shop)).filter(
    (e) => e.type === 'PersonalDataRead' && e.data.endpoint.includes('click-and-drop'),
  );
  assert.equal(
    downloads.map((e) => {
      const { reader, subject, reason, routine } = e.data as PersonalDataRead['data'];
      return [reader, subject, reason, routine];
    }),
    [['owner', 'click-and-drop.csv?orders=2', 'labels for today', false]],
  );

  const unknown = await call(`${shop.url}/api/admin/orders/click-and-drop.csv`, {
    body: { orderIds: ['pi_no_such_order'], reason: 'labels for today' },
    headers: owner,
  });
  assert.is(unknown.status, 404, unknown.text);
  const noReason = await call(`${shop.url}/api/admin/orders/click-and-drop.csv`, {
    body: { orderIds: [ids[1]] },
    headers: owner,
  });
  assert.is(noReason.status, 400, noReason.text);
});

test("an erased customer's order is exported without their details", async () => {
  const erased = await call(`${shop.url}/api/admin/privacy/erase`, {
    body: { email: 'ibrahim@example.com', reason: 'the customer asked to be forgotten' },
    headers: owner,
  });
  assert.is(erased.status, 200, erased.text);
  const res = await call(`${shop.url}/api/admin/orders/click-and-drop.csv`, {
    body: { orderIds: [ids[3]], reason: 'labels for today' },
    headers: owner,
  });
  assert.is(res.status, 200, res.text);
  const row = parseCsvRows(res.text)[1]!;
  const col = (name: (typeof clickAndDropColumns)[number]) => row[clickAndDropColumns.indexOf(name)];
  assert.equal(
    [col('Order reference'), col('Full name'), col('Address Line 1'), col('Postcode'), col('Email'), col('Total')],
    [await orderNumber(ids[3]!), '', '', '', '', '13.49'],
  );
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  assert.ok(
    (await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections)).match,
    'read models equal a rebuild',
  );
});

test.run();
