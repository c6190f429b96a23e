// The in-flight register behind the Redis read store: commands that settle leave it; a dropped connection fails the rest.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InFlight } from './redisReadStore.ts';
import { rejects } from '../testing/assert.ts';

test('settled promises leave the register, so a long-lived connection holds nothing for answered commands', async () => {
  const inFlight = new InFlight();
  const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => inFlight.track(Promise.resolve(i))));
  assert.is(answers[999], 999);
  await rejects(
    () => inFlight.track(Promise.reject(new Error('WRONGTYPE'))),
    (e) => /WRONGTYPE/.test(String(e)),
  );
  assert.is(inFlight.size, 0);
});

test('failAll fails every promise still waiting, with the reason given, and empties the register', async () => {
  const inFlight = new InFlight();
  const answered = inFlight.track(Promise.resolve('OK'));
  const forgotten = [inFlight.track(new Promise<string>(() => {})), inFlight.track(new Promise<string>(() => {}))];
  assert.is(await answered, 'OK');
  assert.is(inFlight.size, 2);
  inFlight.failAll(new Error('connection dropped'));
  for (const waiting of forgotten)
    await rejects(
      () => waiting,
      (e) => /connection dropped/.test(String(e)),
    );
  assert.is(inFlight.size, 0);
});

test.run();
