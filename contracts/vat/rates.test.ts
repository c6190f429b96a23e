import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import {
  chargedRateOn,
  checkRate,
  formatRate,
  rateOn,
  STANDARD_RATE,
  ukDayOf,
  VatRateSchema,
  vatRateMessage,
  ZERO_RATE,
  type RateChange,
} from './rates.ts';
import { refusal } from '../../infra/testing/assert.ts';

// The UK standard rate's recent history.
const standard: RateChange[] = [
  { from: '2008-12-01', rate: 1500 },
  { from: '2010-01-01', rate: 1750 },
  { from: '2011-01-04', rate: 2000 },
];

test('given the shop goods, when their rates are named, then books are zero-rated and the poster standard-rated at 20%', () => {
  assert.is(ZERO_RATE, 0);
  assert.is(STANDARD_RATE, 2000);
  assert.is(formatRate(STANDARD_RATE), '20%');
  assert.is(formatRate(1750), '17.5%');
});

test('given a rate history, when the day before a change is asked, then the earlier rate answers', () => {
  assert.is(rateOn(standard, '2011-01-03'), 1750);
});

test('given a rate history, when the first day of a change is asked, then the new rate answers', () => {
  assert.is(rateOn(standard, '2011-01-04'), 2000);
  assert.is(rateOn(standard, '2010-01-01'), 1750);
});

test('given a rate history in any order, when a day is asked, then the latest change on or before it answers', () => {
  assert.is(rateOn([...standard].reverse(), '2026-11-27'), 2000);
  assert.is(rateOn([...standard].reverse(), '2009-06-30'), 1500);
});

test('given a past sale, when a later change is added to the history, then the sale day still has its rate', () => {
  const before = rateOn(standard, '2026-11-27');
  const changed = [...standard, { from: '2027-01-01', rate: 2250 }];
  assert.is(rateOn(changed, '2026-11-27'), before);
  assert.is(rateOn(changed, '2027-01-01'), 2250);
});

test('given a day before the first rate, when asked, then it is refused with a message', () => {
  assert.match(
    refusal(() => rateOn(standard, '2008-11-30')),
    'No VAT rate is set for 2008-11-30',
  );
  assert.match(
    refusal(() => rateOn([], '2026-11-27')),
    'No VAT rate is set',
  );
});

test('given two changes on one day, when asked, then the history is refused', () => {
  const twice = [...standard, { from: '2011-01-04', rate: 2100 }];
  assert.match(
    refusal(() => rateOn(twice, '2026-11-27')),
    'Two VAT rates start on 2011-01-04',
  );
});

test('given rates outside 0–100% or not whole basis points, when checked, then they are refused with a clear message', () => {
  for (const rate of [-1, 10_001, 17.5, Number.NaN])
    assert.match(
      refusal(() => checkRate(rate)),
      vatRateMessage,
    );
  assert.match(
    refusal(() => rateOn([{ from: '2026-01-01', rate: 12_000 }], '2026-11-27')),
    'from 0 (0%) to 10000',
  );
  assert.is(checkRate(0), 0);
  assert.is(checkRate(10_000), 10_000);
});

test('given a rate in a request, when the schema reads it, then a bad one gets the message', () => {
  const result = v.safeParse(VatRateSchema, 20_000);
  assert.not.ok(result.success);
  assert.is(result.issues?.[0]?.message, vatRateMessage);
  assert.ok(v.safeParse(VatRateSchema, 2000).success);
});

test('given days that are not real dates, when a rate is asked, then they are refused', () => {
  assert.match(
    refusal(() => rateOn(standard, '2026-02-30')),
    'YYYY-MM-DD',
  );
  assert.match(
    refusal(() => rateOn(standard, '27/11/2026')),
    'YYYY-MM-DD',
  );
});

test('given a shop not registered for VAT, when its charged rate is asked, then it charges none', () => {
  assert.is(chargedRateOn(standard, null, '2026-11-27'), 0);
});

test('given a shop registered from a day, when its charged rate is asked, then it is 0 before and the rate from that day', () => {
  assert.is(chargedRateOn(standard, '2026-12-01', '2026-11-30'), 0);
  assert.is(chargedRateOn(standard, '2026-12-01', '2026-12-01'), 2000);
  assert.is(chargedRateOn([{ from: '1973-04-01', rate: 0 }], '2026-12-01', '2026-12-02'), 0);
});

test('given instants near midnight, when their UK day is asked, then summer time moves the day', () => {
  assert.is(ukDayOf('2026-03-31T23:30:00Z'), '2026-04-01'); // BST: 00:30 on 1 April
  assert.is(ukDayOf('2026-01-31T23:30:00Z'), '2026-01-31'); // GMT
  assert.match(
    refusal(() => ukDayOf('yesterday')),
    'not a date and time',
  );
});

test.run();
