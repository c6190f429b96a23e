// A diff's field names read as words, and its lines are what the console's table shows.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffText, fieldWords } from './diffText.ts';

test('field names as words', () => {
  assert.is(fieldWords('customerName'), 'Customer name');
  assert.is(fieldWords('status'), 'Status');
  assert.is(fieldWords('orderId'), 'Order ID');
  assert.is(fieldWords('shippingAddress.postcode'), 'Shipping address › postcode');
  assert.is(fieldWords('items[0].quantity'), 'Items 1 › quantity');
  assert.is(fieldWords('history[12]'), 'History 13');
  assert.is(fieldWords('vatAmount'), 'VAT amount');
  assert.is(fieldWords('payment_reference'), 'Payment reference');
  assert.is(fieldWords(''), 'The whole record');
});

test('a diff as lines: what was compared, then a line a change', () => {
  const at = (revision: number, iso: string) => ({ stream: 'order-1', revision, at: iso, lastRevision: 3, state: {} });
  const diff = {
    stream: 'order-1',
    from: at(1, '2026-03-01T09:00:00.000Z'),
    to: at(3, '2026-03-02T09:00:00.000Z'),
    changes: [
      { path: 'status', before: 'processing', after: 'delivered' },
      { path: 'trackingNumber', before: null, after: 'RM123' },
      { path: 'items[0].quantity', before: 1, after: 2 },
      { path: 'totalAmount', before: 2697, after: 1798 },
      { path: 'refunds[0]', before: null, after: { amount: 999, reason: 'Damaged' } },
    ],
  };
  assert.equal(diffText(diff), [
    'order-1: revision 1 (2026-03-01T09:00:00.000Z) → revision 3 (2026-03-02T09:00:00.000Z)',
    'Status: processing → delivered',
    'Tracking number: — → RM123',
    'Items 1 › quantity: 1 → 2',
    'Total amount: £26.97 → £17.98',
    'Refunds 1: — → {"amount":"£9.99","reason":"Damaged"}',
  ]);
  assert.equal(diffText({ ...diff, changes: [] }).slice(1), ['Nothing changed.']);
});

test.run();
