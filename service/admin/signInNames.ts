// A name typed into the sign-in form that is no account may be anything a visitor types: often their own e-mail
// address. It is never kept as typed: the log, the throttle's counters and the log lines hold a keyed hash of it
// (HMAC-SHA256 under a key derived from the token secret, which the shop keeps and no export holds), enough to count
// the attempts on one name and to slow them, and nothing a reader of the log could turn back into the name (decision 057).
import { createHmac, hkdfSync } from 'node:crypto';

/** The key of the sign-in names' hashes, from the token secret. */
export const signInNameKey = (jwtSecret: string): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(jwtSecret, 'utf8'),
      Buffer.alloc(0),
      Buffer.from('amanah-house sign-in names v1', 'utf8'),
      32,
    ),
  );

/** A typed name as it is counted: trimmed and in lower case, so "Owner " and "owner" are one name. */
const normalised = (name: string) => name.trim().toLowerCase();

/** The keyed hash a name is recorded and counted by: `hmac-sha256:` and 43 characters of base64url. */
export function signInNameHash(key: Buffer, name: string): string {
  return `hmac-sha256:${createHmac('sha256', key).update(normalised(name), 'utf8').digest('base64url')}`;
}

/** The hashing of one shop's sign-in names. */
export function signInNames(jwtSecret: string): (name: string) => string {
  const key = signInNameKey(jwtSecret);
  return (name) => signInNameHash(key, name);
}
