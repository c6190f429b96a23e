// The first start outside production speaks to the person at the terminal: the generated admin password in plain lines
// with the address to sign in at and the command to change it; the log line says an account was made, without the
// password; the password signs in; a second start says nothing of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../../infra/testing/assert.ts';
import { nodeArgs } from '../../infra/testing/programs.ts';
import { call } from '../../infra/testing/shop.ts';
import { firstStartLines } from './credentials.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-first-start-'));
test.after(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The shop's own entry point on the data folder until it listens; its output so far, and a way to stop it by pid. */
async function startShop(port: number) {
  const child = spawn(process.execPath, nodeArgs('infra/main/shop.ts'), {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: '',
      ADMIN_PASSWORD_HASH: '',
      PUBLIC_URL: '',
      REDIS_URL: '',
      EVENTSTORE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await eventually(
    () => {
      if (child.exitCode !== null) assert.unreachable(`the shop exited: ${output}`);
      return output.includes('shop listening on');
    },
    120_000,
    'the shop to listen',
  );
  return {
    output: () => output,
    async stop() {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
      await exited;
    },
  };
}

test('the lines printed: where to sign in, the username and password, how to change it', () => {
  const text = firstStartLines(
    { username: 'admin', password: 'p4ssw0rd-example' },
    'http://localhost:3000/admin/login',
  );
  assert.match(text, /^ {4}Sign in at: {2}http:\/\/localhost:3000\/admin\/login$/m);
  assert.match(text, /^ {4}Username: {4}admin$/m);
  assert.match(text, /^ {4}Password: {4}p4ssw0rd-example$/m);
  assert.match(text, /npm run admin -- set-password/);
});

test('a first start prints the password as plain lines, keeps it out of the log, and it signs in', async () => {
  const port = await freePort();
  const shop = await startShop(port);
  let password = '';
  try {
    await eventually(() => /^ {4}Password: {4}\S+$/m.test(shop.output()), 30_000, 'the password lines');
    const output = shop.output();
    password = /^ {4}Password: {4}(\S+)$/m.exec(output)![1]!;
    assert.match(output, new RegExp(`^ {4}Sign in at: {2}http://localhost:${port}/admin/login$`, 'm'));
    assert.match(output, /^ {4}Username: {4}admin$/m);
    assert.match(output, /Change it with: {2}npm run admin -- set-password/);
    const logLines = output.split('\n').filter((line) => line.startsWith('{'));
    assert.ok(logLines.some((line) => line.includes('Created the admin account')));
    assert.not.ok(
      logLines.some((line) => line.includes(password)),
      'the password is in no JSON log line',
    );
    const signIn = await call(`http://127.0.0.1:${port}/api/admin/login`, {
      body: { username: 'admin', password },
    });
    assert.is(signIn.status, 200, signIn.text);
  } finally {
    await shop.stop();
  }
  const again = await startShop(port);
  try {
    assert.not.match(again.output(), /Password:/);
    assert.not.match(again.output(), password);
  } finally {
    await again.stop();
  }
});

test.run();
