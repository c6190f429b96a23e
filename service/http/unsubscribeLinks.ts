// The unsubscribe link in a newsletter or back-in-stock e-mail: no account, so the link itself is the proof, as a
// receipt's is (service/http/receiptLinks.ts). It names what it stops (a consent or a request) and carries an
// HMAC-SHA256 of that under a key of its own derived from the shop's token secret: nobody without the secret can stop
// someone else's e-mails, and a link altered in any character finds nothing. It does not expire: a withdrawal must
// work however old the e-mail is (decision 090).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeKind } from '../../contracts/messages/unsubscribe.ts';

/** The key of unsubscribe links, from the token secret; a key of its own, so it signs nothing else. */
export const unsubscribeKey = (jwtSecret: string): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(jwtSecret, 'utf8'),
      Buffer.alloc(0),
      Buffer.from('amanah-house unsubscribe links v1', 'utf8'),
      32,
    ),
  );

const prefixes = { newsletter: 'n', restock: 'r' } as const satisfies Record<UnsubscribeKind, string>;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const macOf = (key: Buffer, kind: UnsubscribeKind, id: string) =>
  createHmac('sha256', key).update(`unsubscribe:${kind}:${id}`, 'utf8').digest('base64url');

/** `<n|r><uuid>.<43 characters of MAC>`: what the link's last segment is. */
export function unsubscribeToken(key: Buffer, kind: UnsubscribeKind, id: string): string {
  return `${prefixes[kind]}${id}.${macOf(key, kind, id)}`;
}

/** What a token stops, or null for anything the shop did not sign (compared in constant time). */
export function ofUnsubscribeToken(key: Buffer, token: string): { kind: UnsubscribeKind; id: string } | null {
  const match = /^([nr])([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !uuid.test(match[2]!)) return null;
  const kind: UnsubscribeKind = match[1] === 'n' ? 'newsletter' : 'restock';
  const id = match[2]!;
  const expected = Buffer.from(macOf(key, kind, id), 'utf8');
  const given = Buffer.from(match[3]!, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? { kind, id } : null;
}
