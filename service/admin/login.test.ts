import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginMessages } from '../../contracts/admin/model.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { privacyMessages } from '../../contracts/privacy/model.ts';
import { adminStream, unknownSignInStream } from '../../contracts/shared/streams.ts';
import { redisText, startRedis } from '../../infra/testing/redis.ts';
import { adminHeaders, call, startTestShop, testAdmin, type TestShop } from '../../infra/testing/shop.ts';
import { signInNameHash, signInNameKey } from './signInNames.ts';
import { refusedAdminTokens } from '../../infra/testing/tokens.ts';
import { loginLimits } from './throttle.ts';
import { verifyAdminToken } from './tokens.ts';

const login = (shop: TestShop, body: unknown, headers: Record<string, string> = {}) =>
  call(`${shop.url}/api/admin/login`, { method: 'POST', body, headers });

test('the admin logs in with the right password and gets a token the admin routes accept; the login is recorded', async () => {
  const shop = await startTestShop();
  const res = await login(shop, testAdmin);
  assert.is(res.status, 200);
  assert.is(res.json.success, true);
  assert.is(res.json.message, loginMessages.success);
  assert.is(verifyAdminToken(shop.shop.deps.jwtSecret, res.json.token), testAdmin.username);
  assert.is(
    (await call(`${shop.url}/api/admin/reviews`, { headers: { authorization: `Bearer ${res.json.token}` } })).status,
    200,
  );
  const [event] = await shop.shop.deps.events.readStream(adminStream(testAdmin.username));
  assert.is(event?.type, 'AdminLoggedIn');
  assert.match(String(event?.metadata.ip), '127.0.0.1');
  assert.is(event?.metadata.causedBy, `admin:${testAdmin.username}`);
  await shop.close();
});

test('a wrong password or username gets 401 "Invalid username or password" and is recorded as a failure', async () => {
  const shop = await startTestShop();
  const wrong = await login(shop, { username: testAdmin.username, password: 'guess' });
  assert.is(wrong.status, 401);
  assert.equal(
    { success: wrong.json.success, message: wrong.json.message },
    { success: false, message: 'Invalid username or password' },
  );
  assert.is(wrong.json.token, undefined);
  const stranger = await login(shop, { username: 'mallory', password: testAdmin.password });
  assert.is(stranger.status, 401);
  assert.is(stranger.json.message, 'Invalid username or password');
  const [failed] = await shop.shop.deps.events.readStream(adminStream(testAdmin.username));
  assert.equal([failed?.type, (failed?.data as { reason: string }).reason], ['AdminLoginFailed', 'wrong_password']);
  // An invented name makes no stream of its own: it is kept as data in the day's stream of unknown names.
  assert.equal(await shop.shop.deps.events.readStream(adminStream('mallory')), []);
  const [unknown] = await shop.shop.deps.events.readStream(unknownSignInStream(new Date().toISOString()));
  const nameHash = signInNameHash(signInNameKey(shop.shop.deps.jwtSecret), 'mallory');
  assert.equal(unknown?.data, { nameHash, reason: 'unknown_username', at: (unknown?.data as { at: string }).at });
  await shop.close();
});

/** Every file under a folder, as text. */
const filesUnder = (dir: string): { file: string; text: string }[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((name) => join(dir, name))
        .filter((file) => statSync(file).isFile())
        .map((file) => ({ file, text: readFileSync(file).toString('latin1') }))
    : [];

test('an e-mail address typed as a username that is no account is kept nowhere as typed: only its keyed hash, which counts it', async () => {
  const redis = await startRedis();
  const shop = await startTestShop({ REDIS_URL: redis.url });
  try {
    const typed = ['Hafsa.Underwood@example.org', ' hafsa.underwood@EXAMPLE.org '];
    for (const username of typed)
      assert.is((await login(shop, { username, password: 'her-own-password' })).status, 401);
    const owner = await adminHeaders(shop);
    const stream = unknownSignInStream(new Date().toISOString());
    const day = await call(`${shop.url}/api/admin/events?stream=${encodeURIComponent(stream)}`, { headers: owner });
    assert.is(day.status, 200, day.text);
    const hash = signInNameHash(signInNameKey(shop.shop.deps.jwtSecret), typed[0]!);
    assert.match(hash, /^hmac-sha256:[A-Za-z0-9_-]{43}$/);
    assert.equal(
      day.json.events.map((e: { data: Record<string, unknown> }) => [e.data.nameHash, e.data.reason]),
      [
        [hash, 'unknown_username'],
        [hash, 'unknown_username'],
      ],
      'one name, however it was typed: the attempts on it can be counted',
    );
    // Nowhere as typed: not in an answer, a file of the data folder (the log, its write-ahead log), nor Redis (the
    // throttle's counters).
    const needle = 'hafsa.underwood';
    assert.not.ok(day.text.toLowerCase().includes(needle), 'the events view');
    for (const { file, text } of filesUnder(shop.dataDir)) assert.not.ok(text.toLowerCase().includes(needle), file);
    assert.not.ok((await redisText(redis.url)).toLowerCase().includes(needle), 'Redis');
    assert.ok((await redisText(redis.url)).includes(hash), 'the throttle counts the name by its hash');
    // Nothing is held about the address: erasing it says so.
    const erase = await call(`${shop.url}/api/admin/privacy/erase`, {
      body: { email: typed[0], reason: 'Asked to be forgotten' },
      headers: owner,
    });
    assert.is(erase.status, 404, erase.text);
    assert.is(erase.json.message, privacyMessages.unknown);
  } finally {
    await shop.close();
    await redis.stop();
  }
});

test('a name an earlier release kept as typed is not shown, and erasing it says why it cannot be, not that it predates sealing', async () => {
  const shop = await startTestShop();
  try {
    const at = new Date().toISOString();
    const stream = unknownSignInStream(at);
    // As version 1 wrote it, into the stored log itself.
    const stored = (shop.shop.deps.events as EventStore & { stored: EventStore }).stored;
    const metadata = { causedBy: 'visitor', causationId: 'old', correlationId: 'old', at };
    await stored.append(
      stream,
      [
        {
          id: crypto.randomUUID(),
          type: 'AdminLoginFailed',
          data: { username: 'Idris.Okonkwo@example.net', reason: 'unknown_username', at },
          metadata,
        },
      ],
      'any',
    );
    const owner = await adminHeaders(shop);
    const day = await call(`${shop.url}/api/admin/events?stream=${encodeURIComponent(stream)}`, { headers: owner });
    assert.is(day.status, 200, day.text);
    assert.equal(day.json.events[0].data, { nameHash: null, reason: 'unknown_username', at });
    assert.not.ok(day.text.toLowerCase().includes('idris'), 'the events view does not show the name');
    const erase = await call(`${shop.url}/api/admin/privacy/erase`, {
      body: { email: 'idris.okonkwo@example.net', reason: 'Asked to be forgotten' },
      headers: owner,
    });
    assert.is(erase.status, 409, erase.text);
    assert.is(erase.json.message, privacyMessages.signInOnly);
    assert.not.match(erase.json.message, 'written before personal fields were sealed');
  } finally {
    await shop.close();
  }
});

test('a login body without a username or password gets 400 with the fixed messages and records nothing', async () => {
  const shop = await startTestShop();
  const cases: [unknown, string][] = [
    [{ password: 'x' }, 'Username is required'],
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ username: '  ', password: 'x' }, 'Username is required'],
    [{ username: 'admin' }, 'Password is required'],
    [{ username: 'admin', password: '' }, 'Password is required'],
  ];
  const before = await shop.shop.deps.events.headPosition();
  for (const [body, message] of cases) {
    const res = await login(shop, body);
    assert.is(res.status, 400, JSON.stringify(body));
    assert.is(res.json.message, message);
  }
  assert.is(await shop.shop.deps.events.headPosition(), before);
  await shop.close();
});

