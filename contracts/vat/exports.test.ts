// Exports (decision 097): where goods go decides their VAT, the 3 months of Notice 703 counted on the UK calendar, and
// where an export without its proof stands.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import {
  RecordExportEvidenceSchema,
  exportDestinationOf,
  exportEvidenceDeadline,
  exportEvidenceState,
  isUkVatArea,
} from './exports.ts';

const address = (country: string) => ({ line1: '3 Rue Cler', city: 'Paris', postcode: '75007', country });

test('the UK and the Isle of Man are one VAT area; France, Jersey and the United States are exports', () => {
  for (const country of ['GB', 'gb', ' UK ', 'IM', 'United Kingdom', 'Scotland'])
    assert.ok(isUkVatArea(country), country);
  for (const country of ['FR', 'JE', 'GG', 'US', 'IE']) assert.not.ok(isUkVatArea(country), country);
});

test('an order is exported to where its parcel goes: the gift recipient first; unknown addresses stay UK sales', () => {
  assert.is(exportDestinationOf({ shippingAddress: address('fr') }), 'FR');
  assert.is(exportDestinationOf({ shippingAddress: address('GB') }), null);
  assert.is(exportDestinationOf({ shippingAddress: 'To be provided during checkout' }), null);
  assert.is(exportDestinationOf({ shippingAddress: address('') }), null);
  // Bought in Leeds, sent to a friend in Paris: an export; bought in Paris, sent to Leeds: a UK sale.
  assert.is(exportDestinationOf({ shippingAddress: address('GB'), gift: { recipientAddress: address('FR') } }), 'FR');
  assert.is(exportDestinationOf({ shippingAddress: address('FR'), gift: { recipientAddress: address('GB') } }), null);
  assert.is(exportDestinationOf({ shippingAddress: address('FR'), gift: {} }), 'FR');
});

test('the limit is three calendar months after the UK day of supply, the month’s last day when it is shorter', () => {
  assert.is(exportEvidenceDeadline('2027-01-10T12:00:00.000Z'), '2027-04-10');
  assert.is(exportEvidenceDeadline('2026-11-30T12:00:00.000Z'), '2027-02-28');
  assert.is(exportEvidenceDeadline('2027-11-30T12:00:00.000Z'), '2028-02-29');
  assert.is(exportEvidenceDeadline('2027-12-31T09:00:00.000Z'), '2028-03-31');
  // 23:30 UTC on 31 May in summer time is 1 June in the UK.
  assert.is(exportEvidenceDeadline('2027-05-31T23:30:00.000Z'), '2027-09-01');
});

test('without proof an export waits, then approaches its limit 30 days before it, then is overdue the day after', () => {
  const deadline = '2027-04-10';
  assert.is(exportEvidenceState(deadline, '2027-03-10', null), 'waiting');
  assert.is(exportEvidenceState(deadline, '2027-03-11', null), 'approaching');
  assert.is(exportEvidenceState(deadline, '2027-04-10', null), 'approaching');
  assert.is(exportEvidenceState(deadline, '2027-04-11', null), 'overdue');
  assert.is(exportEvidenceState(deadline, '2027-04-11', '2027-02-01'), 'proved');
  assert.is(exportEvidenceState(deadline, '2027-06-01', '2027-05-20'), 'proved');
});

test('a proof-of-posting reference is trimmed and refused when empty, too long or made of anything else', () => {
  assert.equal(v.parse(RecordExportEvidenceSchema, { reference: '  CP-2027/0412 ' }), { reference: 'CP-2027/0412' });
  for (const reference of ['', '   ', 'x'.repeat(61), 'ref<script>', 42])
    assert.not.ok(v.safeParse(RecordExportEvidenceSchema, { reference }).success, String(reference));
});

test.run();
