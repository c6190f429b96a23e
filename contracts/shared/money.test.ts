import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderNumberFrom } from './constants.ts';
import { formatPence, penceToPoundsString, poundsToPence } from './money.ts';
import { bookStream, categoryOf, idOf, orderStream } from './streams.ts';

test('money: pence are shown as pounds in en-GB with two decimals', () => {
  assert.is(formatPence(999), '£9.99');
  assert.is(formatPence(0), '£0.00');
  assert.is(formatPence(123456), '£1,234.56');
  assert.is(formatPence(-150), '-£1.50');
  assert.is(formatPence(5), '£0.05');
  assert.is(formatPence(123456789), '£1,234,567.89');
  // The same as the platform's own en-GB currency format, over a spread of amounts.
  const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  for (const pence of [0, 1, 99, 100, 999, 1000, 99999, 100000, 2500005, -1, -99999])
    assert.is(formatPence(pence), gbp.format(pence / 100));
  assert.is(penceToPoundsString(999), '9.99');
  assert.is(poundsToPence(9.99), 999);
  assert.is(poundsToPence(0.1 + 0.2), 30);
});

test('streams and order numbers', () => {
  assert.is(bookStream(1), 'book-1');
  assert.is(categoryOf(orderStream('cs_test_a1-b2')), 'order');
  assert.is(idOf(orderStream('cs_test_a1-b2')), 'cs_test_a1-b2');
  assert.is(orderNumberFrom('cs_test_abcdefghijkl'), 'AH-efghijkl');
});

test.run();
