// The buyer's link to a receipt: no account, so the link itself is the proof. It names the order and carries an
// HMAC-SHA256 of it under a key derived from the shop's token secret (as the sign-in names' hashes are, decision 057):
// nobody without the secret can make one for another order, and a link altered in any character finds nothing.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The key of receipt links, from the token secret; a key of its own, so it signs nothing else. */
export const receiptLinkKey = (jwtSecret: string): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(jwtSecret, 'utf8'),
      Buffer.alloc(0),
      Buffer.from('amanah-house receipt links v1', 'utf8'),
      32,
    ),
  );

const macOf = (key: Buffer, orderId: string) =>
  createHmac('sha256', key).update(`receipt:${orderId}`, 'utf8').digest('base64url');

/** `<order id in base64url>.<43 characters of MAC>`: what the link's last segment is. */
export function receiptToken(key: Buffer, orderId: string): string {
  return `${Buffer.from(orderId, 'utf8').toString('base64url')}.${macOf(key, orderId)}`;
}

/** The order a token names, or null for anything the shop did not sign (compared in constant time). */
export function orderOfToken(key: Buffer, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const orderId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  // base64url decoding is lenient: only the canonical spelling of an id is its token.
  if (Buffer.from(orderId, 'utf8').toString('base64url') !== match[1]) return null;
  const expected = Buffer.from(macOf(key, orderId), 'utf8');
  const given = Buffer.from(match[2]!, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? orderId : null;
}

/** The client path of the buyer's copy of an order's receipt (contracts/shared/clientRoutes.ts, `receipt`). */
export const receiptPath = (key: Buffer, orderId: string) => `/receipt/${receiptToken(key, orderId)}`;
