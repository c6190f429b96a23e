// Section: shoppers while the owner's long tasks run. A verification rebuilds every read model from the log; with long
// tasks taking turns (decision 062) a pile of them runs one after another instead of all at once, each folding the log
// into the shop's memory in slices of a few ms. Measured: the
// shoppers' p99 on GET /api/books alone, then with 20 verify calls sent at once over and over. Reported, not judged.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { floodLimits } from '../testing/shop.ts';
import { productionEnv } from './logFlood.ts';
import { whole, type BenchReport } from './report.ts';
import type { BenchOptions, Section } from './section.ts';
import { startServer } from './servers.ts';
import { writeSeason } from './workload.ts';

const section = 'long tasks';

type Shoppers = { p50: number; p99: number; perSecond: number; non2xx: number; errors: number };

async function shoppers(url: string, seconds: number): Promise<Shoppers> {
  const result = await autocannon({ url: `${url}/api/books`, connections: 20, pipelining: 1, duration: seconds });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const describe = (s: Shoppers) =>
  `p50 ${s.p50} ms, p99 ${s.p99} ms, ${whole(s.perSecond)} req/s, ${s.non2xx} non-2xx, ${s.errors} errors`;

export const longTasksSection: Section = {
  name: 'long-tasks',
  async run(report: BenchReport, { quick, scratch }: BenchOptions) {
    const seconds = quick ? 3 : 10;
    const season = quick ? { reviews: 90, orders: 200 } : { reviews: 200, orders: 800 };
    const dir = join(scratch, 'long-tasks');
    mkdirSync(dir, { recursive: true });
    const log = openSqliteEventStore(join(dir, 'events.sqlite'));
    await writeSeason(log, season);
    await log.close();
    const secret = randomBytes(32).toString('base64url');
    const logFd = openSync(join(dir, 'shop.log'), 'w');
    const shop = await startServer(
      'shop',
      'infra/main/shop.ts',
      [],
      { ...(await productionEnv(dir, secret)), RATE_LIMITS: floodLimits },
      '/healthz',
      undefined,
      { stdout: logFd },
    );
    try {
      const owner = { authorization: `Bearer ${signAdminToken(secret, 'admin')}` };
      // Warm-up, then the shoppers alone.
      await shoppers(shop.url, 1);
      const alone = await shoppers(shop.url, seconds);
      // The same, while 20 verify calls are sent at once, again and again, until the shoppers' run ends.
      const statuses = new Map<number, number>();
      const verifyMs: number[] = [];
      let stop = false;
      const pile = (async () => {
        while (!stop) {
          const started = performance.now();
          const answers = await Promise.all(
            Array.from({ length: 20 }, () =>
              fetch(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner }).then(
                async (res) => (await res.arrayBuffer(), res.status),
              ),
            ),
          );
          for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (answers.includes(200)) verifyMs.push(performance.now() - started);
        }
      })();
      const during = await shoppers(shop.url, seconds);
      stop = true;
      await pile;
      const answers = [...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([status, n]) => `${whole(n)} × ${status}`)
        .join(', ');
      report.figure(section, `GET /api/books, 20 connections, ${seconds} s, alone`, describe(alone));
      report.figure(
        section,
        `GET /api/books, 20 connections, ${seconds} s, while 20 verify calls are sent at once, again and again`,
        describe(during),
      );
      report.figure(
        section,
        'the verify calls in that time',
        `${answers}; a round with one verification running took ${verifyMs.length ? whole(Math.round(verifyMs.reduce((a, b) => a + b, 0) / verifyMs.length)) : '?'} ms on average`,
      );
      report.target(
        section,
        "shoppers' p99 while verify runs (reported, not judged)",
        `${alone.p99} ms alone, ${during.p99} ms with verifications running`,
        'reported',
      );
      report.note(
        section,
        `The shop runs \`infra/main/shop.ts\` under tsx with NODE_ENV=production on a log of ${season.reviews} reviews and ${season.orders} orders; long tasks take turns (one verification at a time, the others answered 409 at once), and a verification folds the log into the shop's memory in slices of 2 ms (decision 062).`,
      );
    } finally {
      await shop.stop();
      closeSync(logFd);
    }
  },
};
