// Per-address limits on anonymous writes, as route middleware: `router.post(path, limit(deps, 'reviews'), handler)`.
// The counters live in Redis when REDIS_URL is set, so every shop process on it counts together; in memory otherwise.
import { createRequire } from 'node:module';
import type { RouterMiddleware } from '@koa/router';
import type { Redis as RedisClient } from 'ioredis';
import type { Logger } from 'pino';
import type {
  RateLimiterAbstract,
  RateLimiterMemory as MemoryLimiter,
  RateLimiterRedis as RedisLimiter,
  RateLimiterRes as LimiterAnswer,
} from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { tooManyRequests } from './errors.ts';
import { defaultLimits, type LimitName, type LimitRule, type LimitRules } from './limitRules.ts';

export { defaultLimits, type LimitName } from './limitRules.ts';

// Loaded class by class, and Redis's client only when configured: the package's index loads every store it supports
// (Mongo, MySQL, DynamoDB, ...) and ioredis is a large client, together about 35 MiB of a shop that uses neither.
const load = createRequire(import.meta.url);
const RateLimiterMemory = load('rate-limiter-flexible/lib/RateLimiterMemory.js') as typeof MemoryLimiter;
const RateLimiterRes = load('rate-limiter-flexible/lib/RateLimiterRes.js') as typeof LimiterAnswer;

/** Counters in one store: Redis when configured, else this process's memory. */
export type CounterStore = {
  readonly shared: boolean;
  counter(name: string, rule: LimitRule): RateLimiterAbstract;
  close(): Promise<void>;
};

export function createCounterStore(config: Pick<Config, 'REDIS_URL'>, logger?: Pick<Logger, 'warn'>): CounterStore {
  if (!config.REDIS_URL) {
    return {
      shared: false,
      counter: (name, rule) => new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.seconds }),
      close: async () => {},
    };
  }
  // No offline queue: while Redis is away a count fails at once and the memory counter below takes over, so a limit
  // never turns into a 500 or a hung request.
  const { Redis } = load('ioredis') as { Redis: typeof RedisClient };
  const RateLimiterRedis = load('rate-limiter-flexible/lib/RateLimiterRedis.js') as typeof RedisLimiter;
  const client = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let warned = false;
  client.on('error', (error: Error) => {
    if (!warned)
      logger?.warn({ err: error.message }, 'limit counters: Redis unreachable, counting in memory until it is back');
    warned = true;
  });
  client.on('ready', () => (warned = false));
  return {
    shared: true,
    counter: (name, rule) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `shop:limit:${name}`,
        points: rule.points,
        duration: rule.seconds,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.seconds }),
      }),
    async close() {
      client.disconnect();
    },
  };
}

/** consume() rejects with the limiter's answer once the points are spent; that answer is what is wanted. */
export async function count(counter: RateLimiterAbstract, key: string, points = 1): Promise<LimiterAnswer> {
  try {
    return await counter.consume(key, points);
  } catch (answer) {
    if (answer instanceof RateLimiterRes) return answer;
    throw answer;
  }
}

export type Limits = {
  readonly rules: LimitRules;
  readonly store: CounterStore;
  /** Counts one use of `name` by `key`: 0 when it may go ahead, else the milliseconds until it may. */
  take(name: LimitName, key: string): Promise<number>;
  /** Whether `key` has spent `name` already, without counting a use: 0 when it may go ahead, else the milliseconds until it may. */
  peek(name: LimitName, key: string): Promise<number>;
  close(): Promise<void>;
};

export function createLimits(config: Pick<Config, 'REDIS_URL' | 'RATE_LIMITS'>, logger?: Pick<Logger, 'warn'>): Limits {
  const rules = { ...defaultLimits, ...config.RATE_LIMITS } as LimitRules;
  const store = createCounterStore(config, logger);
  const counters = new Map<LimitName, RateLimiterAbstract>();
  const counterOf = (name: LimitName) => {
    let counter = counters.get(name);
    if (!counter) counters.set(name, (counter = store.counter(name, rules[name])));
    return counter;
  };
  return {
    rules,
    store,
    async take(name, key) {
      const answer = await count(counterOf(name), key);
      return answer.consumedPoints > rules[name].points ? Math.max(1, answer.msBeforeNext) : 0;
    },
    async peek(name, key) {
      const answer = await counterOf(name).get(key);
      return answer && answer.consumedPoints >= rules[name].points ? Math.max(1, answer.msBeforeNext) : 0;
    },
    close: () => store.close(),
  };
}

export function retryMessage(waitMs: number, what = 'requests'): { seconds: number; message: string } {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return { seconds, message: `Too many ${what} from your address. Please try again in ${when}.` };
}

/** Route middleware: one use of `name` per request, counted per client address; past the limit a 429 with Retry-After. */
export function limit(deps: { limits: Limits }, name: LimitName): RouterMiddleware {
  return async (ctx, next) => {
    const waitMs = await deps.limits.take(name, ctx.ip);
    if (waitMs > 0) {
      const { seconds, message } = retryMessage(waitMs);
      ctx.set('Retry-After', String(seconds));
      throw tooManyRequests(message);
    }
    await next();
  };
}
