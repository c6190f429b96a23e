import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderOfPreOrderCancelToken, preOrderCancelKey, preOrderCancelToken } from './preOrderCancelLinks.ts';
import { orderOfToken, receiptLinkKey, receiptToken } from './receiptLinks.ts';

const secret = 'a-secret-long-enough-for-the-shop-to-sign-with';
const receiptKey = receiptLinkKey(secret);
const cancelKey = preOrderCancelKey(secret);

test('a receipt token names its order, and one with any character changed names none', () => {
  const token = receiptToken(receiptKey, 'cs_sandbox_abc');
  assert.is(orderOfToken(receiptKey, token), 'cs_sandbox_abc');
  for (let i = 0; i < token.length; i++) {
    const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    assert.is(orderOfToken(receiptKey, altered), null, `position ${i}`);
  }
  assert.is(orderOfToken(receiptKey, ''), null);
  assert.is(orderOfToken(receiptLinkKey('another-secret-long-enough-for-the-shop-to-sign'), token), null);
});

test("one kind of link is never another's: a receipt token cancels nothing, a cancel token opens no receipt", () => {
  assert.not.equal(receiptKey, cancelKey);
  const receipt = receiptToken(receiptKey, 'order-1');
  const cancel = preOrderCancelToken(cancelKey, 'order-1');
  assert.is(orderOfPreOrderCancelToken(cancelKey, cancel), 'order-1');
  assert.is(orderOfPreOrderCancelToken(cancelKey, receipt), null);
  assert.is(orderOfToken(receiptKey, cancel), null);
});

test('a token is the canonical base64url of its order and a 43-character MAC', () => {
  const token = receiptToken(receiptKey, 'order-1');
  assert.match(token, /^b3JkZXItMQ\.[A-Za-z0-9_-]{43}$/);
  // A non-canonical spelling of the same id (a trailing bit changed) is refused.
  assert.is(orderOfToken(receiptKey, token.replace('b3JkZXItMQ', 'b3JkZXItMR')), null);
});

test.run();
