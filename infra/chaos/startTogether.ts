// Processes started together on one Redis: three shop services (as `npm start` runs them, PROJECTIONS=inline) on one
// data folder and one private redis-server, each folding the shared read models. Every round starts the three at once,
// sends reviews through all of them, pauses one (SIGSTOP) while the others take more, restarts another, then stops them
// in an order of the round's own. The read models must never be rebuilt or dropped, and every acknowledged review must
// be listed by every process. A last round flushes Redis under the three: it must be rebuilt once, by one of them.
// Rebuilds and drops are counted from the processes' own logs (LOG_LEVEL=info, one file per process).
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startServer, type BenchServer } from '../bench/servers.ts';
import { eventually } from '../testing/assert.ts';
import { caughtUp, openChaosSite, readModelsMatchLog } from './site.ts';

/** What the runner logs when it drops a lost store to fold it again, and when it marks a new one (decision 094). */
export const REBUILT = 'read store lost its data; rebuilding from the log';
export const MARKED = 'read store is new: marked';

export type TogetherRound = {
  /** reviews answered 2xx during the round */
  acknowledged: number;
  /** reviews ever acknowledged that some process did not list once it had caught up */
  lost: number;
  /** read models dropped and folded again after a loss, by any process, during the round */
  rebuilds: number;
  /** new stores marked (each such mark drops whatever the namespace held), by any process, during the round */
  marked: number;
  /** the order the processes were stopped in (1-based) */
  stopOrder: number[];
};

export type FlushRound = TogetherRound & { recovered: boolean };

export type TogetherSite = {
  /** one round: three processes started at once, traffic, one paused, one restarted, all stopped in the round's order */
  round(options?: { reviews?: number }): Promise<TogetherRound>;
  /** three processes started at once, traffic, FLUSHALL, more traffic; every review listed again */
  flush(options?: { reviews?: number }): Promise<FlushRound>;
  /** the read models in Redis equal a rebuild of the log */
  verified(): Promise<boolean>;
  close(): Promise<void>;
};

const PROCESSES = 3;

const review = (round: number, n: number) => ({
  bookId: 1 + (n % 3),
  customerName: `Together ${round}-${n}`,
  customerEmail: `together${round}.${n}@example.com`,
  rating: 5,
  reviewText: `Sent while three processes shared one Redis (round ${round}, review ${n}).`,
});

/** Log lines with `msg` in every log file of the site so far. */
function logged(dir: string, msg: string): number {
  let n = 0;
  for (const file of readdirSync(dir).filter((f) => f.startsWith('process-') && f.endsWith('.log'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        if ((JSON.parse(line) as { msg?: string }).msg === msg) n += 1;
      } catch {
        // a line cut by a kill
      }
    }
  }
  return n;
}

/** The permutations of 1..3, so 20 rounds stop the processes in every order, several times. */
const orders = [
  [1, 2, 3],
  [3, 2, 1],
  [2, 1, 3],
  [1, 3, 2],
  [3, 1, 2],
  [2, 3, 1],
];

