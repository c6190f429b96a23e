import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../config.ts';
import { adminFile, resolveAdminCredentials } from './credentials.ts';
import { hashPassword, isPasswordHash, verifyPassword } from './password.ts';
import { testAdmin, testAdminPasswordHash } from '../../infra/testing/shop.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-admin-'));
  dirs.push(dir);
  return dir;
};

test('password: stored as a self-describing scrypt hash that only the same password matches', async () => {
  const hash = await hashPassword('open sesame');
  assert.match(hash, /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  assert.not.match(hash, 'open sesame');
  assert.ok(isPasswordHash(hash));
  assert.ok(await verifyPassword('open sesame', hash));
  assert.not.ok(await verifyPassword('open sesame!', hash));
  assert.is.not(await hashPassword('open sesame'), hash, 'every hash has its own salt');
  const parts = hash.split('$');
  const flipped = parts
    .slice(0, 5)
    .concat(parts[5]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))
    .join('$');
  assert.not.ok(await verifyPassword('open sesame', flipped));
  // Costs outside sane bounds are refused rather than computed.
  assert.not.ok(isPasswordHash(hash.replace('$32768$', '$1073741824$')));
  assert.not.ok(isPasswordHash('plain-text-password'));
});

test('password cost: production and development hash at 2^15; only a test shop hashes, and accepts, the cheap 2^10', async () => {
  for (const env of ['production', 'development'] as const)
    assert.match(await hashPassword('open sesame', env), /^scrypt\$32768\$8\$1\$/, env);
  assert.match(await hashPassword('open sesame'), /^scrypt\$32768\$8\$1\$/, 'production is the default');
  const cheap = await hashPassword('open sesame', 'test');
  assert.match(cheap, /^scrypt\$1024\$8\$1\$/);
  assert.ok(isPasswordHash(cheap, 'test'));
  assert.ok(await verifyPassword('open sesame', cheap, 'test'));
  assert.not.ok(await verifyPassword('open sesame!', cheap, 'test'));
  for (const env of ['production', 'development'] as const) {
    assert.not.ok(isPasswordHash(cheap, env), `${env} refuses a hash below 2^14`);
    assert.not.ok(await verifyPassword('open sesame', cheap, env), `${env} never signs in with a cheap hash`);
  }
});

test("the test shops' admin hash is testAdmin's password, at the cost every new hash has", async () => {
  assert.ok(await verifyPassword(testAdmin.password, testAdminPasswordHash));
  const cost = (hash: string) => hash.split('$').slice(0, 4).join('$');
  assert.is(cost(testAdminPasswordHash), cost(await hashPassword(testAdmin.password)));
});

test('credentials: a first start outside production creates an admin, keeps only the hash (mode 600), announces the password once', async () => {
  const DATA_DIR = dataDir();
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR });
  const said: string[] = [];
  const first = await resolveAdminCredentials(config, (m) => said.push(m));
  assert.is(first.username, 'admin');
  assert.is(said.length, 1);
  const password = /password (\S+) /.exec(said[0]!)?.[1];
  assert.ok(password && password.length >= 16);
  assert.ok(await verifyPassword(password, first.passwordHash));
  const file = adminFile(config);
  assert.is(statSync(file).mode & 0o777, 0o600);
  assert.not.match(readFileSync(file, 'utf8'), password);
  const second = await resolveAdminCredentials(config, (m) => said.push(m));
  assert.is(second.passwordHash, first.passwordHash);
  assert.is(said.length, 1, 'the password is announced only on the first start');
});

test('credentials: ADMIN_PASSWORD_HASH wins, ADMIN_PASSWORD is hashed at start, production needs a hash', async () => {
  const hash = await hashPassword('from the environment');
  const fromHash = await resolveAdminCredentials(
    loadConfig({ DATA_DIR: dataDir(), ADMIN_USERNAME: 'owner', ADMIN_PASSWORD_HASH: hash }),
    () => assert.unreachable(),
  );
  assert.equal(fromHash, { username: 'owner', passwordHash: hash });
  const fromPassword = await resolveAdminCredentials(
    loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: 'plain for tests' }),
    () => assert.unreachable(),
  );
  assert.ok(await verifyPassword('plain for tests', fromPassword.passwordHash));
  for (const env of [
    { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_KEY: Buffer.alloc(32, 3).toString('base64') },
    {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
      ADMIN_PASSWORD: 'p',
      ADMIN_PASSWORD_HASH: hash,
    },
  ]) {
    try {
      loadConfig(env);
      assert.unreachable('production started without a usable admin hash');
    } catch (error) {
      assert.instance(error, ConfigError);
    }
  }
  try {
    loadConfig({ ADMIN_PASSWORD_HASH: 'hunter2' });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'ADMIN_PASSWORD_HASH');
  }
});

test.after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
test.run();
