// The guard's token reader: what it remembers of verified tokens never outlives their expiry or admits a forged one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminTokenReader, readAdminToken, signAdminToken } from './tokens.ts';

const secret = 'a-test-secret-of-at-least-thirty-two-characters';

test('a token is read the same the second time, and refused from the second of its expiry on, remembered or not', () => {
  let clock = Date.now();
  const read = adminTokenReader(secret, { now: () => clock });
  const token = signAdminToken(secret, 'owner', 60, 'session-1');
  const first = read(token);
  assert.is(first?.username, 'owner');
  assert.is(first?.sessionId, 'session-1');
  assert.equal(read(token), first);
  clock = first!.expiresAtMs - 1;
  assert.ok(read(token), 'still valid in its last millisecond');
  clock = first!.expiresAtMs;
  assert.is(read(token), null, 'expired, though remembered');
  assert.is(read(token), null, 'and forgotten');
});

test("a token is signed and read by the shop's clock, not the wall clock", () => {
  const signedAt = Date.parse('2026-05-04T10:00:00.750Z');
  const token = signAdminToken(secret, 'owner', 60, 'session-1', signedAt);
  const session = readAdminToken(secret, token, signedAt);
  assert.is(session?.issuedAtMs, Date.parse('2026-05-04T10:00:00.000Z'), 'iat in whole seconds of the given time');
  assert.is(session?.expiresAtMs, Date.parse('2026-05-04T10:01:00.000Z'));
  assert.ok(readAdminToken(secret, token, session!.expiresAtMs - 1), 'read in its last millisecond');
  assert.is(readAdminToken(secret, token, session!.expiresAtMs), null, 'and refused from the second of its expiry');
  assert.is(readAdminToken(secret, token), null, 'the wall clock, long past it, refuses it too');
  const reader = adminTokenReader(secret, { now: () => signedAt });
  assert.is(reader(token)?.sessionId, 'session-1', "the guard's reader checks it by its own clock from the first read");
});

test('a forged or tampered token is refused every time, and a valid token after it is still read', () => {
  const read = adminTokenReader(secret);
  const token = signAdminToken(secret, 'owner');
  const [header, payload, signature] = token.split('.');
  const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
  const otherKey = signAdminToken('another-secret-of-at-least-thirty-two-chars', 'owner');
  for (let i = 0; i < 2; i++) {
    assert.is(read(tampered), null);
    assert.is(read(otherKey), null);
  }
  assert.is(read(token)?.username, 'owner');
});

test('it remembers at most `capacity` tokens, and a forgotten one is verified again', () => {
  const read = adminTokenReader(secret, { capacity: 2 });
  const tokens = ['a', 'b', 'c'].map((id) => signAdminToken(secret, 'owner', 60, id));
  for (const token of tokens) assert.ok(read(token));
  for (const token of tokens) assert.ok(read(token), 'the first, evicted, is verified afresh');
});

test.run();
