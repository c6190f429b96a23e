// Section 3: the shop as deployed (compiled, production, request log on and going to a file) against a bare Koa
// hello-world, same autocannon settings, same run; cold start and memory; and a flood that must lose no log line.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverOutdir } from '../build/server.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { median, megabytes, oneDecimal, whole, type BenchReport } from './report.ts';
import type { BenchOptions, Section } from './section.ts';
import { floodThenStop, productionEnv } from './logFlood.ts';
import { startServer, type BenchServer, type Memory } from './servers.ts';
import { writeSeason } from './workload.ts';
import { floodLimits } from '../testing/shop.ts';

const section = 'api';
const helloScript = new URL('./helloWorld.mjs', import.meta.url).pathname;
const shopScript = join(serverOutdir, 'main.js');
const mebibyte = 1024 * 1024;

/** `judged`: held to the target; the others are measured the same way and reported beside it. */
type ReadPath = { label: string; path: string; admin?: boolean; judged?: { share: number; p99?: number } };

/** The shop's read paths that shoppers and the owner hit most; each is measured once it exists. */
const readPaths: ReadPath[] = [
  { label: 'GET /api/books', path: '/api/books', judged: { share: 0.75, p99: 1.5 } },
  { label: 'GET /api/reviews/book/2', path: '/api/reviews/book/2', judged: { share: 0.5 } },
  { label: 'GET /api/admin/orders (with a token)', path: '/api/admin/orders', admin: true },
];

type Load = {
  perSecond: number;
  p99: number;
  p50: number;
  non2xx: number;
  errors: number;
  total: number;
  cpuMicros: number;
};

/** Loads `server` and also answers the server's CPU time per request, which the machine's other load does not skew. */
async function load(
  server: BenchServer,
  path: string,
  headers: Record<string, string>,
  options: { duration?: number; amount?: number },
): Promise<Load> {
  const url = server.url + path;
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({
    url,
    headers,
    connections: 50,
    pipelining: 1,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
  });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result['2xx'] + result.non2xx,
    cpuMicros: ((server.cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, result['2xx'] + result.non2xx),
  };
}

const describe = (l: Load) =>
  `${whole(l.perSecond)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms, ${whole(l.cpuMicros)} µs server CPU per request, ${l.non2xx} non-2xx, ${l.errors} errors`;

/** Rounds taken together: the median round's req/s and latencies, every request and failure counted. */
function combine(loads: Load[]): Load {
  return {
    perSecond: median(loads.map((l) => l.perSecond)),
    p50: median(loads.map((l) => l.p50)),
    p99: median(loads.map((l) => l.p99)),
    non2xx: loads.reduce((n, l) => n + l.non2xx, 0),
    errors: loads.reduce((n, l) => n + l.errors, 0),
    total: loads.reduce((n, l) => n + l.total, 0),
    cpuMicros: median(loads.map((l) => l.cpuMicros)),
  };
}

const percent = (share: number) => `${whole(share * 100)}%`;

/** The target's wording for a judged read path. */
function targetText(read: ReadPath): string {
  const judged = read.judged!;
  return `${read.label} ≥ ${percent(judged.share)} of hello-world's req/s${judged.p99 ? `, p99 ≤ ${judged.p99}× hello-world's` : ''}, zero non-2xx`;
}

