import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLoginThrottle } from './throttle.ts';

const limits = { failures: 3, windowSeconds: 60, firstDelaySeconds: 1, maxDelaySeconds: 8 };

// The counters (rate-limiter-flexible's memory store) read Date.now() themselves: while these tests run it is the
// test's clock, moved on by hand, so a wait is passed by moving it rather than by sleeping through it.
let nowMs = Date.parse('2026-05-04T10:00:00.000Z');
const realNow = Date.now;
test.before.each(() => {
  Date.now = () => nowMs;
});
test.after.each(() => {
  Date.now = realNow;
});

test('throttle: failures for a username at one address make that pair wait; the same name at another address goes ahead', async () => {
  const throttle = createLoginThrottle(limits);
  for (let i = 0; i < limits.failures; i++) assert.is(await throttle.attempt('Owner', '10.0.0.1'), 0);
  const wait = await throttle.attempt('owner', '10.0.0.1');
  assert.is(wait, limits.firstDelaySeconds * 1000, 'the first delay, counted from the last free attempt');
  // The owner at home is not kept out by what a stranger did elsewhere.
  assert.is(await throttle.attempt('owner', '10.0.0.4'), 0);
});

test('throttle: the waits grow with every attempt past the limit, instead of one long lock-out', async () => {
  const throttle = createLoginThrottle(limits);
  for (let i = 0; i < limits.failures; i++) await throttle.attempt('owner', '10.0.0.1');
  nowMs += limits.firstDelaySeconds * 1000;
  assert.is(await throttle.attempt('owner', '10.0.0.1'), 0, 'after the first delay one more attempt goes ahead');
  const second = await throttle.attempt('owner', '10.0.0.1');
  assert.ok(second > 1000, `the next wait is longer: ${second}`);
  const third = await throttle.attempt('owner', '10.0.0.1');
  assert.ok(third > second, `and longer again: ${third} after ${second}`);
  assert.ok(third <= limits.maxDelaySeconds * 1000, 'but never past the cap');
  for (let i = 0; i < 5; i++)
    assert.ok((await throttle.attempt('owner', '10.0.0.1')) <= limits.maxDelaySeconds * 1000, 'however many attempts');
});

test('throttle: an address is slowed after its attempts, whichever usernames it tried', async () => {
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
