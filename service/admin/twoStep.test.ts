// Two-step sign-in: the RFC 6238 code, an account turning it on with its app, signing in with a code or a recovery
// code (each once, however many sign-ins race for it), and nothing in the log that would let a reader of an export
// make codes. The shop's clock is the test's: codes are made for the step it says, never for the wall clock.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminStream } from '../../contracts/shared/streams.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { codeAt, fromBase32, matchingStep, openSecret, sealSecret, stepOf, stepSeconds } from './twoStep.ts';

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

const stepMs = stepSeconds * 1000;
// The shop's clock, one second into a step, moved on by the tests a whole step at a time.
let nowMs = (stepOf(Date.now()) + 1) * stepMs + 1000;
const later = (steps = 1) => (nowMs += steps * stepMs);

let shop: TestShop;
test.before(async () => {
  // Every sign-in comes from an address of its own, so the throttle never answers in the code's place.
  shop = await startTestShop({ TRUST_PROXY: '1' }, { clock: () => new Date(nowMs) });
});
test.after(() => shop.close());

let address = 0;
const login = (body: object) =>
  call(`${shop.url}/api/admin/login`, { body, headers: { 'x-forwarded-for': `198.51.100.${++address % 250}` } });

/** An auditor account with two-step on: its password, secret, recovery codes and the headers of a session. */
async function accountWithTwoStep(username: string) {
  const owner = await adminHeaders(shop);
  const created = await call(`${shop.url}/api/admin/accounts`, { body: { username, role: 'auditor' }, headers: owner });
  assert.is(created.status, 201, created.text);
  const password = created.json.password as string;
  const session = { authorization: `Bearer ${(await login({ username, password })).json.token as string}` };
  const setup = await call(`${shop.url}/api/admin/two-step/setup`, { method: 'POST', headers: session });
  assert.is(setup.status, 200, setup.text);
  const secret = fromBase32(setup.json.secret);
  const enabled = await call(`${shop.url}/api/admin/two-step/enable`, {
    body: { setupToken: setup.json.setupToken, code: codeAt(secret, stepOf(nowMs)) },
    headers: session,
  });
  assert.is(enabled.status, 200, enabled.text);
  return {
    password,
    secret,
    recovery: enabled.json.recoveryCodes as string[],
    session,
    setup: setup.json as { secret: string; uri: string; qr: string; setupToken: string },
  };
}

test('an auditor turns two-step on with a QR code; sign-ins then need a code or a recovery code, each once', async () => {
  const owner = await adminHeaders(shop);
  const password = (
    await call(`${shop.url}/api/admin/accounts`, { body: { username: 'ann', role: 'auditor' }, headers: owner })
  ).json.password as string;
  const ann = { authorization: `Bearer ${(await login({ username: 'ann', password })).json.token as string}` };
  const setup = await call(`${shop.url}/api/admin/two-step/setup`, { method: 'POST', headers: ann });
  assert.is(setup.status, 200, setup.text);
  assert.match(setup.json.uri, /^otpauth:\/\/totp\/Amanah%20House%3Aann\?secret=[A-Z2-7]+/);
  // The same link as a QR code an app's camera reads, and the key still there to type in.
  assert.match(setup.json.qr, /^data:image\/svg\+xml;base64,/);
  const svg = Buffer.from(setup.json.qr.slice(setup.json.qr.indexOf(',') + 1), 'base64').toString('utf8');
  assert.match(svg, /^<svg [^>]*viewBox="0 0 \d+ \d+"/);
  assert.match(svg, /<path [^>]*d="M/);
  assert.match(setup.json.uri, `secret=${setup.json.secret}&`);
  const secret = fromBase32(setup.json.secret);
  const code = (step = stepOf(nowMs)) => codeAt(secret, step);

  // A set-up made for one account cannot turn it on for another.
  const bobPassword = (
    await call(`${shop.url}/api/admin/accounts`, { body: { username: 'bob', role: 'auditor' }, headers: owner })
  ).json.password as string;
  const bob = {
    authorization: `Bearer ${(await login({ username: 'bob', password: bobPassword })).json.token as string}`,
  };
  assert.is(
    (
      await call(`${shop.url}/api/admin/two-step/enable`, {
        body: { setupToken: setup.json.setupToken, code: code() },
        headers: bob,
      })
    ).status,
    400,
  );
  assert.is(
    (
      await call(`${shop.url}/api/admin/two-step/enable`, {
        body: { setupToken: setup.json.setupToken, code: '000000' },
        headers: ann,
      })
    ).status,
    400,
  );

  const enabled = await call(`${shop.url}/api/admin/two-step/enable`, {
    body: { setupToken: setup.json.setupToken, code: code() },
    headers: ann,
  });
  assert.is(enabled.status, 200, enabled.text);
  const recovery = enabled.json.recoveryCodes as string[];
  assert.is(recovery.length, 10);
  assert.is((await call(`${shop.url}/api/admin/me`, { headers: ann })).json.twoStep, true);
  assert.is(
    (
      await call(`${shop.url}/api/admin/two-step/enable`, {
        body: { setupToken: setup.json.setupToken, code: code(stepOf(nowMs) + 1) },
        headers: ann,
      })
    ).status,
    409,
    'on already',
  );

  const without = await login({ username: 'ann', password });
  assert.is(without.status, 401);
  assert.is(without.json.error, 'two_step_required');
  assert.is(without.json.token, undefined);
  assert.is((await login({ username: 'ann', password, code: '000000' })).status, 401);
  assert.is(
    (await login({ username: 'ann', password, code: code() })).status,
    401,
    'the code that turned it on was spent by it',
  );
  later();
  const used = code();
  const withCode = await login({ username: 'ann', password, code: used });
  assert.is(withCode.status, 200, withCode.text);
  assert.is((await login({ username: 'ann', password, code: used })).status, 401, 'the same code works once');
  assert.is(
    (await login({ username: 'ann', password, code: code(stepOf(nowMs) - 1) })).status,
    401,
    "an earlier step's code, though within the drift, works no more",
  );
  const ahead = await login({ username: 'ann', password, code: code(stepOf(nowMs) + 1) });
  assert.is(ahead.status, 200, "the next step's code, from an app a little ahead");
  later();
  assert.is(
    (await login({ username: 'ann', password, code: code() })).status,
    401,
    'its step came round: spent already',
  );
  assert.is((await login({ username: 'ann', password: 'wrong', code: recovery[0] })).status, 401);
  assert.is((await login({ username: 'ann', password, code: recovery[0]!.toLowerCase() })).status, 200);
  assert.is((await login({ username: 'ann', password, code: recovery[0] })).status, 401, 'a recovery code works once');

  const stream = await shop.shop.deps.events.readStream(adminStream('ann'));
  const types = stream.map((e) => e.type);
  for (const type of [
    'AccountTwoStepEnabled',
    'AccountTwoStepCodeUsed',
    'AccountTwoStepFailed',
    'AccountRecoveryCodeUsed',
  ] as const)
    assert.ok(types.includes(type), type);
  assert.equal(
    stream.filter((e) => e.type === 'AccountTwoStepCodeUsed').map((e) => (e.data as { step: number }).step),
    [stepOf(nowMs) - 2, stepOf(nowMs) - 1, stepOf(nowMs)],
    'one event per step spent, holding the step',
  );
  const signIn = stream.find((e) => e.type === 'AccountRecoveryCodeUsed')!;
  assert.match(
    signIn.metadata.ip ?? '',
    /^198\.51\.100\./,
    "a spend records the sign-in's address, as the other attempts do",
  );
  const text = JSON.stringify(stream);
  assert.not.ok(text.includes(setup.json.secret), 'the secret is sealed in the log');
  for (const c of recovery) assert.not.ok(text.includes(c), 'recovery codes are kept as hashes');
  assert.not.ok(text.includes(`"${used}"`), 'app codes are not kept either, only their steps');

  assert.is(
    (await call(`${shop.url}/api/admin/two-step/disable`, { body: { code: '123456' }, headers: ann })).status,
    400,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/two-step/disable`, { body: { code: recovery[0] }, headers: ann })).status,
    400,
    'a spent recovery code does not turn it off',
  );
  assert.is(
    (await call(`${shop.url}/api/admin/two-step/disable`, { body: { code: recovery[1] }, headers: ann })).status,
    200,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/two-step/disable`, { body: { code: recovery[2] }, headers: ann })).status,
    409,
    'off already',
  );
  assert.is((await login({ username: 'ann', password })).status, 200, 'off again: the password alone');
});