export const apiSection: Section = {
  name: 'api',
  async run(report: BenchReport, { quick, scratch }: BenchOptions) {
    const duration = quick ? 2 : 10;
    const rounds = quick ? 1 : 5;
    const starts = quick ? 1 : 5;
    const early = 1_000;
    const late = quick ? 10_000 : 100_000;
    const secret = randomBytes(32).toString('base64url');
    const adminHeaders = { authorization: `Bearer ${signAdminToken(secret, 'admin')}` };
    // What `npm start` runs: the server compiled into dist/server.
    await buildServer();
    const servers: BenchServer[] = [];
    const logFds: number[] = [];
    try {
      // Cold start: spawn to the first 200, the shop each time on a new data folder (the catalog is seeded, the
      // read models folded from nothing); readiness is polled every 5 ms.
      const helloStarts: number[] = [];
      const shopStarts: number[] = [];
      const shopRss: number[] = [];
      for (let i = 0; i < starts; i++) {
        const hello = await startServer('hello-world', helloScript, ['$PORT'], {}, '/', undefined, {
          runtime: 'node',
          pollMs: 5,
        });
        helloStarts.push(hello.startMs);
        await hello.stop();
        const dataDir = join(scratch, `cold-${i}`);
        mkdirSync(dataDir, { recursive: true });
        const logFd = openSync(join(dataDir, 'shop.log'), 'w');
        logFds.push(logFd);
        const shop = await startServer(
          'shop',
          shopScript,
          [],
          await productionEnv(dataDir, secret),
          '/healthz',
          undefined,
          { runtime: 'node', stdout: logFd, pollMs: 5 },
        );
        shopStarts.push(shop.startMs);
        shopRss.push(shop.procRss());
        await shop.stop();
      }
      const helloStart = median(helloStarts);
      const shopStart = median(shopStarts);
      report.figure(
        section,
        `cold start, spawn to first 200 (median of ${starts})`,
        `hello-world ${whole(helloStart)} ms, shop ${whole(shopStart)} ms`,
      );
      report.target(
        section,
        "cold start of the shop on a new data folder ≤ 3× hello-world's",
        `${oneDecimal(shopStart / helloStart)}×`,
        shopStart <= 3 * helloStart,
      );
      const startRss = median(shopRss);
      report.target(
        section,
        'shop RSS after start (VmRSS from /proc, just after the first 200) ≤ 90 MiB',
        `${oneDecimal(startRss / mebibyte)} MiB`,
        startRss <= 90 * mebibyte,
      );

      const hello = await startServer('hello-world', helloScript, ['$PORT'], {}, '/', undefined, { runtime: 'node' });
      servers.push(hello);
      // The shop a season in: reviews on every book (most approved) and orders in every status, folded at start.
      const season = { reviews: 90, orders: 100 };
      const shopDir = join(scratch, 'shop');
      const log = openSqliteEventStore(join(shopDir, 'events.sqlite'));
      await writeSeason(log, season);
      await log.close();
      const logFd = openSync(join(shopDir, 'shop.log'), 'w');
      logFds.push(logFd);
      const shop = await startServer(
        'shop',
        shopScript,
        [],
        { ...(await productionEnv(shopDir, secret)), RATE_LIMITS: floodLimits },
        '/healthz',
        undefined,
        { runtime: 'node', stdout: logFd },
      );
      servers.push(shop);
      report.note(
        section,
        `The shop holds ${season.reviews} reviews (about a third per book, most approved) and ${season.orders} orders in the log, as after a good season.`,
      );
      report.note(
        section,
        `autocannon: 50 connections, pipelining 1, ${duration} s per measurement in ${rounds} alternating slices, in the bench process. The shop runs as deployed: ` +
          `\`node --enable-source-maps ${shopScript}\` (built by \`npm run build:server\`), NODE_ENV=production, the default LOG_LEVEL=info (one line per request) ` +
          'written to a file, SQLite log and read models in memory. Hello-world is plain JavaScript run by node the same way. Each is its own process.',
      );

      // Memory after the first 1k requests, before anything else warms the shop up.
      let sent = (await load(shop, '/api/books', {}, { amount: early })).total;
      const first = await shop.memory();

      // The machine is shared, so load from elsewhere comes and goes: hello-world and each read path take turns in
      // short slices, and each ratio is the median of its rounds.
      const available: ReadPath[] = [];
      const bodyBytes = new Map<ReadPath, number>();
      for (const read of readPaths) {
        const probe = await fetch(shop.url + read.path, { headers: read.admin ? adminHeaders : {} });
        bodyBytes.set(read, (await probe.arrayBuffer()).byteLength);
        if (probe.status === 404) {
          report.target(
            section,
            read.judged ? targetText(read) : read.label,
            'pending: the endpoint does not exist in this branch yet',
            'pending',
          );
        } else available.push(read);
      }
      const slice = duration / rounds;
      // Warm both up (JIT, connection pools) before anything counts.
      await load(hello, '/', {}, { duration: 1 });
      for (const read of available)
        sent += (await load(shop, read.path, read.admin ? adminHeaders : {}, { duration: 1 })).total;
      const baseline: Load[] = [];
      const measured = new Map<ReadPath, Load[]>(available.map((r) => [r, []]));
      for (let round = 0; round < rounds; round++) {
        baseline.push(await load(hello, '/', {}, { duration: slice }));
        for (const read of available) {
          const result = await load(shop, read.path, read.admin ? adminHeaders : {}, { duration: slice });
          sent += result.total;
          measured.get(read)!.push(result);
        }
      }
      report.figure(section, 'bare Koa hello-world', describe(combine(baseline)));
      for (const read of available) {
        const loads = measured.get(read)!;
        const all = combine(loads);
        report.figure(section, `${read.label}, a ${whole(bodyBytes.get(read) ?? 0)}-byte answer`, describe(all));
        const share = median(loads.map((l, i) => l.perSecond / baseline[i]!.perSecond));
        const p99Ratio = median(loads.map((l, i) => l.p99 / Math.max(baseline[i]!.p99, 1)));
        const measuredText = `${percent(share)}, p99 ${oneDecimal(p99Ratio)}× (medians of ${rounds} rounds), ${all.non2xx + all.errors} non-2xx or errors`;
        const clean = all.non2xx === 0 && all.errors === 0;
        if (read.judged) {
          const met =
            share >= read.judged.share && (read.judged.p99 === undefined || p99Ratio <= read.judged.p99) && clean;
          report.target(section, targetText(read), measuredText, met);
        } else {
          report.target(
            section,
            `${read.label}, measured the same way against hello-world; zero non-2xx`,
            measuredText,
            clean ? 'reported' : false,
          );
        }
      }

      if (sent < late) sent += (await load(shop, '/api/books', {}, { amount: late - sent })).total;
      const last = await shop.memory();
      report.figure(section, `shop memory after ${whole(early)} requests (after a full GC)`, describeMemory(first));
      report.figure(section, `shop memory after ${whole(sent)} requests (after a full GC)`, describeMemory(last));
      report.figure(section, 'shop VmRSS from /proc after load', megabytes(shop.procRss()));
      const rssRatio = last.rss / first.rss;
      const heapRatio = last.heapUsed / first.heapUsed;
      report.target(
        section,
        `memory after ${whole(late)} requests ≤ 1.5× after the first ${whole(early)} (RSS and heap)`,
        `RSS ${oneDecimal(rssRatio)}×, heap ${oneDecimal(heapRatio)}×`,
        rssRatio <= 1.5 && heapRatio <= 1.5,
      );
      await Promise.all(servers.splice(0).map((s) => s.stop()));

      // A flood of GET /api/books, then SIGTERM straight away: every answer the clients received has its line, and
      // the shop's last line ('stopped') is written. Requests still in flight when the clients stop are answered and
      // logged without being counted by them, so up to one line per connection more is expected.
      const floodDir = join(scratch, 'flood');
      mkdirSync(floodDir, { recursive: true });
      const flood = await floodThenStop({ script: shopScript, runtime: 'node', dataDir: floodDir, seconds: duration });
      const extra = flood.lines - flood.answered;
      report.target(
        section,
        `not one request line lost: a ${duration}-s flood of GET /api/books, then SIGTERM; lines counted in the log file against answers received`,
        `${whole(flood.answered)} answers (${whole(flood.perSecond)} req/s), ${whole(flood.lines)} request lines (${extra} for requests in flight when the clients stopped), last line '${flood.lastMessage}', exit code ${flood.exitCode}`,
        extra >= 0 && extra <= flood.connections && flood.lastMessage === 'stopped' && flood.exitCode === 0,
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      for (const fd of logFds) closeSync(fd);
    }
  },
};

const describeMemory = (m: Memory) => `RSS ${megabytes(m.rss)}, heap used ${megabytes(m.heapUsed)}`;
