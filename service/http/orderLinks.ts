// The shopper's link to their order page: no account, so the link itself is the proof, and unlike a receipt's it
// expires. It names the order and the moment it stops working, and carries an HMAC-SHA256 of both under a key derived
// from the shop's token secret, of its own like the receipt links' (decision 057): nobody without the secret can make
// one for another order or stretch one's life, and a link altered in any character finds nothing.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long an order page link works from when it is sent: long enough for a parcel, a delivery and a return. */
export const orderLinkLifetimeDays = 60;

/** The key of order page links, from the token secret; it signs nothing else. */
export const orderLinkKey = (jwtSecret: string): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(jwtSecret, 'utf8'),
      Buffer.alloc(0),
      Buffer.from('amanah-house order page links v1', 'utf8'),
      32,
    ),
  );

const macOf = (key: Buffer, orderId: string, expiresAt: number) =>
  createHmac('sha256', key).update(`order-page:${orderId}:${expiresAt}`, 'utf8').digest('base64url');

/** `<order id in base64url>.<expiry in Unix seconds, base 36>.<43 characters of MAC>`: the link's last segment. */
export function orderLinkToken(key: Buffer, orderId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${Buffer.from(orderId, 'utf8').toString('base64url')}.${seconds.toString(36)}.${macOf(key, orderId, seconds)}`;
}

/** A token issued `now` for the standard lifetime. */
export const freshOrderLinkToken = (key: Buffer, orderId: string, now: Date) =>
  orderLinkToken(key, orderId, new Date(now.getTime() + orderLinkLifetimeDays * 86_400_000));

export type OrderLinkReading =
  | { kind: 'valid'; orderId: string; expiresAt: Date }
  /** signed by the shop but past its time: the page offers to send a fresh link to the order's own e-mail */
  | { kind: 'expired'; orderId: string }
  | { kind: 'invalid' };

/** What a token says at `now`: checked in constant time; anything the shop did not sign is simply invalid. */
export function readOrderLinkToken(key: Buffer, token: string, now: Date): OrderLinkReading {
  const match = /^([A-Za-z0-9_-]{1,200})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { kind: 'invalid' };
  const orderId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  // base64url and base 36 both have other spellings of one value: only the canonical one is the token.
  if (Buffer.from(orderId, 'utf8').toString('base64url') !== match[1]) return { kind: 'invalid' };
  const seconds = parseInt(match[2]!, 36);
  if (!Number.isSafeInteger(seconds) || seconds.toString(36) !== match[2]) return { kind: 'invalid' };
  const expected = Buffer.from(macOf(key, orderId, seconds), 'utf8');
  const given = Buffer.from(match[3]!, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { kind: 'invalid' };
  return now.getTime() >= seconds * 1000
    ? { kind: 'expired', orderId }
    : { kind: 'valid', orderId, expiresAt: new Date(seconds * 1000) };
}

/** The client path of the shopper's order page (contracts/shared/clientRoutes.ts, `orderPage`). */
export const orderPagePath = (token: string) => `/order/${token}`;