export async function openTogetherSite(): Promise<TogetherSite> {
  const site = await openChaosSite('together');
  const logs = join(site.dataDir, 'logs');
  mkdirSync(logs);
  const env = { ...site.env, LOG_LEVEL: 'info', PROJECTIONS: 'inline' };
  const acknowledgedIds = new Set<string>();
  let rounds = 0;
  let starts = 0;
  const running = new Set<BenchServer>();

  const start = async (): Promise<BenchServer> => {
    starts += 1;
    const fd = openSync(join(logs, `process-${starts}.log`), 'a');
    try {
      const server = await startServer(`shop ${starts}`, 'infra/main/shop.ts', [], env, '/healthz', undefined, {
        stdout: fd,
      });
      running.add(server);
      return server;
    } finally {
      closeSync(fd);
    }
  };
  const stop = async (server: BenchServer) => {
    await server.stop();
    running.delete(server);
  };

  /**
   * `count` reviews at once, spread over `servers`; a refusal fails the round unless `refusable` (while the read
   * models are being folded again after a flush, a review of a book they do not list yet is refused).
   */
  const send = async (servers: BenchServer[], round: number, from: number, count: number, refusable = false) => {
    let acknowledged = 0;
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const target = servers[i % servers.length]!;
        const res = await fetch(`${target.url}/api/reviews/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(review(round, from + i)),
        });
        const answer = (await res.json()) as { reviewId?: string };
        if (!res.ok || !answer.reviewId) {
          if (refusable) return;
          throw new Error(`a review was refused: ${res.status} ${JSON.stringify(answer)}`);
        }
        acknowledgedIds.add(answer.reviewId);
        acknowledged += 1;
      }),
    );
    return acknowledged;
  };

  const listed = async (server: BenchServer): Promise<Set<string>> => {
    const res = await fetch(`${server.url}/api/admin/reviews`, { headers: site.owner });
    if (!res.ok) throw new Error(`the owner's list answered ${res.status}`);
    return new Set(((await res.json()) as { id: string }[]).map((r) => r.id));
  };

  /** Acknowledged reviews some process does not list once it has folded the whole log. */
  const missing = async (servers: BenchServer[]) => {
    let lost = 0;
    for (const server of servers) {
      if ((await caughtUp(server.url, 60_000)) !== 0) throw new Error(`${server.url} did not catch up with the log`);
      // Caught up is its runner's position; another process may still hold the commit that covers the last events.
      const seen = await listed(server);
      lost += [...acknowledgedIds].filter((id) => !seen.has(id)).length;
    }
    return lost;
  };

  const counts = () => ({ rebuilds: logged(logs, REBUILT), marked: logged(logs, MARKED) });

  // The first start alone: it makes the log, its key file and the first generation, as a shop's first start does.
  const first = await start();
  await send([first], 0, 0, 5);
  await stop(first);

  return {
    async round({ reviews = 12 } = {}) {
      const round = ++rounds;
      const before = counts();
      const servers = await Promise.all(Array.from({ length: PROCESSES }, () => start()));
      let acknowledged = await send(servers, round, 0, reviews);
      // One lags: paused while the others take reviews, so its runner comes back behind theirs.
      const paused = servers[round % PROCESSES]!;
      process.kill(paused.pid, 'SIGSTOP');
      try {
        acknowledged += await send(
          servers.filter((s) => s !== paused),
          round,
          reviews,
          reviews,
        );
      } finally {
        process.kill(paused.pid, 'SIGCONT');
      }
      // Another restarts while the rest go on.
      const restarted = servers[(round + 1) % PROCESSES]!;
      await stop(restarted);
      servers[(round + 1) % PROCESSES] = await start();
      acknowledged += await send(servers, round, 2 * reviews, reviews);
      const lost = await missing(servers);
      const stopOrder = orders[(round - 1) % orders.length]!;
      for (const n of stopOrder) await stop(servers[n - 1]!);
      const after = counts();
      return {
        acknowledged,
        lost,
        rebuilds: after.rebuilds - before.rebuilds,
        marked: after.marked - before.marked,
        stopOrder,
      };
    },

    async flush({ reviews = 12 } = {}) {
      const round = ++rounds;
      const before = counts();
      const servers = await Promise.all(Array.from({ length: PROCESSES }, () => start()));
      let acknowledged = await send(servers, round, 0, reviews);
      const admin = new Redis(site.redis.url);
      try {
        await admin.flushall();
      } finally {
        admin.disconnect();
      }
      acknowledged += await send(servers, round, reviews, reviews, true);
      // Every process lists every review ever acknowledged again: the flushed store was folded again from the log.
      let recovered = true;
      try {
        await eventually(
          async () => {
            for (const server of servers) {
              const seen = await listed(server).catch(() => new Set<string>());
              if ([...acknowledgedIds].some((id) => !seen.has(id))) return false;
            }
            return true;
          },
          60_000,
          'every review listed again after the flush',
        );
      } catch {
        recovered = false;
      }
      const lost = await missing(servers);
      const stopOrder = [1, 2, 3];
      for (const server of servers) await stop(server);
      const after = counts();
      return {
        acknowledged,
        lost,
        rebuilds: after.rebuilds - before.rebuilds,
        marked: after.marked - before.marked,
        stopOrder,
        recovered,
      };
    },

    verified: () => readModelsMatchLog(site),

    async close() {
      for (const server of running) await server.stop();
      running.clear();
      await site.close();
    },
  };
}
