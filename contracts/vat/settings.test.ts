// The VAT settings' fold (decision 069): registration periods, and each product's rate history kept one rate a day.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  catalogRatesFrom,
  chargedRateOf,
  foldVatSettings,
  openRegistration,
  rateHistoryOf,
  registrationOn,
} from './settings.ts';
import type { VatSettingsEvent } from './events.ts';

const by = 'admin';
const at = '2026-04-01T09:00:00.000Z';
const registered = (registeredFrom: string, vatNumber = 'GB365684514'): VatSettingsEvent => ({
  type: 'VatRegistered',
  data: { vatNumber, registeredFrom, by, at },
});
const ended = (from: string): VatSettingsEvent => ({ type: 'VatDeregistered', data: { from, by, at } });
const rated = (bookId: number, from: string, rate: number, when = at): VatSettingsEvent => ({
  type: 'VatRateChanged',
  data: { bookId, from, rate, by, at: when },
});

test('given no events, the shop is not registered and every product has its catalog rate from the start', () => {
  const settings = foldVatSettings([]);
  assert.is(registrationOn(settings, '2026-06-01'), null);
  assert.is(openRegistration(settings), null);
  assert.equal(rateHistoryOf(settings, 3), [
    { from: catalogRatesFrom, rate: 2000, source: 'catalog', by: null, at: null },
  ]);
  assert.is(rateHistoryOf(settings, 1)[0]!.rate, 0);
  assert.is(rateHistoryOf(settings, 99)[0]!.rate, 2000, 'a product the catalog has no rate for is standard-rated');
  assert.is(chargedRateOf(settings, 3, '2026-06-01'), 0);
});

test('given a registration ended and another begun, each day falls in the period covering it, the end day in none', () => {
  const settings = foldVatSettings([
    registered('2026-04-01'),
    ended('2026-07-01'),
    registered('2026-09-01', 'GB339072747'),
  ]);
  assert.is(registrationOn(settings, '2026-03-31'), null);
  assert.is(registrationOn(settings, '2026-04-01')?.vatNumber, 'GB365684514');
  assert.is(registrationOn(settings, '2026-06-30')?.vatNumber, 'GB365684514');
  assert.is(registrationOn(settings, '2026-07-01'), null);
  assert.is(registrationOn(settings, '2026-09-01')?.vatNumber, 'GB339072747');
  assert.is(openRegistration(settings)?.from, '2026-09-01');
  assert.is(chargedRateOf(settings, 3, '2026-08-15'), 0);
  assert.is(chargedRateOf(settings, 3, '2026-09-15'), 2000);
});

test('given rate changes, a later change for the same day replaces it and a backdated one holds until the next', () => {
  const settings = foldVatSettings([
    registered('2026-01-01'),
    rated(3, '2026-07-01', 500),
    rated(3, '2026-07-01', 1500, '2026-04-02T09:00:00.000Z'),
    rated(3, '2026-05-01', 0),
  ]);
  assert.equal(
    rateHistoryOf(settings, 3).map((entry) => [entry.from, entry.rate, entry.source]),
    [
      [catalogRatesFrom, 2000, 'catalog'],
      ['2026-05-01', 0, 'owner'],
      ['2026-07-01', 1500, 'owner'],
    ],
  );
  assert.is(chargedRateOf(settings, 3, '2026-04-30'), 2000);
  assert.is(chargedRateOf(settings, 3, '2026-05-01'), 0);
  assert.is(chargedRateOf(settings, 3, '2026-07-01'), 1500);
  assert.is(chargedRateOf(settings, 1, '2026-07-01'), 0, "another product's changes are its own");
});

test.run();
