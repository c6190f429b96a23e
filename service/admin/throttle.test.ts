import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLoginThrottle } from './throttle.ts';

const limits = { failures: 3, windowSeconds: 60 };

test('throttle: a username is refused after its attempts, whichever addresses they came from', async () => {
  const throttle = createLoginThrottle(limits);
  for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) assert.is(await throttle.attempt('Owner', ip), 0);
  const wait = await throttle.attempt('owner', '10.0.0.4');
  assert.ok(wait > 55_000 && wait <= 60_000, `wait ${wait}`);
  assert.is(await throttle.attempt('someone', '10.0.0.5'), 0);
});

test('throttle: an address is refused after its attempts, whichever usernames it tried', async () => {
  const throttle = createLoginThrottle(limits);
  for (const name of ['a', 'b', 'c']) assert.is(await throttle.attempt(name, '10.0.0.9'), 0);
  assert.ok((await throttle.attempt('d', '10.0.0.9')) > 0);
  assert.is(await throttle.attempt('e', '10.0.0.10'), 0);
});

test('throttle: a success clears the count', async () => {
  const throttle = createLoginThrottle(limits);
  await throttle.attempt('owner', '10.0.0.1');
  await throttle.attempt('owner', '10.0.0.1');
  await throttle.succeeded('owner', '10.0.0.1');
  for (let i = 0; i < limits.failures; i++) assert.is(await throttle.attempt('owner', '10.0.0.1'), 0);
});

test('throttle: parallel attempts beyond the limit are refused before any password is checked', async () => {
  const throttle = createLoginThrottle(limits);
  const waits = await Promise.all(Array.from({ length: 10 }, () => throttle.attempt('owner', '10.0.0.1')));
  assert.is(waits.filter((w) => w === 0).length, limits.failures);
});

test.run();
