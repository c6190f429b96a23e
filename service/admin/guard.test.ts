import jwt from 'jsonwebtoken';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { sessionCheckUnavailable } from './guard.ts';
import { adminTokenKey, signAdminToken, verifyAdminToken } from './tokens.ts';

const secret = 'x'.repeat(40);

test('tokens: a signed token verifies; expired, tampered, other-key, other-algorithm and alg none do not', () => {
  const token = signAdminToken(secret, 'owner');
  assert.is(verifyAdminToken(secret, token), 'owner');
  assert.is(verifyAdminToken(secret, signAdminToken(secret, 'owner', -10)), null);
  const [h, p, s] = token.split('.');
  const forged = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'mallory' }),
  ).toString('base64url');
  assert.is(verifyAdminToken(secret, `${h}.${forged}.${s}`), null);
  assert.is(verifyAdminToken('y'.repeat(40), token), null);
  const hs512 = jwt.sign({}, secret, {
    algorithm: 'HS512',
    subject: 'owner',
    issuer: 'amanah-house-shop',
    audience: 'admin',
    expiresIn: 60,
  });
  assert.is(verifyAdminToken(secret, hs512), null);
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'owner', iss: 'amanah-house-shop', aud: 'admin', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.`;
  assert.is(verifyAdminToken(secret, none), null);
  const neverExpires = jwt.sign({}, secret, {
    algorithm: 'HS256',
    subject: 'owner',
    issuer: 'amanah-house-shop',
    audience: 'admin',
  });
  assert.is(verifyAdminToken(secret, neverExpires), null);
});

test('tokens: the key built once checks exactly what the secret string does', () => {
  const key = adminTokenKey(secret);
  // Either form signs tokens the other verifies: the same bytes make the same HMAC.
  assert.is(verifyAdminToken(key, signAdminToken(secret, 'owner')), 'owner');
  assert.is(verifyAdminToken(secret, signAdminToken(key, 'owner')), 'owner');
  assert.is(verifyAdminToken(key, signAdminToken(secret, 'owner', -10)), null);
  assert.is(verifyAdminToken(adminTokenKey('y'.repeat(40)), signAdminToken(secret, 'owner')), null);
  const hs512 = jwt.sign({}, secret, {
    algorithm: 'HS512',
    subject: 'owner',
    issuer: 'amanah-house-shop',
    audience: 'admin',
    expiresIn: 60,
  });
  assert.is(verifyAdminToken(key, hs512), null);
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'owner', iss: 'amanah-house-shop', aud: 'admin', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.`;
  assert.is(verifyAdminToken(key, none), null);
  const neverExpires = jwt.sign({}, secret, {
    algorithm: 'HS256',
    subject: 'owner',
    issuer: 'amanah-house-shop',
    audience: 'admin',
  });
  assert.is(verifyAdminToken(key, neverExpires), null);
  const [h, p, s] = signAdminToken(key, 'owner').split('.');
  const forged = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'mallory' }),
  ).toString('base64url');
  assert.is(verifyAdminToken(key, `${h}.${forged}.${s}`), null);
});

test('guard: a token that expires while in use is refused on the next request', async () => {
  // The shop's clock is the test's: the token runs out when the test moves it on, not while the test waits.
  let nowMs = Date.parse('2026-05-04T10:00:00.250Z');
  const shop = await startTestShop({}, { clock: () => new Date(nowMs) });
  const token = signAdminToken(shop.shop.deps.jwtSecret, 'admin', 2, undefined, nowMs);
  const headers = { authorization: `Bearer ${token}` };
  assert.is((await call(`${shop.url}/api/admin/orders`, { headers })).status, 200);
  // Until the second the token names as its expiry, and no longer.
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  assert.is(exp * 1000, Date.parse('2026-05-04T10:00:02.000Z'));
  nowMs = exp * 1000 - 1;
  assert.is((await call(`${shop.url}/api/admin/orders`, { headers })).status, 200, 'in its last millisecond');
  nowMs = exp * 1000;
  assert.is((await call(`${shop.url}/api/admin/orders`, { headers })).status, 401);
  await shop.close();
});

test('guard: admin routes answer 401 without a valid token, and pass a valid one on', async () => {
  const shop = await startTestShop();
  const missing = await call(`${shop.url}/api/admin/reviews`);
  assert.is(missing.status, 401);
  assert.is(missing.headers.get('www-authenticate'), 'Bearer');
  assert.is(
    (await call(`${shop.url}/api/admin/reviews`, { headers: { authorization: 'Bearer nonsense' } })).status,
    401,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/reviews`, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } })).status,
    401,
  );
  assert.is((await call(`${shop.url}/api/admin/reviews`, { headers: await adminHeaders(shop) })).status, 200);
  // A path no admin route holds is not an admin route: 404 with or without a token, and the guard is not consulted.
  assert.is((await call(`${shop.url}/api/admin/anything`)).status, 404);
  assert.is((await call(`${shop.url}/api/admin/anything`, { headers: await adminHeaders(shop) })).status, 404);
  await shop.close();
});

test('guard: a token correctly signed for a name that is not the admin is refused', async () => {
  const shop = await startTestShop();
  const stranger = await call(`${shop.url}/api/admin/orders`, { headers: await adminHeaders(shop, 'mallory') });
  assert.is(stranger.status, 401);
  assert.is(stranger.json.success, false);
  await shop.close();
});

test('guard: a session check that cannot read the log answers 503 with a clear message, and passes again once it can', async () => {
  const shop = await startTestShop();
  const headers = await adminHeaders(shop);
  const events = shop.shop.deps.events;
  const readStream = events.readStream.bind(events);
  events.readStream = async () => {
    throw new Error('SQLITE_IOERR: disk I/O error');
  };
  try {
    for (const path of ['/api/admin/orders', '/api/admin/reviews']) {
      const answer = await call(`${shop.url}${path}`, { headers });
      assert.is(answer.status, 503, `${path}: ${answer.text}`);
      assert.equal(answer.json, { success: false, error: 'unavailable', message: sessionCheckUnavailable });
      assert.is(answer.headers.get('www-authenticate'), null);
    }
    // No token is still a 401: the log is not needed to refuse it.
    assert.is((await call(`${shop.url}/api/admin/orders`)).status, 401);
  } finally {
    events.readStream = readStream;
  }
  assert.is((await call(`${shop.url}/api/admin/orders`, { headers })).status, 200);
  await shop.close();
});

test.run();
