// Crash rounds: the real service (SQLite log, read models in a private Redis) is killed with SIGKILL in the middle of a
// burst of concurrent review submissions. After each kill: every submission that got a 2xx is in the log exactly once,
// the SQLite file passes integrity_check, and after the restart the projections catch up, verify against a rebuild
// from the log, and show the owner every acknowledged review.
import Database from 'better-sqlite3';
import { startServer, type BenchServer } from '../bench/servers.ts';
import { freePort } from '../testing/ports.ts';
import { caughtUp, openChaosSite, readModelsMatchLog } from './site.ts';

export type CrashRound = {
  round: number;
  /** submissions answered 2xx before the kill */
  acknowledged: number;
  /** submissions of this round in the log (the acknowledged ones plus any whose answer the kill cut off) */
  logged: number;
  lost: string[];
  duplicated: string[];
  integrity: string;
  /** submissions in flight when the kill came, whose answer never arrived: proof that the kill landed mid-burst */
  cutOff: number;
};

export type Restart = { lag: number; verified: boolean; missingFromOwnersList: number };

export type CrashSite = {
  /** starts (or restarts) the service, waits until its read models have caught up, and checks them */
  restart(): Promise<Restart>;
  /** a burst of `clients` concurrent submitters, killed `killAfterMs` after the first acknowledgement */
  crash(round: number, killAfterMs: number, clients?: number): Promise<CrashRound>;
  close(): Promise<void>;
};

const review = (round: number, n: number) => ({
  bookId: 1 + (n % 2),
  customerName: `Crash ${round}-${n}`,
  customerEmail: `crash${round}.${n}@example.com`,
  rating: 5,
  reviewText: `Submitted while the server was about to die (round ${round}, review ${n}).`,
});

/** How often each request id of a round is the cause of an event, read by a fresh connection after the kill. */
function loggedRequests(file: string, round: number): { counts: Map<string, number>; integrity: string } {
  const db = new Database(file);
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const rows = db
      .prepare<[string], { id: string; n: number }>(
        `SELECT json_extract(metadata, '$.causationId') AS id, COUNT(*) AS n FROM events WHERE json_extract(metadata, '$.causationId') LIKE ? GROUP BY id`,
      )
      .all(`crash-${round}-%`);
    return { counts: new Map(rows.map((r) => [r.id, r.n])), integrity };
  } finally {
    db.close();
  }
}

export async function openCrashSite(): Promise<CrashSite> {
  const port = await freePort();
  const site = await openChaosSite('crash');
  const { file, env, owner } = site;
  const acknowledgedIds: string[] = [];
  let service: BenchServer | null = null;

  return {
    async restart() {
      service = await startServer('shop', 'infra/main/shop.ts', [], env, '/healthz', port);
      const lag = await caughtUp(service.url, 60_000);
      // The log is quiet now: the live read models can be compared with a rebuild of the log.
      const verified = await readModelsMatchLog(site);
      const listed = (await (await fetch(`${service.url}/api/admin/reviews`, { headers: owner })).json()) as {
        id: string;
      }[];
      const shown = new Set(listed.map((r) => r.id));
      return { lag, verified, missingFromOwnersList: acknowledgedIds.filter((id) => !shown.has(id)).length };
    },

    async crash(round, killAfterMs, clients = 32) {
      if (!service) throw new Error('start the service first');
      const target = service;
      const acknowledged: string[] = [];
      // Set by the submitters' callbacks: declared wide, as the compiler cannot see those assignments from here.
      let killing = null as Promise<void> | null;
      // Submitters keep going until the kill itself, so it lands in the middle of the burst.
      let killed = false;
      const kill = () => {
        killed = true;
        return target.kill();
      };
      let n = 0;
      let cutOff = 0;
      const submitter = async () => {
        while (!killed) {
          const requestId = `crash-${round}-${n}`;
          const body = review(round, n++);
          try {
            const res = await fetch(`${target.url}/api/reviews/submit`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-request-id': requestId },
              body: JSON.stringify(body),
            });
            const answer = (await res.json()) as { reviewId?: string };
            if (res.ok) {
              // Answered, even if the kill is already on its way: an acknowledgement the shop must honour.
              acknowledged.push(requestId);
              acknowledgedIds.push(answer.reviewId!);
              killing ??= new Promise((r) => setTimeout(r, killAfterMs)).then(kill);
            }
          } catch {
            // The connection died with the server: not acknowledged, so either outcome is allowed.
            cutOff += 1;
          }
        }
      };
      // Submitters stop at the kill, which the first acknowledgement schedules; a burst that never gets one is killed anyway.
      const done = Promise.all(Array.from({ length: clients }, submitter));
      const giveUp = setTimeout(() => {
        killing ??= kill();
      }, 30_000);
      await done;
      clearTimeout(giveUp);
      await killing;
      service = null;
      const { counts, integrity } = loggedRequests(file, round);
      return {
        round,
        acknowledged: acknowledged.length,
        logged: counts.size,
        lost: acknowledged.filter((id) => !counts.has(id)),
        duplicated: [...counts].filter(([, count]) => count !== 1).map(([id]) => id),
        integrity,
        cutOff,
      };
    },

    async close() {
      await service?.stop();
      await site.close();
    },
  };
}
