// The event catalogue: today's log conforms to it, upcasting is pure and complete, and an unknown event is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { eventCatalog, EventCatalog, shopEvents, UnknownEventVersion } from './eventCatalog.ts';
import { OrderDisputedV2, OrderPlacedV1 } from './orders/events.ts';
import { categoryOf, streamCategories } from './shared/streams.ts';

const goldenExport = join(import.meta.dirname, '../infra/testing/golden/v1/export.ndjson');
const goldenEvents = readFileSync(goldenExport, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

test("every event of golden log v1 conforms to its type's version-1 schema and lives in the stream the catalogue names", () => {
  assert.ok(goldenEvents.length > 2000);
  for (const event of goldenEvents) {
    const definition = eventCatalog.definition(event.type);
    assert.ok(definition, `${event.type} is not in the catalogue`);
    assert.is(event.metadata.schemaVersion ?? 1, 1);
    assert.is(eventCatalog.problems(event.type, event.data, 1), null, `${event.type} at ${event.position}`);
    assert.is(categoryOf(event.stream), definition.stream, `${event.type} at ${event.position}`);
  }
});

test('every type is in the catalogue once, with a known stream and one upcaster per version after the first', () => {
  const types = shopEvents.map((d) => d.type);
  assert.equal(new Set(types).size, types.length);
  for (const d of shopEvents) assert.ok((streamCategories as readonly string[]).includes(d.stream), d.type);
  assert.throws(() => new EventCatalog([...shopEvents, shopEvents[0]!]), /registered twice/);
  assert.throws(
    () => new EventCatalog([{ ...shopEvents[0]!, versions: [shopEvents[0]!.versions[0], { schema: v.object({}) }] }]),
    /no upcaster/,
  );
});

test('an event of an unknown type, or of a version newer than the code knows, is refused naming type, version and stream', () => {
  assert.throws(
    () => eventCatalog.assertReadable('RefundIssued', 1, 'order-7'),
    (e: unknown) =>
      e instanceof UnknownEventVersion &&
      /RefundIssued version 1 \(stream order-7\)/.test(e.message) &&
      /knows no event type RefundIssued/.test(e.message),
  );
  assert.throws(
    () => eventCatalog.upcast('OrderPlaced', 5, {}, 'order-8'),
    (e: unknown) =>
      e instanceof UnknownEventVersion &&
      /OrderPlaced version 5 \(stream order-8\)/.test(e.message) &&
      /only up to version 4/.test(e.message),
  );
  assert.throws(
    () => eventCatalog.assertReadable('OrderPlaced', 0, 'order-8'),
    (e: unknown) => e instanceof UnknownEventVersion,
  );
});

test('upcasters run in order from the stored version to the newest, and never change the stored payload', () => {
  const v1 = v.object({ name: v.string() });
  const v2 = v.object({ fullName: v.string() });
  const v3 = v.object({ fullName: v.string(), greeting: v.string() });
  const catalog = new EventCatalog([
    {
      type: 'Greeted',
      stream: 'admin',
      causedBy: 'test',
      description: 'test',
      versions: [
        { schema: v1 },
        { schema: v2, upcast: (old: { name: string }) => ({ fullName: old.name }) },
        { schema: v3, upcast: (old: { fullName: string }) => ({ ...old, greeting: `Hello ${old.fullName}` }) },
      ],
    },
  ]);
  const stored = Object.freeze({ name: 'Hana' });
  assert.equal(catalog.upcast('Greeted', 1, stored, 'admin-x'), { fullName: 'Hana', greeting: 'Hello Hana' });
  assert.equal(catalog.upcast('Greeted', 2, { fullName: 'Rayyan' }, 'admin-x'), {
    fullName: 'Rayyan',
    greeting: 'Hello Rayyan',
  });
  assert.equal(stored, { name: 'Hana' });
  assert.is(catalog.newest('Greeted'), 3);
  assert.is(
    catalog.problems('Greeted', { fullName: 'x' }),
    'greeting: Invalid key: Expected "greeting" but received undefined',
  );
  assert.is(catalog.problems('Greeted', { name: 'x' }, 1), null);
});

test('a dispute recorded before its later steps reads with them unknown, its amount booked on the day it opened', () => {
  const stored = {
    orderId: 'pi_1',
    disputeId: 'dp_1',
    amount: 1349,
    reason: 'fraudulent',
    at: '2026-11-24T13:33:26.555Z',
  };
  const copy = structuredClone(stored);
  const read = eventCatalog.upcast('OrderDisputed', 1, stored, 'order-pi_1');
  assert.equal(read, {
    ...copy,
    status: null,
    evidenceDueBy: null,
    paymentIntent: null,
    livemode: null,
    moneyFollowed: false,
  });
  assert.ok(v.is(OrderDisputedV2, read));
  assert.equal(stored, copy, 'the stored payload is untouched');
});

test('the schemas refuse what the types refuse', () => {
  const placed = goldenEvents.find((e) => e.type === 'OrderPlaced')!.data;
  assert.ok(v.is(OrderPlacedV1, placed));
  assert.not.ok(v.is(OrderPlacedV1, { ...placed, currency: 'usd' }));
  assert.not.ok(v.is(OrderPlacedV1, { ...placed, total: 12.5 }));
  assert.match(
    eventCatalog.problems('OrderStatusChanged', {
      orderId: 'o',
      from: 'pending',
      to: 'lost',
      notes: '',
      by: 'owner',
      at: 'x',
    }) ?? '',
    'to',
  );
});

test('an order of version 2 reads as it was recorded, a UK sale; version 3 takes an export and refuses a bad one', () => {
  const golden = readFileSync(join(import.meta.dirname, '../infra/testing/golden/v3/export.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .find((e) => e.type === 'OrderPlaced' && e.metadata.schemaVersion === 2 && e.data.vat);
  assert.ok(golden, 'golden log v3 holds an order of version 2 with its VAT');
  const read = eventCatalog.upcast('OrderPlaced', 2, golden.data, golden.stream) as { vat: { export?: unknown } };
  assert.equal(read, golden.data);
  assert.is(read.vat.export, undefined);
  const exported = {
    ...golden.data,
    vat: {
      ...golden.data.vat,
      export: { country: 'FR', ukRates: golden.data.vat.rates, ukTotals: golden.data.vat.totals },
    },
  };
  assert.is(eventCatalog.problems('OrderPlaced', exported), null);
  assert.ok(eventCatalog.problems('OrderPlaced', { ...exported, vat: { ...exported.vat, export: { country: '' } } }));
});

test('an order or a checkout of the version before pre-orders reads as recorded: no pre-orders, one parcel (decision 131)', () => {
  const golden = readFileSync(join(import.meta.dirname, '../infra/testing/golden/v3/export.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const order = golden.find((e) => e.type === 'OrderPlaced' && e.metadata.schemaVersion === 2);
  assert.ok(order, 'golden log v3 holds an order of version 2');
  const copy = structuredClone(order.data);
  // Through version 3 to 4, and from 3 (a version-2 order is a valid version-3 one): as it was recorded.
  const read = eventCatalog.upcast('OrderPlaced', 2, order.data, order.stream) as Record<string, unknown>;
  assert.equal(read, copy);
  assert.equal(eventCatalog.upcast('OrderPlaced', 3, order.data, order.stream), copy);
  assert.is(read.preOrders, undefined);
  assert.is(read.parcels, undefined);
  assert.equal(order.data, copy, 'the stored payload is untouched');
  const started = golden.find((e) => e.type === 'CheckoutStarted');
  assert.equal(eventCatalog.upcast('CheckoutStarted', 1, started.data, started.stream), started.data);
  const parcels = { choice: 'two', dispatchFrom: '2099-03-01', secondDelivery: 350 };
  const preOrders = [{ bookId: 2, publicationDate: '2099-03-01' }];
  assert.is(eventCatalog.problems('OrderPlaced', { ...order.data, preOrders, parcels }), null);
  assert.ok(
    eventCatalog.problems('OrderPlaced', { ...order.data, preOrders, parcels: { ...parcels, choice: 'three' } }),
  );
  assert.is(eventCatalog.problems('CheckoutStarted', { ...started.data, preOrders, parcels }), null);
});

test.run();
