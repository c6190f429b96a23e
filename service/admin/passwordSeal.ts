// An account's password hash is kept in its stream sealed (AES-256-GCM under a key derived from the token secret, bound
// to the account's name), as its two-step secret is: no answer of the log (the auditor's views, the export, the access
// download) holds a hash anyone could try passwords against. Only the sign-in opens it (decision 057).
import { openSecret, sealSecret } from './twoStep.ts';

const context = (username: string) => `password:${username}`;

export const sealPasswordHash = (tokenSecret: string, username: string, passwordHash: string): string =>
  sealSecret(tokenSecret, Buffer.from(passwordHash, 'utf8'), context(username));

/** The hash, or null when `sealed` does not open with this key for this account. */
export function openPasswordHash(tokenSecret: string, username: string, sealed: string): string | null {
  return openSecret(tokenSecret, sealed, context(username))?.toString('utf8') ?? null;
}
