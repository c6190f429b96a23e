// Does the token secret open the accounts' sealed secrets? An account's password hash (decision 057) and its two-step
// secret are sealed in the log under a key derived from the token secret (JWT_SECRET, or on a developer's shop the file
// DATA_DIR/jwt-secret). A shop restored without it made a new one and then let no account sign in, saying nothing.
// Now restore refuses before writing, and a shop with no token secret at all refuses to start (decision 056, amended).
//
// The sealed values vouch for the secret themselves (AES-GCM's tag fails under any other key), so nothing about the
// secret is recorded anywhere. The newest sealed value decides: it was sealed with the secret the shop last ran with.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredEventStore } from '../../contracts/ports/eventStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { adminStream, unknownSignInStream } from '../../contracts/shared/streams.ts';
import { openPasswordHash } from '../../service/admin/passwordSeal.ts';
import { openSecret } from '../../service/admin/twoStep.ts';

export const tokenSecretFileName = 'jwt-secret';

export class TokenSecretRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenSecretRefused';
  }
}

/** One sealed secret of an account, the newest of its kind in the account's stream. */
export type SealedAccountSecret = {
  username: string;
  kind: 'password hash' | 'two-step secret';
  sealed: string;
  position: number;
};

/** The events of an account's stream that hold a sealed secret, as stored. */
export const sealingTypes = ['AccountCreated', 'AccountPasswordReset', 'AccountTwoStepEnabled'] as const;

/** The newest sealed password hash and two-step secret of each account, from its stored events in order. */
export function sealedAccountSecrets(
  events: Iterable<Pick<RecordedEvent, 'type' | 'data' | 'position'>>,
): SealedAccountSecret[] {
  const newest = new Map<string, SealedAccountSecret>();
  for (const event of events) {
    const data = event.data as { username?: unknown; sealedPasswordHash?: unknown; sealedSecret?: unknown };
    if (typeof data.username !== 'string') continue;
    const username = data.username;
    if (
      (event.type === 'AccountCreated' || event.type === 'AccountPasswordReset') &&
      typeof data.sealedPasswordHash === 'string'
    ) {
      newest.set(`p:${username}`, {
        username,
        kind: 'password hash',
        sealed: data.sealedPasswordHash,
        position: event.position,
      });
    }
    if (event.type === 'AccountTwoStepEnabled' && typeof data.sealedSecret === 'string') {
      newest.set(`t:${username}`, {
        username,
        kind: 'two-step secret',
        sealed: data.sealedSecret,
        position: event.position,
      });
    }
  }
  return [...newest.values()].sort((a, b) => a.position - b.position);
}

export const opensWith = (tokenSecret: string, secret: SealedAccountSecret): boolean =>
  secret.kind === 'password hash'
    ? openPasswordHash(tokenSecret, secret.username, secret.sealed) !== null
    : openSecret(tokenSecret, secret.sealed, `account:${secret.username}`) !== null;

/** Every account's stream (admin-<username>, not the days of unknown names), read as stored. */
export async function accountSecretsIn(stored: StoredEventStore): Promise<SealedAccountSecret[]> {
  const unknownNames = unknownSignInStream('0000-00-00').slice(0, -'0000-00-00'.length);
  const accounts = (await stored.listStreams(adminStream(''))).filter((s) => !s.stream.startsWith(unknownNames));
  const events: RecordedEvent[] = [];
  for (const { stream } of accounts) events.push(...(await stored.readStream(stream)));
  return sealedAccountSecrets(events.sort((a, b) => a.position - b.position));
}

/** JWT_SECRET, else the text of DATA_DIR/jwt-secret, else null; never makes one (tokens.ts does, once this passed). */
export function configuredTokenSecret(config: { JWT_SECRET?: string | undefined; DATA_DIR: string }): string | null {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.DATA_DIR, tokenSecretFileName);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** What the check found: null when the secret opens the newest sealed secret (or there is none), else why not. */
export function tokenSecretProblem(
  secrets: readonly SealedAccountSecret[],
  tokenSecret: string | null,
): { newest: SealedAccountSecret; opened: number } | null {
  const newest = secrets.at(-1);
  if (!newest) return null;
  if (tokenSecret !== null && opensWith(tokenSecret, newest)) return null;
  return { newest, opened: tokenSecret === null ? 0 : secrets.filter((s) => opensWith(tokenSecret, s)).length };
}

const accountsOf = (secrets: readonly SealedAccountSecret[]) => new Set(secrets.map((s) => s.username)).size;

/**
 * The start-up guard. No token secret at all (neither JWT_SECRET nor DATA_DIR/jwt-secret: the shop would make a new one,
 * as after a restore that left it out) while the log holds accounts' sealed secrets: refused (TokenSecretRefused), and
 * no file is made. A token secret the operator gave that does not open the newest of them: answered as a warning to log,
 * not a refusal, since a shop whose secret is truly lost must still start for its configured owner to reset the
 * accounts' passwords, and an earlier release's log (golden v2) must keep opening. Null: nothing to say.
 */
export async function checkTokenSecret(
  stored: StoredEventStore,
  tokenSecret: string | null,
  dataDir: string,
): Promise<string | null> {
  const secrets = await accountSecretsIn(stored);
  const problem = tokenSecretProblem(secrets, tokenSecret);
  if (!problem) return null;
  const { newest } = problem;
  const held = `The log holds ${accountsOf(secrets)} accounts' password hashes or two-step secrets sealed under the shop's token secret (the newest, ${newest.username}'s ${newest.kind}, at position ${newest.position})`;
  const file = join(dataDir, tokenSecretFileName);
  if (tokenSecret === null) {
    throw new TokenSecretRefused(
      `${held}, but JWT_SECRET is not set and ${file} is missing: a new token secret would open none of them and no account could sign in, so the shop did not start. ` +
        `Set JWT_SECRET to the token secret the shop ran with (on a developer's shop, put the text of its old DATA_DIR/jwt-secret into ${file}). ` +
        "If it is lost, set JWT_SECRET to a new one (32+ characters): the shop then starts, and the owner resets the accounts' passwords and two-step.",
    );
  }
  return `${held}, but the token secret (JWT_SECRET, or ${file}) opens ${problem.opened} of the ${secrets.length}: those accounts cannot sign in until the owner resets their passwords (and two-step). If this is not the token secret the shop ran with, stop it and set that one.`;
}
