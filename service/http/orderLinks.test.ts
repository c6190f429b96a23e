import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshOrderLinkToken, orderLinkKey, orderLinkToken, readOrderLinkToken } from './orderLinks.ts';

const key = orderLinkKey('a-secret-long-enough-for-the-shop-to-sign-with');
const now = new Date('2026-11-27T12:00:00Z');

test('a fresh link reads as valid for its order until it expires, then as expired', () => {
  const token = freshOrderLinkToken(key, 'order-1', now);
  const read = readOrderLinkToken(key, token, now);
  assert.is(read.kind, 'valid');
  assert.is(read.kind === 'valid' && read.orderId, 'order-1');
  assert.equal(readOrderLinkToken(key, token, new Date('2027-01-26T11:59:59Z')).kind, 'valid');
  assert.equal(readOrderLinkToken(key, token, new Date('2027-01-26T12:00:00Z')), {
    kind: 'expired',
    orderId: 'order-1',
  });
});

test('a link with any one character changed, or signed by another key, is invalid', () => {
  const token = orderLinkToken(key, 'order-1', new Date('2027-01-01T00:00:00Z'));
  for (let i = 0; i < token.length; i++) {
    const c = token[i] === 'A' ? 'B' : 'A';
    const altered = token.slice(0, i) + c + token.slice(i + 1);
    assert.is(readOrderLinkToken(key, altered, now).kind, 'invalid', `position ${i}`);
  }
  const other = orderLinkKey('another-secret-long-enough-for-the-shop-to-sign');
  assert.is(readOrderLinkToken(other, token, now).kind, 'invalid');
  assert.is(readOrderLinkToken(key, '', now).kind, 'invalid');
  assert.is(readOrderLinkToken(key, `${token}.x`, now).kind, 'invalid');
});

test('the expiry cannot be stretched: a later expiry under the same MAC is invalid', () => {
  const token = orderLinkToken(key, 'order-1', new Date('2026-12-01T00:00:00Z'));
  const [id, , mac] = token.split('.');
  const later = Math.floor(new Date('2030-01-01T00:00:00Z').getTime() / 1000).toString(36);
  assert.is(readOrderLinkToken(key, `${id}.${later}.${mac}`, now).kind, 'invalid');
});

test.run();
