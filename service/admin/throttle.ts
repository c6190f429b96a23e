// Sign-in attempts are limited per username and per client address; a success clears both counts.
// An attempt is counted before the password is checked, so a burst of parallel guesses is cut off at the
// limit instead of each costing a scrypt hash first.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export const loginLimits = { failures: 10, windowSeconds: 15 * 60 } as const;

export type LoginThrottle = {
  /** Counts an attempt. Answers 0 when it may go ahead, else the milliseconds until one may. */
  attempt(username: string, ip: string): Promise<number>;
  succeeded(username: string, ip: string): Promise<void>;
};

const userKey = (username: string) => username.trim().toLowerCase();

export function createLoginThrottle(limits: { failures: number; windowSeconds: number } = loginLimits): LoginThrottle {
  const options = { points: limits.failures, duration: limits.windowSeconds };
  const byUsername = new RateLimiterMemory({ keyPrefix: 'admin-login-username', ...options });
  const byIp = new RateLimiterMemory({ keyPrefix: 'admin-login-ip', ...options });
  // consume() rejects with the limiter's answer once the points are spent; that answer is what we want.
  const count = (limiter: RateLimiterMemory, key: string) =>
    limiter.consume(key).catch((answer: unknown) => {
      if (answer instanceof RateLimiterRes) return answer;
      throw answer;
    });
  return {
    async attempt(username, ip) {
      const answers = await Promise.all([count(byUsername, userKey(username)), count(byIp, ip)]);
      const blocked = answers.filter((a) => a.consumedPoints > limits.failures);
      return blocked.length ? Math.max(1, ...blocked.map((a) => a.msBeforeNext)) : 0;
    },
    async succeeded(username, ip) {
      await Promise.all([byUsername.delete(userKey(username)), byIp.delete(ip)]);
    },
  };
}
