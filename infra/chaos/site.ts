// What the crash and read-store-loss rounds share: a data folder with the shop's SQLite log, a private Redis for its
// read models, the owner's token, and the two checks after a round: the runner has caught up, and the live read
// models equal a rebuild of the log.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../../projections/index.ts';
import { openLive } from '../../projections/engine/generations.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { loadConfig } from '../../service/config.ts';
import { openEventStore } from '../composition/shop.ts';
import { createRedisReadStore } from '../readstore/redisReadStore.ts';
import { startRedis, type TestRedis } from '../testing/redis.ts';
import { floodLimits } from '../testing/shop.ts';

export type ChaosSite = {
  dataDir: string;
  /** the SQLite log in the data folder */
  file: string;
  redis: TestRedis;
  /** the headers of the owner's requests */
  owner: { authorization: string };
  /** the environment the shop's service runs with */
  env: Record<string, string>;
  /** stops Redis and removes the data folder */
  close(): Promise<void>;
};

export async function openChaosSite(name: string): Promise<ChaosSite> {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  const secret = randomBytes(32).toString('base64url');
  const redis = await startRedis();
  return {
    dataDir,
    file: join(dataDir, 'events.sqlite'),
    redis,
    owner: { authorization: `Bearer ${signAdminToken(secret, 'admin')}` },
    env: {
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      JWT_SECRET: secret,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      RATE_LIMITS: floodLimits,
    },
    async close() {
      await redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the service at `url` reports that its runner has folded the whole log, for `timeoutMs` at most; answers the last lag it reported. */
export async function caughtUp(url: string, timeoutMs: number): Promise<number> {
  let lag = Infinity;
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { projections: { lag: number | null } };
    lag = health.projections.lag ?? Infinity;
    if (lag === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return lag;
}

/** True when the live read models in the site's Redis equal a rebuild of its log; read on connections of its own. */
export async function readModelsMatchLog(site: ChaosSite): Promise<boolean> {
  // Through the composition, as the shop reads it: personal fields opened with the data keys beside the log.
  const events = await openEventStore(loadConfig({ DATA_DIR: site.dataDir }));
  const backend = createRedisReadStore(site.redis.url);
  try {
    return (await verify(events, await openLive(backend), allProjections)).match;
  } finally {
    await backend.close();
    await events.close();
  }
}
