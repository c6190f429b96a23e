// The one-click cancel in a pre-order's e-mail (decision 132): no account, so the link itself is the proof, as an
// unsubscribe link's is (service/http/unsubscribeLinks.ts). It names the order and carries an HMAC-SHA256 of it under
// a key of its own derived from the shop's token secret: nobody without the secret can cancel someone else's
// pre-order, and a link altered in any character finds nothing. It does not expire: a pre-order may be cancelled at any
// time before dispatch, however old the e-mail is; once dispatched the link answers why it no longer can.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The key of pre-order cancel links, from the token secret; a key of its own, so it signs nothing else. */
export const preOrderCancelKey = (jwtSecret: string): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(jwtSecret, 'utf8'),
      Buffer.alloc(0),
      Buffer.from('amanah-house pre-order cancel links v1', 'utf8'),
      32,
    ),
  );

const macOf = (key: Buffer, orderId: string) =>
  createHmac('sha256', key).update(`preorder-cancel:${orderId}`, 'utf8').digest('base64url');

/** `<order id in base64url>.<43 characters of MAC>`: what the link's last segment is. */
export function preOrderCancelToken(key: Buffer, orderId: string): string {
  return `${Buffer.from(orderId, 'utf8').toString('base64url')}.${macOf(key, orderId)}`;
}

/** The order a token names, or null for anything the shop did not sign (compared in constant time). */
export function orderOfPreOrderCancelToken(key: Buffer, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const orderId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  // base64url decoding is lenient: only the canonical spelling of an id is its token.
  if (Buffer.from(orderId, 'utf8').toString('base64url') !== match[1]) return null;
  const expected = Buffer.from(macOf(key, orderId), 'utf8');
  const given = Buffer.from(match[2]!, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? orderId : null;
}

/** The client path of the one-click cancel (contracts/shared/clientRoutes.ts, `preOrderCancel`). */
export const preOrderCancelPath = (key: Buffer, orderId: string) =>
  `/preorder-cancel/${preOrderCancelToken(key, orderId)}`;
