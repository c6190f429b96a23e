import { spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminStream } from '../../contracts/shared/streams.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { call, startTestShop, testAdmin, type TestShop } from '../../infra/testing/shop.ts';
import { newEventId } from '../commands.ts';
import { readAdminToken } from './tokens.ts';

const signIn = async (shop: TestShop) => {
  const res = await call(`${shop.url}/api/admin/login`, { body: testAdmin });
  assert.is(res.status, 200, res.text);
  return { authorization: `Bearer ${res.json.token as string}` };
};
const orders = (shop: TestShop, headers: Record<string, string>) => call(`${shop.url}/api/admin/orders`, { headers });

test('a token names its session; logging out ends that session on the server and only that one', async () => {
  const shop = await startTestShop();
  const first = await signIn(shop);
  const second = await signIn(shop);
  const session = readAdminToken(shop.shop.deps.jwtSecret, first.authorization.slice(7))!;
  assert.match(session.sessionId, /^[0-9a-f-]{36}$/);
  assert.is((await orders(shop, first)).status, 200);
  const out = await call(`${shop.url}/api/admin/logout`, { method: 'POST', headers: first });
  assert.is(out.status, 200);
  assert.equal(out.json, { success: true, message: 'Logged Out' });
  assert.is(out.headers.get('cache-control'), 'no-store');
  const after = await orders(shop, first);
  assert.is(after.status, 401);
  assert.is(after.json.success, false);
  assert.is((await call(`${shop.url}/api/admin/logout`, { method: 'POST', headers: first })).status, 401);
  assert.is((await orders(shop, second)).status, 200, 'the other session goes on');
  // Sign-ins and sign-outs sit side by side in the audit log.
  const stream = await shop.shop.deps.events.readStream(adminStream(testAdmin.username));
  assert.equal(stream.map((e) => e.type), ['AdminLoggedIn', 'AdminLoggedIn', 'AdminLoggedOut']);
  assert.equal(stream[2]!.data, { username: testAdmin.username, sessionId: session.sessionId, at: (stream[2]!.data as { at: string }).at });
  assert.is(stream[2]!.metadata.ip, '127.0.0.1');
  // Without a token there is nothing to end.
  assert.is((await call(`${shop.url}/api/admin/logout`, { method: 'POST' })).status, 401);
  await shop.close();
});

test('a password change ends every session, in every shop process on the log', async () => {
  const shop = await startTestShop();
  const other = await startTestShop({ DATA_DIR: shop.dataDir });
  try {
    const a = await signIn(shop);
    const b = await signIn(other);
    assert.is((await orders(shop, b)).status, 200);
    assert.is((await orders(other, a)).status, 200);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'infra/cli/admin.ts', 'set-password', '--password', 'a-brand-new-password'], {
      env: { ...process.env, DATA_DIR: shop.dataDir, NODE_ENV: 'test', ADMIN_USERNAME: testAdmin.username },
      encoding: 'utf8',
    });
    assert.is(cli.status, 0, cli.stderr);
    // Every process refuses both sessions within a second of the change.
    const by = Date.now() + 1100;
    for (const [where, s] of [['first', shop], ['second', other]] as const) {
      await eventually(async () => (await orders(s, a)).status === 401, by - Date.now(), `${where} process, session a refused`);
      await eventually(async () => (await orders(s, b)).status === 401, by - Date.now(), `${where} process, session b refused`);
    }
    const types = (await shop.shop.deps.events.readStream(adminStream(testAdmin.username))).map((e) => e.type);
    assert.equal(types.slice(-1), ['AdminSessionsRevoked']);
  } finally {
    await other.close();
    await shop.close();
  }
});

test('a sign-out in one shop process is honoured by another on the same log within a second', async () => {
  const shop = await startTestShop();
  const other = await startTestShop({ DATA_DIR: shop.dataDir });
  try {
    const token = await signIn(shop);
    assert.is((await orders(other, token)).status, 200);
    assert.is((await call(`${shop.url}/api/admin/logout`, { method: 'POST', headers: token })).status, 200);
    await eventually(async () => (await orders(other, token)).status === 401, 1100, 'the session ended at the other process');
  } finally {
    await other.close();
    await shop.close();
  }
});

test('the auditor reads every stream the log holds, whatever characters its name has', async () => {
  const shop = await startTestShop();
  const owner = await signIn(shop);
  const odd = 'admin-owner@example.com';
  const at = new Date().toISOString();
  await shop.shop.deps.events.append(odd, [{ type: 'AdminLoginFailed', data: { username: 'owner@example.com', reason: 'unknown_username', at }, id: newEventId(), metadata: { causedBy: 'visitor', causationId: 'x', correlationId: 'x', at } }], 'any');
  const res = await call(`${shop.url}/api/admin/events?stream=${encodeURIComponent(odd)}`, { headers: owner });
  assert.is(res.status, 200, res.text);
  assert.is(res.json.stream, odd);
  assert.is(res.json.events.length, 1);
  assert.is((await call(`${shop.url}/api/admin/events?stream=${encodeURIComponent('admin-no one@here')}`, { headers: owner })).status, 404);
  await shop.close();
});

test.run();
