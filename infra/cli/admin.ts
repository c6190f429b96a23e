// `npm run admin -- set-password`: sets the admin password, stored only as a scrypt hash.
//   --password <p>   take the password from the command line (else stdin when piped, else a hidden prompt)
//   --print-hash     only print ADMIN_PASSWORD_HASH for the environment: nothing is read from or written to any folder
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { adminFile, writeAdminFile } from '../../service/admin/credentials.ts';
import { hashPassword } from '../../service/admin/password.ts';
import { adminStream } from '../../contracts/shared/streams.ts';
import { metadataOf, newEventId } from '../../service/commands.ts';
import { ConfigError, loadConfig, type Config } from '../../service/config.ts';
import { openEventStore } from '../composition/shop.ts';

const minimumLength = 12;
const usage = 'Usage: npm run admin -- set-password [--password <password>] [--print-hash]';

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

/** Asks without echoing what is typed: readline writes through an output that drops everything after the question. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = rl.question(question);
  muted = true;
  const typed = await answer;
  rl.close();
  process.stdout.write('\n');
  return typed;
}

async function newPassword(given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  if (!process.stdin.isTTY) return readStdin();
  const first = await askHidden('New admin password: ');
  const second = await askHidden('Repeat it: ');
  if (first !== second) throw new Error('The two passwords differ; nothing was changed.');
  return first;
}

/** A new password ends every session signed in with the old one: the shop's guard reads this from the log. */
async function revokeSessions(config: Config): Promise<void> {
  const events = await openEventStore(config);
  try {
    const now = new Date().toISOString();
    const username = config.ADMIN_USERNAME;
    const metadata = {
      ...metadataOf({ causedBy: `admin:${username}`, requestId: `cli-${newEventId()}`, now }),
      via: 'npm run admin -- set-password',
    };
    await events.append(
      adminStream(username),
      [
        {
          type: 'AdminSessionsRevoked',
          data: { username, reason: 'password_changed', at: now },
          id: newEventId(),
          metadata,
        },
      ],
      'any',
    );
  } finally {
    await events.close();
  }
}

async function hashOfNewPassword(given: string | undefined): Promise<string> {
  const password = await newPassword(given);
  if (password.length < minimumLength)
    throw new Error(`The password must be at least ${minimumLength} characters; nothing was changed.`);
  return hashPassword(password);
}

async function setPassword(options: { password?: string; 'print-hash'?: boolean }) {
  if (options['print-hash']) {
    // Only a hash for the environment of a shop that may run elsewhere: no configuration is read and no folder is made
    // or written (no DATA_DIR, no log, no keys), wherever this is run.
    const hash = await hashOfNewPassword(options.password);
    // Single quotes: the hash holds "$", which shells and .env readers would otherwise expand.
    console.log(`ADMIN_PASSWORD_HASH='${hash}'`);
    console.error(
      'Nothing was written. Set ADMIN_PASSWORD_HASH where the shop runs and restart it; sessions signed in with the old password end when they expire or sign out.',
    );
    return;
  }
  const config = loadConfig();
  const hash = await hashOfNewPassword(options.password);
  const file = adminFile(config);
  writeAdminFile(file, hash);
  await revokeSessions(config);
  console.log(
    `The admin password for "${config.ADMIN_USERNAME}" is set (hash in ${file}); every session signed in until now has ended. Restart the shop to use it.`,
  );
  if (config.ADMIN_PASSWORD_HASH || config.ADMIN_PASSWORD) {
    console.log(
      'Note: ADMIN_PASSWORD_HASH or ADMIN_PASSWORD is set in the environment and takes precedence over this file.',
    );
  }
}

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, 'print-hash': { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals[0] !== 'set-password' || positionals.length > 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  await setPassword(values);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
