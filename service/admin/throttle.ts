// Failed sign-ins are limited per username and per client address; a success clears the count.
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

export const loginLimits = { failures: 10, windowSeconds: 15 * 60 } as const;

export type LoginThrottle = {
  /** milliseconds until another attempt is allowed, or 0 when one is allowed now */
  waitMs(username: string, ip: string): Promise<number>;
  failed(username: string, ip: string): Promise<void>;
  succeeded(username: string, ip: string): Promise<void>;
};

const userKey = (username: string) => username.trim().toLowerCase();

export function createLoginThrottle(limits: { failures: number; windowSeconds: number } = loginLimits): LoginThrottle {
  const options = { points: limits.failures, duration: limits.windowSeconds };
  const byUsername = new RateLimiterMemory({ keyPrefix: 'admin-login-username', ...options });
  const byIp = new RateLimiterMemory({ keyPrefix: 'admin-login-ip', ...options });
  const blockedFor = (res: RateLimiterRes | null) => (res && res.consumedPoints >= limits.failures ? Math.max(1, res.msBeforeNext) : 0);
  // consume() rejects once the points are spent; here it only counts, the refusal happens in waitMs.
  const count = (limiter: RateLimiterMemory, key: string) => limiter.consume(key).then(
    () => undefined,
    () => undefined,
  );
  return {
    async waitMs(username, ip) {
      const [user, address] = await Promise.all([byUsername.get(userKey(username)), byIp.get(ip)]);
      return Math.max(blockedFor(user), blockedFor(address));
    },
    async failed(username, ip) {
      await Promise.all([count(byUsername, userKey(username)), count(byIp, ip)]);
    },
    async succeeded(username, ip) {
      await Promise.all([byUsername.delete(userKey(username)), byIp.delete(ip)]);
    },
  };
}
