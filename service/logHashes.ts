// What the server's log may say of a person: never their e-mail address, name or postal address, only a keyed hash of
// it (HMAC-SHA256 under a key derived from the token secret, for this purpose alone), so the lines about one person can
// be found together and nobody holding the log can turn them back into the person (decision 095). An erasure then
// leaves nothing of the person in the log: the hash names no one once the shop's data about them is gone.
import { createHmac, hkdfSync } from 'node:crypto';

/** How a hashed value reads in a log line: `hmac:` and 16 characters of base64url (96 bits). */
export type LogHash = (value: string) => string;

export const logHashKey = (jwtSecret: string): Buffer =>
  Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(jwtSecret, 'utf8'),
      Buffer.alloc(0),
      Buffer.from('amanah-house server log: personal values v1', 'utf8'),
      32,
    ),
  );

/** The same address or name, however it is cased or spaced, is one hash. */
const normalised = (value: string) => value.trim().toLowerCase();

export function logHasher(jwtSecret: string): LogHash {
  const key = logHashKey(jwtSecret);
  return (value) =>
    `hmac:${createHmac('sha256', key).update(normalised(value), 'utf8').digest('base64url').slice(0, 16)}`;
}

/** Anything that looks like an e-mail address, as a mail server quotes it back in an error ("<a@b.example>: rejected"). */
const addressLike = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[^\s<>"'(),;:[\]]+/g;

/** A message (an error's, a provider's) with every e-mail address in it replaced by its hash. */
export const withoutAddresses = (text: string, hash: LogHash): string =>
  text.replace(addressLike, (address) => hash(address));
