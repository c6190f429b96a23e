// The check across a migration: a LogMigrated record must name the chain before it, and each line of the old export must
// be carried over into the new one, the same but for the personal fields sealed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { erased, sealedKey } from '../../contracts/personalData.ts';
import { GENESIS } from './hashChain.ts';
import { carriedOverBreak, migrationBreak, migrationsIn, type ExportedLine } from './migration.ts';

const metadata = { causedBy: 'shopper', causationId: 'c1', correlationId: 'c1', at: '2026-11-24T05:43:47.516Z' };
const placedBefore: ExportedLine = {
  position: 7,
  stream: 'order-cs_1',
  revision: 0,
  id: 'e1',
  type: 'OrderPlaced',
  data: {
    orderId: 'cs_1',
    customerName: 'Amina Russo',
    customerEmail: 'amina@example.com',
    shippingAddress: { line1: '1 Elm Road', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
    total: 1349,
  },
  metadata,
  prevHash: GENESIS,
};
const placedAfter: ExportedLine = {
  ...placedBefore,
  data: {
    orderId: 'cs_1',
    customerName: erased.name,
    customerEmail: erased.email,
    shippingAddress: { line1: erased.text, city: erased.text, postcode: erased.text, country: 'GB' },
    total: 1349,
    [sealedKey]: '3:B.1:box',
  },
  prevHash: 'a'.repeat(64),
};

test('an event sealed by the migration is carried over; one with anything else changed is not', () => {
  assert.is(carriedOverBreak(placedBefore, placedAfter), null);
  const data = placedAfter.data as Record<string, unknown>;
  assert.match(
    carriedOverBreak(placedBefore, { ...placedAfter, data: { ...data, total: 1 } }) ?? '',
    'its data differs beyond the fields sealed',
  );
  assert.match(
    carriedOverBreak(placedBefore, {
      ...placedAfter,
      data: {
        ...data,
        shippingAddress: { line1: erased.text, city: erased.text, postcode: erased.text, country: 'FR' },
      },
    }) ?? '',
    'beyond the fields sealed',
  );
  assert.match(carriedOverBreak(placedBefore, { ...placedAfter, id: 'e2' }) ?? '', 'its id');
  assert.match(carriedOverBreak(placedBefore, { ...placedAfter, position: 8 }) ?? '', 'its position');
  assert.match(
    carriedOverBreak(placedBefore, { ...placedAfter, metadata: { ...metadata, causedBy: 'admin:owner' } }) ?? '',
    'its metadata differs',
  );
  // Without a box, a stand-in is not a sealed field: the value was changed.
  const { [sealedKey]: _box, ...unboxed } = data;
  assert.match(carriedOverBreak(placedBefore, { ...placedAfter, data: unboxed }) ?? '', 'its data differs');
});

test('an event the migration did not seal must be carried over exactly', () => {
  const listed: ExportedLine = {
    ...placedBefore,
    type: 'BookListed',
    data: { id: 1, title: 'The Kindness Basket', price: 999 },
  };
  assert.is(carriedOverBreak(listed, { ...listed, prevHash: 'b'.repeat(64) }), null);
  assert.match(
    carriedOverBreak(listed, { ...listed, data: { id: 1, title: 'The Kindness Basket', price: 1 } }) ?? '',
    'its data differs',
  );
  // Sealed already before the migration: the box itself must be the same.
  const sealedBefore = { ...placedAfter, prevHash: GENESIS };
  assert.is(carriedOverBreak(sealedBefore, placedAfter), null);
  assert.match(
    carriedOverBreak(sealedBefore, {
      ...placedAfter,
      data: { ...(placedAfter.data as object), [sealedKey]: '3:B.2:other' },
    }) ?? '',
    'its data differs',
  );
});

test('a migration record continues the chain only where it says it does', () => {
  const record = {
    migrationId: 'm',
    kind: 'personal-fields-sealed' as const,
    from: { events: 2, head: 2, chainHead: 'c'.repeat(64) },
    to: { events: 2, head: 2, chainHead: 'd'.repeat(64) },
    sealedEvents: 1,
    subjects: 1,
    by: 'system:migrate-seal',
    at: metadata.at,
  };
  const line: ExportedLine = {
    position: 3,
    stream: 'audit-log-migrations',
    revision: 0,
    id: 'm1',
    type: 'LogMigrated',
    data: record,
    metadata,
    prevHash: 'd'.repeat(64),
  };
  const found = migrationsIn([placedBefore, placedAfter, line]);
  assert.equal(
    found.map((m) => m.line),
    [3],
  );
  assert.is(migrationBreak(3, line, record), null);
  assert.match(migrationBreak(3, { ...line, prevHash: 'e'.repeat(64) }, record) ?? '', 'but the chain there is');
  assert.match(migrationBreak(1, line, record) ?? '', 'not of the whole log');
});

test.run();