test('failed logins slow down that name at that address and that address: 429 with Retry-After, even for the right password', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1' });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  for (let i = 0; i < loginLimits.failures; i++)
    assert.is(
      (await login(shop, { username: testAdmin.username, password: `wrong-${i}` }, from('203.0.113.9'))).status,
      401,
    );
  const before = await shop.shop.deps.events.headPosition();
  const throttled = await login(shop, testAdmin, from('203.0.113.9'));
  assert.is(throttled.status, 429);
  assert.is(throttled.json.success, false);
  assert.is(throttled.json.error, 'too_many_requests');
  assert.match(throttled.json.message, /^Too many failed login attempts\. Please try again in \d+ seconds?\.$/);
  const retryAfter = Number(throttled.headers.get('retry-after'));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  // The same address trying another name is slowed too; a throttled attempt appends nothing.
  assert.is((await login(shop, { username: 'someone-else', password: 'x' }, from('203.0.113.9'))).status, 429);
  assert.is(await shop.shop.deps.events.headPosition(), before);
  // The owner at another address is not locked out by the stranger's failures.
  const owner = await login(shop, testAdmin, from('198.51.100.7'));
  assert.is(owner.status, 200);
  const [, ...rest] = (await shop.shop.deps.events.readStream(adminStream(testAdmin.username))).reverse();
  assert.ok(rest.length >= loginLimits.failures);
  await shop.close();
});

test('without TRUST_PROXY a forwarded address is not believed: rotating X-Forwarded-For does not escape the limit', async () => {
  const shop = await startTestShop();
  for (let i = 0; i < loginLimits.failures; i++) {
    assert.is(
      (
        await login(
          shop,
          { username: testAdmin.username, password: `wrong-${i}` },
          { 'x-forwarded-for': `203.0.113.${i}` },
        )
      ).status,
      401,
    );
  }
  assert.is((await login(shop, testAdmin, { 'x-forwarded-for': '198.51.100.1' })).status, 429);
  const [failed] = await shop.shop.deps.events.readStream(adminStream(testAdmin.username));
  assert.is(failed?.metadata.ip, '127.0.0.1', 'the audit log records the address the connection came from');
  await shop.close();
});

test('with TRUST_PROXY=1 only the address the nearest proxy saw is believed, not what the client put before it', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1' });
  assert.is(
    (
      await login(
        shop,
        { username: testAdmin.username, password: 'wrong' },
        { 'x-forwarded-for': '10.9.9.9, 203.0.113.50' },
      )
    ).status,
    401,
  );
  const [failed] = await shop.shop.deps.events.readStream(adminStream(testAdmin.username));
  assert.is(failed?.metadata.ip, '203.0.113.50');
  await shop.close();
});

test('only the login route is open: every other admin path refuses missing, expired, tampered and alg:none tokens', async () => {
  const shop = await startTestShop();
  for (const [kind, headers] of Object.entries(refusedAdminTokens(shop.shop.deps.jwtSecret))) {
    assert.is((await call(`${shop.url}/api/admin/reviews`, { headers })).status, 401, kind);
  }
  assert.is((await login(shop, testAdmin)).status, 200);
  await shop.close();
});

test.run();