const race = async (body: object, n = 10) => {
  const answers = await Promise.all(Array.from({ length: n }, () => login(body)));
  return {
    ok: answers.filter((a) => a.status === 200),
    refused: answers.filter((a) => a.status === 401 && a.json?.error === 'two_step_required'),
    answers,
  };
};

test('ten parallel sign-ins with one recovery code give one session; the other nine are refused and recorded', async () => {
  const { password, recovery } = await accountWithTwoStep('cara');
  const { ok, refused, answers } = await race({ username: 'cara', password, code: recovery[3] });
  assert.is(ok.length, 1, answers.map((a) => a.status).join(' '));
  assert.is(refused.length, 9, answers.map((a) => a.status).join(' '));
  const types = (await shop.shop.deps.events.readStream(adminStream('cara'))).map((e) => e.type);
  assert.is(types.filter((t) => t === 'AccountRecoveryCodeUsed').length, 1);
  assert.is(types.filter((t) => t === 'AdminLoggedIn').length, 2, 'the sign-in before two-step, and the one winner');
  assert.is(types.filter((t) => t === 'AccountTwoStepFailed').length, 9);
  // Another recovery code still works, once.
  assert.is((await race({ username: 'cara', password, code: recovery[4] }, 3)).ok.length, 1);
});

test("ten parallel sign-ins with one app code give one session, and the code's step is spent for good", async () => {
  const { password, secret } = await accountWithTwoStep('dan');
  later();
  const code = codeAt(secret, stepOf(nowMs));
  const { ok, refused, answers } = await race({ username: 'dan', password, code });
  assert.is(ok.length, 1, answers.map((a) => a.status).join(' '));
  assert.is(refused.length, 9, answers.map((a) => a.status).join(' '));
  const used = (await shop.shop.deps.events.readStream(adminStream('dan'))).filter(
    (e) => e.type === 'AccountTwoStepCodeUsed',
  );
  assert.equal(
    used.map((e) => (e.data as { step: number }).step),
    [stepOf(nowMs) - 1, stepOf(nowMs)],
    'the step that turned it on, then the one that signed in',
  );
  // Turning two-step off races the same way: one of two parallel requests with one code wins.
  later();
  const session = { authorization: `Bearer ${ok[0]!.json.token as string}` };
  const off = await Promise.all(
    [0, 1].map(() =>
      call(`${shop.url}/api/admin/two-step/disable`, {
        body: { code: codeAt(secret, stepOf(nowMs)) },
        headers: session,
      }),
    ),
  );
  assert.equal(off.map((a) => a.status).sort(), [200, 409]);
});

test.run();
