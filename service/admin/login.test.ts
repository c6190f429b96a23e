import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginMessages } from '../../contracts/admin/model.ts';
import { adminStream, unknownSignInStream } from '../../contracts/shared/streams.ts';
import { call, startTestShop, testAdmin, type TestShop } from '../../infra/testing/shop.ts';
import { refusedAdminTokens } from '../../infra/testing/tokens.ts';
import { loginLimits } from './throttle.ts';
import { verifyAdminToken } from './tokens.ts';

const login = (shop: TestShop, body: unknown, headers: Record<string, string> = {}) => call(`${shop.url}/api/admin/login`, { method: 'POST', body, headers });

test('the admin logs in with the right password and gets a token the admin routes accept; the login is recorded', async () => {
  const shop = await startTestShop();
  const res = await login(shop, testAdmin);
  assert.is(res.status, 200);
  assert.is(res.json.success, true);
  assert.is(res.json.message, loginMessages.success);
  assert.is(verifyAdminToken(shop.shop.deps.jwtSecret, res.json.token), testAdmin.username);
  assert.is((await call(`${shop.url}/api/admin/reviews`, { headers: { authorization: `Bearer ${res.json.token}` } })).status, 200);
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
  assert.equal({ success: wrong.json.success, message: wrong.json.message }, { success: false, message: 'Invalid username or password' });
  assert.is(wrong.json.token, undefined);
  const stranger = await login(shop, { username: 'mallory', password: testAdmin.password });
  assert.is(stranger.status, 401);
  assert.is(stranger.json.message, 'Invalid username or password');
  const [failed] = await shop.shop.deps.events.readStream(adminStream(testAdmin.username));
  assert.equal([failed?.type, (failed?.data as { reason: string }).reason], ['AdminLoginFailed', 'wrong_password']);
  // An invented name makes no stream of its own: it is kept as data in the day's stream of unknown names.
  assert.equal(await shop.shop.deps.events.readStream(adminStream('mallory')), []);
  const [unknown] = await shop.shop.deps.events.readStream(unknownSignInStream(new Date().toISOString()));
  assert.equal(unknown?.data, { username: 'mallory', reason: 'unknown_username', at: (unknown?.data as { at: string }).at });
  await shop.close();
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
  for (let i = 0; i < loginLimits.failures; i++) assert.is((await login(shop, { username: testAdmin.username, password: `wrong-${i}` }, from('203.0.113.9'))).status, 401);
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
    assert.is((await login(shop, { username: testAdmin.username, password: `wrong-${i}` }, { 'x-forwarded-for': `203.0.113.${i}` })).status, 401);
  }
  assert.is((await login(shop, testAdmin, { 'x-forwarded-for': '198.51.100.1' })).status, 429);
  const [failed] = await shop.shop.deps.events.readStream(adminStream(testAdmin.username));
  assert.is(failed?.metadata.ip, '127.0.0.1', 'the audit log records the address the connection came from');
  await shop.close();
});

test('with TRUST_PROXY=1 only the address the nearest proxy saw is believed, not what the client put before it', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1' });
  assert.is((await login(shop, { username: testAdmin.username, password: 'wrong' }, { 'x-forwarded-for': '10.9.9.9, 203.0.113.50' })).status, 401);
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
