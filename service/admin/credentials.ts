// Who the admin is and the hash their password must match, from the environment or from DATA_DIR/admin.json.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { readVersionedJson, writeVersionedJson, type JsonFileFormat } from '../dataFiles.ts';
import { hashPassword, isPasswordHash } from './password.ts';

export type AdminCredentials = { username: string; passwordHash: string };

export const adminFile = (config: Pick<Config, 'DATA_DIR'>) => join(config.DATA_DIR, 'admin.json');

/** admin.json's format; a file written before formats were recorded is version 1. */
export const adminFileFormat: JsonFileFormat = { newest: 1, upgrades: {} };

export function writeAdminFile(file: string, passwordHash: string, now = new Date()): void {
  writeVersionedJson(
    file,
    adminFileFormat,
    { passwordHash, updatedAt: now.toISOString() },
    { mode: 0o600, pretty: true },
  );
}

function readAdminFile(file: string): string {
  // An older file is upgraded and written back in the newest format; one from a newer release is refused.
  const stored = readVersionedJson<{ passwordHash?: unknown }>(file, adminFileFormat, {
    rewrite: true,
    mode: 0o600,
    pretty: true,
  }).passwordHash;
  if (typeof stored !== 'string' || !isPasswordHash(stored)) {
    throw new Error(`${file} holds no valid password hash; run npm run admin -- set-password`);
  }
  return stored;
}

/**
 * In order: ADMIN_PASSWORD_HASH; ADMIN_PASSWORD hashed now (refused in production by the config);
 * the hash in DATA_DIR/admin.json; else, outside production, a new admin with a random password that is
 * announced once and never stored in clear. Production never gets here without a hash (see config.ts).
 */
export async function resolveAdminCredentials(
  config: Config,
  announce: (message: string) => void,
  /** told the new account's password, to print it for a person (then the log line leaves the password out) */
  created?: (account: { username: string; password: string }) => void,
): Promise<AdminCredentials> {
  const username = config.ADMIN_USERNAME;
  if (config.ADMIN_PASSWORD_HASH) return { username, passwordHash: config.ADMIN_PASSWORD_HASH };
  if (config.ADMIN_PASSWORD) return { username, passwordHash: await hashPassword(config.ADMIN_PASSWORD) };
  const file = adminFile(config);
  if (existsSync(file)) return { username, passwordHash: readAdminFile(file) };
  if (config.NODE_ENV === 'production')
    throw new Error('No admin password hash is configured; set ADMIN_PASSWORD_HASH');
  const password = randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(password);
  writeAdminFile(file, passwordHash);
  if (created) {
    created({ username, password });
    announce(
      `Created the admin account "${username}"; its password was printed on the terminal, only this once. ` +
        `Sign in at /admin/login; change it with: npm run admin -- set-password`,
    );
  } else
    announce(
      `Created the admin account "${username}" with the password ${password} — shown only this once. ` +
        `Sign in at /admin/login; change it with: npm run admin -- set-password`,
    );
  return { username, passwordHash };
}

/**
 * What a first start outside production prints on the terminal for a person, as plain lines (not inside a JSON log
 * line): where to sign in, the username and password, and how to change it.
 */
export function firstStartLines(account: { username: string; password: string }, signInAt: string): string {
  return [
    '',
    '  The shop made its admin account on this first start:',
    '',
    `    Sign in at:  ${signInAt}`,
    `    Username:    ${account.username}`,
    `    Password:    ${account.password}`,
    '',
    '  The password is shown only this once: the shop keeps only its hash (DATA_DIR/admin.json).',
    '  Change it with:  npm run admin -- set-password   (then restart the shop)',
    '',
    '',
  ].join('\n');
}
