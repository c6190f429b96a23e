// Two-step sign-in: the RFC 6238 code, an account turning it on with its app, signing in with a code or a recovery
// code (each once), and nothing in the log that would let a reader of an export make codes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminStream } from '../../contracts/shared/streams.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { codeAt, fromBase32, matchingStep, openSecret, sealSecret, stepOf } from './twoStep.ts';

test('codes: the RFC 6238 test vector, one step of drift either way, and nothing else', () => {
  const secret = Buffer.from('12345678901234567890');
  assert.is(codeAt(secret, 1), '287082');
  assert.is(codeAt(secret, stepOf(1111111109 * 1000)), '081804');
  const now = 1_700_000_000_000;
  assert.is(matchingStep(secret, codeAt(secret, stepOf(now) - 1), now), stepOf(now) - 1);
  assert.is(matchingStep(secret, codeAt(secret, stepOf(now) + 2), now), null);
  assert.is(matchingStep(secret, '12345', now), null);
  const sealed = sealSecret('k'.repeat(40), secret, 'account:ann');
  assert.equal(openSecret('k'.repeat(40), sealed, 'account:ann'), secret);
  assert.is(openSecret('k'.repeat(40), sealed, 'account:bob'), null, 'sealed for one account only');
  assert.is(openSecret('j'.repeat(40), sealed, 'account:ann'), null);
});

let shop: TestShop;
test.before(async () => {
  shop = await startTestShop();
});
test.after(() => shop.close());

const login = (body: object) => call(`${shop.url}/api/admin/login`, { body });

test('an auditor turns two-step on; sign-ins then need a code or a recovery code, each once', async () => {
  const owner = await adminHeaders(shop);
  const password = (await call(`${shop.url}/api/admin/accounts`, { body: { username: 'ann', role: 'auditor' }, headers: owner })).json.password as string;
  const ann = { authorization: `Bearer ${(await login({ username: 'ann', password })).json.token as string}` };
  const setup = await call(`${shop.url}/api/admin/two-step/setup`, { method: 'POST', headers: ann });
  assert.is(setup.status, 200, setup.text);
  assert.match(setup.json.uri, /^otpauth:\/\/totp\/Amanah%20House%3Aann\?secret=[A-Z2-7]+/);
  const secret = fromBase32(setup.json.secret);
  const code = () => codeAt(secret, stepOf(Date.now()));

  // A set-up made for one account cannot turn it on for another.
  const bobPassword = (await call(`${shop.url}/api/admin/accounts`, { body: { username: 'bob', role: 'auditor' }, headers: owner })).json.password as string;
  const bob = { authorization: `Bearer ${(await login({ username: 'bob', password: bobPassword })).json.token as string}` };
  assert.is((await call(`${shop.url}/api/admin/two-step/enable`, { body: { setupToken: setup.json.setupToken, code: code() }, headers: bob })).status, 400);
  assert.is((await call(`${shop.url}/api/admin/two-step/enable`, { body: { setupToken: setup.json.setupToken, code: '000000' }, headers: ann })).status, 400);

  const enabled = await call(`${shop.url}/api/admin/two-step/enable`, { body: { setupToken: setup.json.setupToken, code: code() }, headers: ann });
  assert.is(enabled.status, 200, enabled.text);
  const recovery = enabled.json.recoveryCodes as string[];
  assert.is(recovery.length, 10);
  assert.is((await call(`${shop.url}/api/admin/me`, { headers: ann })).json.twoStep, true);

  const without = await login({ username: 'ann', password });
  assert.is(without.status, 401);
  assert.is(without.json.error, 'two_step_required');
  assert.is(without.json.token, undefined);
  assert.is((await login({ username: 'ann', password, code: '000000' })).status, 401);
  const used = code();
  const withCode = await login({ username: 'ann', password, code: used });
  assert.is(withCode.status, 200, withCode.text);
  assert.is((await login({ username: 'ann', password, code: used })).status, 401, 'the same code works once');
  assert.is((await login({ username: 'ann', password: 'wrong', code: recovery[0] })).status, 401);
  assert.is((await login({ username: 'ann', password, code: recovery[0]!.toLowerCase() })).status, 200);
  assert.is((await login({ username: 'ann', password, code: recovery[0] })).status, 401, 'a recovery code works once');

  const stream = await shop.shop.deps.events.readStream(adminStream('ann'));
  const types = stream.map((e) => e.type);
  for (const type of ['AccountTwoStepEnabled', 'AccountTwoStepFailed', 'AccountRecoveryCodeUsed']) assert.ok(types.includes(type), type);
  const text = JSON.stringify(stream);
  assert.not.ok(text.includes(setup.json.secret), 'the secret is sealed in the log');
  for (const c of recovery) assert.not.ok(text.includes(c), 'recovery codes are kept as hashes');

  assert.is((await call(`${shop.url}/api/admin/two-step/disable`, { body: { code: '123456' }, headers: ann })).status, 400);
  assert.is((await call(`${shop.url}/api/admin/two-step/disable`, { body: { code: recovery[1] }, headers: ann })).status, 200);
  assert.is((await login({ username: 'ann', password })).status, 200, 'off again: the password alone');
});

test.run();
