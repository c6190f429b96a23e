import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLoginThrottle } from './throttle.ts';

const limits = { failures: 3, windowSeconds: 60 };

test('throttle: a username is blocked after its failures, whichever addresses they came from', async () => {
  const throttle = createLoginThrottle(limits);
  for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
    assert.is(await throttle.waitMs('Owner', ip), 0);
    await throttle.failed('Owner', ip);
  }
  const wait = await throttle.waitMs('owner', '10.0.0.4');
  assert.ok(wait > 55_000 && wait <= 60_000, `wait ${wait}`);
  assert.is(await throttle.waitMs('someone', '10.0.0.4'), 0);
});

test('throttle: an address is blocked after its failures, whichever usernames it tried', async () => {
  const throttle = createLoginThrottle(limits);
  for (const name of ['a', 'b', 'c']) await throttle.failed(name, '10.0.0.9');
  assert.ok((await throttle.waitMs('d', '10.0.0.9')) > 0);
  assert.is(await throttle.waitMs('d', '10.0.0.10'), 0);
});

test('throttle: a success clears the count', async () => {
  const throttle = createLoginThrottle(limits);
  await throttle.failed('owner', '10.0.0.1');
  await throttle.failed('owner', '10.0.0.1');
  await throttle.succeeded('owner', '10.0.0.1');
  await throttle.failed('owner', '10.0.0.1');
  await throttle.failed('owner', '10.0.0.1');
  assert.is(await throttle.waitMs('owner', '10.0.0.1'), 0);
});

test.run();
