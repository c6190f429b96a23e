import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyPassword } from '../../service/admin/password.ts';
import { nodeArgs } from '../testing/programs.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-admin-cli-'));
const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: dir, ADMIN_PASSWORD: '', ADMIN_PASSWORD_HASH: '' };
const admin = (args: string[], input?: string) =>
  spawnSync(process.execPath, [...nodeArgs('infra/cli/admin.ts'), ...args], { env, input, encoding: 'utf8' });

test('set-password writes only a hash to DATA_DIR/admin.json, readable by its owner alone', async () => {
  const run = admin(['set-password', '--password', 'a long enough password']);
  assert.is(run.status, 0, run.stderr);
  const file = join(dir, 'admin.json');
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { passwordHash: string };
  assert.ok(await verifyPassword('a long enough password', stored.passwordHash));
  assert.is(statSync(file).mode & 0o777, 0o600);
  assert.not.match(run.stdout, 'a long enough password');
});

test('set-password reads a piped password and can print a hash for ADMIN_PASSWORD_HASH instead', async () => {
  const run = admin(['set-password', '--print-hash'], 'piped password here\n');
  assert.is(run.status, 0, run.stderr);
  const hash = /^ADMIN_PASSWORD_HASH='(.+)'$/m.exec(run.stdout)?.[1];
  assert.ok(hash && (await verifyPassword('piped password here', hash)));
});

test('set-password --print-hash without DATA_DIR makes and writes nothing: its folder is as empty as before', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'shop-admin-cwd-'));
  try {
    const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
    const entry = 'infra/cli/admin.ts';
    // Run from another folder, the entry and tsx named by where they are rather than from that folder.
    const args = nodeArgs(entry).map((arg) =>
      arg === entry ? join(root, entry) : arg === 'tsx' ? import.meta.resolve('tsx') : arg,
    );
    const { DATA_DIR: _dataDir, ...withoutDataDir } = env;
    const run = spawnSync(process.execPath, [...args, 'set-password', '--print-hash'], {
      cwd,
      env: withoutDataDir,
      input: 'a password for production\n',
      encoding: 'utf8',
    });
    assert.is(run.status, 0, run.stderr);
    const hash = /^ADMIN_PASSWORD_HASH='(.+)'$/m.exec(run.stdout)?.[1];
    assert.ok(hash && (await verifyPassword('a password for production', hash)));
    assert.match(run.stderr, 'Nothing was written');
    assert.equal(readdirSync(cwd), []);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

test('set-password refuses a short password and unknown commands', () => {
  const short = admin(['set-password', '--password', 'short']);
  assert.is(short.status, 1);
  assert.match(short.stderr, 'at least 12 characters');
  assert.is(admin(['reset-everything']).status, 2);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
