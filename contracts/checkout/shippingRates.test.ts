// The delivery rates' decider as a specification (decision 099): a change records the whole table (zones in order,
// countries sorted) from now or a later instant; the table in force again records nothing unless a change is set ahead;
// a table with a problem, or one set in the past, is refused.
import { test } from 'uvu';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { Invalid } from '../shared/errors.ts';
import type { ShippingRatesChanged } from './events.ts';
import { seedShippingTable, shippingRatesDecider, shippingRatesMessages, type DeliveryZone } from './shippingRates.ts';

const spec = deciderSpec(shippingRatesDecider);
const at = '2026-12-01T10:00:00.000Z';
const ahead = '2027-01-01T00:00:00.000Z';
const [uk, europe, world] = seedShippingTable.zones as [DeliveryZone, DeliveryZone, DeliveryZone];
const dearerUk: DeliveryZone = { ...uk, bands: [{ fromItems: 1, toItems: null, pence: 399 }] };
const table = [dearerUk, europe, world];
const change = (zones: DeliveryZone[], from: string | undefined = undefined) => ({
  type: 'ChangeRates' as const,
  zones,
  reason: 'Royal Mail prices rose',
  from,
  by: 'owner',
  at,
});
const changed = (zones: DeliveryZone[], from = at): ShippingRatesChanged => ({
  type: 'ShippingRatesChanged',
  data: { zones, from, reason: 'Royal Mail prices rose', by: 'owner', at },
});

test('a new table is recorded whole, from now when no instant is given', () => {
  spec
    .given([])
    .when(change(table))
    .then([changed(table)]);
  spec
    .given([])
    .when(change(table, ahead))
    .then([changed(table, ahead)]);
});

test('the table is kept in zone order with its countries sorted, however it was given', () => {
  const unsorted: DeliveryZone = { ...europe, countries: ['NL', 'BE', 'FR', 'DE', 'IT', 'ES'] };
  spec
    .given([])
    .when(change([world, unsorted, dearerUk]))
    .then([changed([dearerUk, europe, world])]);
});

test('the table in force again records nothing; it does when a different one is set ahead, to undo that', () => {
  spec.given([]).when(change(seedShippingTable.zones)).then([]);
  spec
    .given([changed(table)])
    .when(change(table))
    .then([]);
  spec
    .given([changed(table, ahead)])
    .when(change(seedShippingTable.zones))
    .then([changed(seedShippingTable.zones)]);
});

test('a change from an instant already past is refused', () => {
  spec.given([]).when(change(table, '2026-11-30T00:00:00.000Z')).thenFails(Invalid, shippingRatesMessages.past);
});

test('a table with a problem is refused with the first of them: a country in two zones, a band with a gap', () => {
  spec
    .given([])
    .when(change([uk, { ...europe, countries: [...europe.countries, 'GB'] }, world]))
    .thenFails(Invalid, shippingRatesMessages.twoZones('GB', 'uk'));
  const gap: DeliveryZone = {
    ...uk,
    bands: [
      { fromItems: 1, toItems: 2, pence: 350 },
      { fromItems: 4, toItems: null, pence: 500 },
    ],
  };
  spec
    .given([])
    .when(change([gap, europe, world]))
    .thenFails(Invalid, shippingRatesMessages.gap(3));
});

test.run();
