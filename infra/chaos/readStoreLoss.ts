// Read store loss: the real service (SQLite log, read models in a private redis-server) takes a steady stream of review
// submissions while its Redis is flushed (FLUSHALL) or restarted empty. Nobody restarts the service: its projection
// runner must notice and rebuild on its own, so that the same process soon lists every acknowledged review to the
// owner again, its read models match a rebuild of the log, and the loss changed nothing already in the log.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { startServer, type BenchServer } from '../bench/servers.ts';
import { caughtUp, openChaosSite, readModelsMatchLog } from './site.ts';

export type Loss = 'flush' | 'restart';

export type LossRound = {
  loss: Loss;
  /** submissions answered 2xx during the round, before and after the loss */
  acknowledged: number;
  /** submissions the service refused or could not answer while Redis was away */
  refused: number;
  /** from the loss until the owner's list showed every acknowledged review again; null if it never did */
  recoveredMs: number | null;
  /** the read models in Redis equal a rebuild of the log once traffic stopped */
  verified: boolean;
  /** the events that were in the log before the loss are still there, byte for byte */
  logUntouched: boolean;
  /** the service process that took the loss is the one still answering */
  sameProcess: boolean;
};

export type LossSite = {
  round(loss: Loss, options?: { clients?: number; beforeMs?: number; afterMs?: number }): Promise<LossRound>;
  close(): Promise<void>;
};

const review = (round: number, n: number) => ({
  bookId: 1 + (n % 3),
  customerName: `Loss ${round}-${n}`,
  customerEmail: `loss${round}.${n}@example.com`,
  rating: 4,
  reviewText: `Submitted while the read models were about to vanish (round ${round}, review ${n}).`,
});

/** The number of events up to `position` and a hash of them, read on a connection of its own. */
function logDigest(file: string, position?: number): { head: number; hash: string } {
  const db = new Database(file, { readonly: true });
  try {
    const head =
      position ?? db.prepare<[], { head: number | null }>('SELECT MAX(position) AS head FROM events').get()!.head ?? 0;
    const hash = createHash('sha256');
    for (const row of db
      .prepare<[number], object>('SELECT * FROM events WHERE position <= ? ORDER BY position')
      .iterate(head))
      hash.update(JSON.stringify(row));
    return { head, hash: hash.digest('hex') };
  } finally {
    db.close();
  }
}

export async function openLossSite(): Promise<LossSite> {
  const site = await openChaosSite('loss');
  const { file, redis, env, owner } = site;
  let service: BenchServer | null = null;
  const acknowledgedIds = new Set<string>();
  let rounds = 0;

  const ownersList = async (url: string): Promise<Set<string> | null> => {
    try {
      const res = await fetch(`${url}/api/admin/reviews`, { headers: owner });
      return res.ok ? new Set(((await res.json()) as { id: string }[]).map((r) => r.id)) : null;
    } catch {
      return null;
    }
  };

  return {
    async round(loss, { clients = 8, beforeMs = 400, afterMs = 600 } = {}) {
      service ??= await startServer('shop', 'infra/main/shop.ts', [], env, '/healthz');
      const target = service;
      const round = ++rounds;
      let stop = false;
      let acknowledged = 0;
      let refused = 0;
      let n = 0;
      const submitter = async () => {
        while (!stop) {
          const body = review(round, n++);
          try {
            const res = await fetch(`${target.url}/api/reviews/submit`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            const answer = (await res.json()) as { reviewId?: string };
            if (res.ok && answer.reviewId) {
              acknowledged += 1;
              acknowledgedIds.add(answer.reviewId);
            } else refused += 1;
          } catch {
            refused += 1;
          }
        }
      };
      const traffic = Promise.all(Array.from({ length: clients }, submitter));
      await new Promise((r) => setTimeout(r, beforeMs));

      const before = logDigest(file);
      const lostAt = Date.now();
      if (loss === 'flush') {
        const admin = new Redis(redis.url);
        try {
          await admin.flushall();
        } finally {
          admin.disconnect();
        }
      } else {
        await redis.restart();
      }
      await new Promise((r) => setTimeout(r, afterMs));
      stop = true;
      await traffic;

      // Recovered: the owner's list shows every review ever acknowledged, from the same process.
      let recoveredMs: number | null = null;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const listed = await ownersList(target.url);
        if (listed && [...acknowledgedIds].every((id) => listed.has(id))) {
          recoveredMs = Date.now() - lostAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }

      // Once the runner has folded the whole log, the read models must equal a rebuild of it.
      const head = logDigest(file).head;
      await caughtUp(target.url, 30_000);
      const verified = await readModelsMatchLog(site);
      const after = logDigest(file, before.head);
      let sameProcess: boolean;
      try {
        process.kill(target.pid, 0);
        sameProcess = (await fetch(`${target.url}/healthz`)).ok && service === target && head >= before.head;
      } catch {
        sameProcess = false;
      }
      return {
        loss,
        acknowledged,
        refused,
        recoveredMs,
        verified,
        logUntouched: after.hash === before.hash,
        sameProcess,
      };
    },

    async close() {
      await service?.stop();
      await site.close();
    },
  };
}
