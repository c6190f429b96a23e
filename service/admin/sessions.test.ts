import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { adminStream } from '../../contracts/shared/streams.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { call, startTestShop, testAdmin, type TestShop } from '../../infra/testing/shop.ts';
import { newEventId } from '../commands.ts';
import { createSessionCheck } from './sessions.ts';
import { readAdminToken } from './tokens.ts';
import { nodeArgs } from '../../infra/testing/programs.ts';

const run = promisify(execFile);

const signIn = async (shop: TestShop) => {
  const res = await call(`${shop.url}/api/admin/login`, { body: testAdmin });
  assert.is(res.status, 200, res.text);
  return { authorization: `Bearer ${res.json.token as string}` };
};
const orders = (shop: TestShop, headers: Record<string, string>) => call(`${shop.url}/api/admin/orders`, { headers });

test('a session ended elsewhere is refused from the first check more than a second after the check last read the log', async () => {
  // The check's clock and the log are the test's: "within a second" is counted by the clock the check reads, so it
  // holds however slow the machine is.
  let nowMs = Date.parse('2026-05-04T10:00:00.000Z');
  const written: RecordedEvent<ShopEvent>[] = [];
  let reads = 0;
  const events = {
    readStream: async (stream: string) => {
      reads++;
      return stream === adminStream('admin') ? [...written] : [];
    },
  };
  const check = createSessionCheck(events, { maxAgeMs: 1000, now: () => nowMs });
  const session = {
    username: 'admin',
    sessionId: 'session-1',
    issuedAtMs: nowMs - 5000,
    expiresAtMs: nowMs + 3_600_000,
  };
  assert.is(await check.standing(session, 'admin'), 'owner');
  // Another shop process on the log records the sign-out.
  const at = new Date(nowMs).toISOString();
  const metadata = { causedBy: 'admin:admin', causationId: 'c', correlationId: 'c', at };
  written.push({
    type: 'AdminLoggedOut',
    data: { username: 'admin', sessionId: 'session-1', at },
    id: 'e-1',
    metadata,
    stream: adminStream('admin'),
    revision: 0,
    position: 1,
  });
  nowMs += 1000;
  assert.is(await check.standing(session, 'admin'), 'owner', 'what was read a second ago still stands');
  assert.is(reads, 1, 'and the log is not read again');
  nowMs += 1;
  assert.is(
    await check.standing(session, 'admin'),
    null,
    'past the second, the log is read again and the session has ended',
  );
  assert.ok(await check.ended(session));
  assert.is(reads, 2);
  // A session signed in after a revocation lives on; one signed in its second does not.
  written.push({
    type: 'AdminSessionsRevoked',
    data: { username: 'admin', reason: 'password_changed', at: new Date(nowMs).toISOString() },
    id: 'e-2',
    metadata,
    stream: adminStream('admin'),
    revision: 1,
    position: 2,
  });
  check.forget('admin');
  const before = { ...session, sessionId: 'session-2', issuedAtMs: Math.floor(nowMs / 1000) * 1000 };
  const after = { ...session, sessionId: 'session-3', issuedAtMs: Math.floor(nowMs / 1000) * 1000 + 1000 };
  assert.is(await check.standing(before, 'admin'), null);
  assert.is(await check.standing(after, 'admin'), 'owner');
});

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
  assert.equal(
    stream.map((e) => e.type),
    ['AdminLoggedIn', 'AdminLoggedIn', 'AdminLoggedOut'],
  );
  assert.equal(stream[2]!.data, {
    username: testAdmin.username,
    sessionId: session.sessionId,
    at: (stream[2]!.data as { at: string }).at,
  });
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
    // Run without blocking this process: a shop here whose event loop stood still for seconds would close its idle
    // keep-alive connections at the moment fetch reuses them ("fetch failed"), a failure of the test, not the shop.
    const cli = await run(
      process.execPath,
      [...nodeArgs('infra/cli/admin.ts'), 'set-password', '--password', 'a-brand-new-password'],
      {
        env: { ...process.env, DATA_DIR: shop.dataDir, NODE_ENV: 'test', ADMIN_USERNAME: testAdmin.username },
        encoding: 'utf8',
      },
    ).catch((error: { code: number; stderr: string }) => error);
    assert.is('code' in cli ? cli.code : 0, 0, cli.stderr);
    // Every process refuses both sessions once its check reads the log again (within a second of the change by the
    // check's clock: the test above); here it is waited for, not timed, so a loaded machine cannot fail it.
    for (const [where, s] of [
      ['first', shop],
      ['second', other],
    ] as const) {
      await eventually(async () => (await orders(s, a)).status === 401, 30_000, `${where} process, session a refused`);
      await eventually(async () => (await orders(s, b)).status === 401, 30_000, `${where} process, session b refused`);
    }
    const types = (await shop.shop.deps.events.readStream(adminStream(testAdmin.username))).map((e) => e.type);
    assert.equal(types.slice(-1), ['AdminSessionsRevoked']);
  } finally {
    await other.close();
    await shop.close();
  }
});

test('a sign-out in one shop process is honoured by another on the same log', async () => {
  const shop = await startTestShop();
  const other = await startTestShop({ DATA_DIR: shop.dataDir });
  try {
    const token = await signIn(shop);
    assert.is((await orders(other, token)).status, 200);
    assert.is((await call(`${shop.url}/api/admin/logout`, { method: 'POST', headers: token })).status, 200);
    await eventually(
      async () => (await orders(other, token)).status === 401,
      30_000,
      'the session ended at the other process',
    );
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
  await shop.shop.deps.events.append(
    odd,
    [
      {
        type: 'AdminLoginFailed',
        data: { nameHash: 'hmac-sha256:odd', reason: 'unknown_username', at },
        id: newEventId(),
        metadata: { causedBy: 'visitor', causationId: 'x', correlationId: 'x', at },
      },
    ],
    'any',
  );
  const res = await call(`${shop.url}/api/admin/events?stream=${encodeURIComponent(odd)}`, { headers: owner });
  assert.is(res.status, 200, res.text);
  assert.is(res.json.stream, odd);
  assert.is(res.json.events.length, 1);
  assert.is(
    (await call(`${shop.url}/api/admin/events?stream=${encodeURIComponent('admin-no one@here')}`, { headers: owner }))
      .status,
    404,
  );
  await shop.close();
});

test.run();
