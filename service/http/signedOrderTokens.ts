// A link that names one order and proves the shop wrote it, for a shopper with no account: the order's id in base64url
// and an HMAC-SHA256 of it under a key derived from the shop's token secret for that one kind of link (as the sign-in
// names' hashes are, decision 057). Nobody without the secret can make one for another order, a key signs one kind of
// link only, and a link altered in any character finds nothing. Receipts and pre-order cancels are written with it.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The key, the token and the reading of one kind of order link: `info` names the key, `purpose` prefixes the MAC. */
export function signedOrderTokens(info: string, purpose: string) {
  const macOf = (key: Buffer, orderId: string) =>
    createHmac('sha256', key).update(`${purpose}:${orderId}`, 'utf8').digest('base64url');
  return {
    /** The kind's key, from the token secret; a key of its own, so it signs nothing else. */
    keyOf: (jwtSecret: string): Buffer =>
      Buffer.from(hkdfSync('sha256', Buffer.from(jwtSecret, 'utf8'), Buffer.alloc(0), Buffer.from(info, 'utf8'), 32)),
    /** `<order id in base64url>.<43 characters of MAC>`: what the link's last segment is. */
    tokenOf: (key: Buffer, orderId: string): string =>
      `${Buffer.from(orderId, 'utf8').toString('base64url')}.${macOf(key, orderId)}`,
    /** The order a token names, or null for anything the shop did not sign (compared in constant time). */
    orderOf: (key: Buffer, token: string): string | null => {
      const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const orderId = Buffer.from(match[1]!, 'base64url').toString('utf8');
      // base64url decoding is lenient: only the canonical spelling of an id is its token.
      if (Buffer.from(orderId, 'utf8').toString('base64url') !== match[1]) return null;
      const expected = Buffer.from(macOf(key, orderId), 'utf8');
      const given = Buffer.from(match[2]!, 'utf8');
      return expected.length === given.length && timingSafeEqual(expected, given) ? orderId : null;
    },
  };
}
