// Sign-in attempts are limited per (username, address) and per address, with growing delays rather than a lock-out:
// the first `failures` attempts in the window go straight through; after that each attempt must wait, and the wait
// doubles with every attempt (up to `maxDelaySeconds`). Nothing is counted per username alone, so strangers' failures
// from their addresses never keep the owner out at another. A success clears the counts of its username and address.
// An attempt is counted before the password is checked, so a burst of parallel guesses is cut off at the limit
// instead of each costing a scrypt hash first. The counters are in Redis when REDIS_URL is set (see http/limits.ts); a
// name is counted under the key `nameKey` gives it (the shop's keyed hash of it: a typed name is never a counter's key).
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { count, createCounterStore, type CounterStore } from '../http/limits.ts';

export type LoginLimits = {
  failures: number;
  windowSeconds: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
};

export const loginLimits: LoginLimits = {
  failures: 10,
  windowSeconds: 60 * 60,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
};

export type LoginThrottle = {
  /** Counts an attempt. Answers 0 when it may go ahead, else the milliseconds until one may. */
  attempt(username: string, ip: string): Promise<number>;
  succeeded(username: string, ip: string): Promise<void>;
};

const userKey = (username: string) => username.trim().toLowerCase();

export function createLoginThrottle(
  limits: LoginLimits = loginLimits,
  store: CounterStore = createCounterStore({}),
  nameKey: (username: string) => string = userKey,
): LoginThrottle {
  const attempts = store.counter('admin-login-attempts', { points: limits.failures, seconds: limits.windowSeconds });
  // One slot per key: taken by the attempt that may go ahead, then held for the delay that attempt earned.
  const waits = store.counter('admin-login-wait', { points: 1, seconds: limits.maxDelaySeconds });
  const delaySeconds = (over: number) =>
    Math.min(limits.maxDelaySeconds, limits.firstDelaySeconds * 2 ** Math.min(over, 30));

  /** 0 when this attempt for `key` may go ahead, else the wait in ms. */
  async function check(counter: RateLimiterAbstract, key: string): Promise<number> {
    const { consumedPoints } = await count(counter, key);
    const over = consumedPoints - limits.failures;
    if (over < 0) return 0;
    if (over === 0) {
      // The last free attempt: the next one waits the first delay.
      await waits.block(key, delaySeconds(0));
      return 0;
    }
    const slot = await count(waits, key);
    // Every attempt past the limit, let through or not, makes the next wait longer.
    await waits.block(key, delaySeconds(over));
    return slot.consumedPoints === 1 ? 0 : Math.max(1, slot.msBeforeNext);
  }

  return {
    async attempt(username, ip) {
      const answers = await Promise.all([check(attempts, `${nameKey(username)}|${ip}`), check(attempts, `@${ip}`)]);
      return Math.max(...answers);
    },
    async succeeded(username, ip) {
      const keys = [`${nameKey(username)}|${ip}`, `@${ip}`];
      await Promise.all(keys.flatMap((key) => [attempts.delete(key), waits.delete(key)]));
    },
  };
}
