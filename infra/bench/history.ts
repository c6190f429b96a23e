// Section "history": a shop with years of trade. With 100,000 orders in the log, a page of the owner's order list
// against hello-world and searches by e-mail and postcode; with about 1,000,000 events, the time from starting the
// embedded shop to its first answer against the same with about 10,000 events; and the shop's memory after serving
// the 100,000-order console for a while against the same with 1,000 orders.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverOutdir } from '../build/server.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { median, megabytes, oneDecimal, whole, type BenchReport } from './report.ts';
import type { BenchOptions, Section } from './section.ts';
import { productionEnv } from './logFlood.ts';
import { startServer, type BenchServer } from './servers.ts';
import { appendChapters, orderStory, reviewStory, type Chapter } from './workload.ts';
import { seeded } from '../testing/seeded.ts';

const section = 'history';
const helloScript = new URL('./helloWorld.mjs', import.meta.url).pathname;
const shopScript = join(serverOutdir, 'main.js');

/** The n-th order's postcode: a few hundred districts, so a postcode finds a handful of orders among 100,000. */
const postcodeOf = (n: number) =>
  `LE${1 + (n % 97)} ${n % 9}${String.fromCharCode(65 + (n % 23))}${String.fromCharCode(65 + ((n >> 3) % 23))}`;

/** Writes `orders` orders (each with its checkout, e-mails and status changes) and `reviews` reviews; answers the events written. */
async function writeHistory(file: string, { orders, reviews }: { orders: number; reviews: number }): Promise<number> {
  const log = openSqliteEventStore(file);
  const random = seeded(23);
  const perType = new Map<string, number>();
  const batch = 5_000;
  for (let from = 0; from < Math.max(orders, reviews); from += batch) {
    const chapters: Chapter[] = [];
    for (let n = from; n < Math.min(from + batch, orders); n++) {
      for (const chapter of orderStory.write(n, random)) {
        for (const event of chapter.events) {
          if (event.type === 'OrderPlaced') {
            const data = event.data as { shippingAddress: { postcode: string }; placedAt: string };
            data.shippingAddress.postcode = postcodeOf(n);
          }
        }
        chapters.push(chapter);
      }
    }
    for (let n = from; n < Math.min(from + batch, reviews); n++) chapters.push(...reviewStory.write(n, random));
    await appendChapters(log, chapters, perType);
  }
  const head = await log.headPosition();
  await log.close();
  return head;
}

type Shop = { server: BenchServer; startMs: number };

/** Starts the embedded shop on `dir` and answers how long until its first answer; `folded` waits until it has caught up. */
async function startShop(dir: string, secret: string, { folded }: { folded: boolean }): Promise<Shop> {
  const started = performance.now();
  // As deployed: the compiled server in production, one request line each, written to a file.
  const logFd = openSync(join(dir, 'shop.log'), 'a');
  let server: BenchServer;
  try {
    server = await startServer('shop', shopScript, [], await productionEnv(dir, secret), '/healthz', undefined, {
      runtime: 'node',
      stdout: logFd,
    });
  } finally {
    closeSync(logFd);
  }
  const startMs = performance.now() - started;
  if (folded) {
    const deadline = Date.now() + 30 * 60_000;
    for (;;) {
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { projections: { lag: number | null } };
      if (health.projections.lag === 0) break;
      if (Date.now() > deadline) throw new Error('the shop did not fold its log within 30 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return { server, startMs };
}

/** The bytes an answer takes on the wire, compressed as asked (fetch would decompress it). */
async function encodedLength(url: string, headers: Record<string, string>): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The first start of the shop on a log: folds all of it into readmodels.sqlite, in this process (a large log takes
 * longer than a bench server is given to answer).
 */
async function foldOnce(dir: string, secret: string): Promise<void> {
  const { createShop } = await import('../composition/shop.ts');
  const { loadConfig } = await import('../../service/config.ts');
  const pino = (await import('pino')).default;
  const shop = await createShop(
    loadConfig({ DATA_DIR: dir, JWT_SECRET: secret, NODE_ENV: 'development', LOG_LEVEL: 'warn' }),
    { logger: pino({ level: 'silent' }) },
  );
  try {
    const head = await shop.deps.events.headPosition();
    while ((await shop.readModels.position()) < head) await shop.readModels.waitFor(head, 5_000);
    // The e-mail reactor looks at every order once (all their e-mails are on record); its checkpoint too is kept.
    while (shop.reactor && shop.reactor.position < head) await shop.reactor.waitFor(head, 5_000);
  } finally {
    await shop.close();
  }
}

type Load = { perSecond: number; p99: number; non2xx: number; errors: number };

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await autocannon({ url, headers, connections: 50, pipelining: 1, duration: seconds });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** One request at a time, each a different search (so none is answered from the answer cache): latencies in ms. */
async function searches(shop: BenchServer, headers: Record<string, string>, queries: string[]): Promise<number[]> {
  const latencies: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const res = await fetch(`${shop.url}/api/admin/orders?limit=50&q=${encodeURIComponent(q)}`, { headers });
    const body = (await res.json()) as { totalOrders: number };
    latencies.push(performance.now() - started);
    if (res.status !== 200 || body.totalOrders < 1)
      throw new Error(`the search for ${q} found nothing (${res.status})`);
  }
  return latencies;
}

/** What the owner does at the console: each tab's first pages, the next pages by cursor, searches, for `seconds`. */
async function serveConsole(
  shop: BenchServer,
  headers: Record<string, string>,
  orders: number,
  seconds: number,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let requests = 0;
  const get = async (path: string) => {
    requests += 1;
    const res = await fetch(shop.url + path, { headers });
    return (await res.json()) as { nextCursor?: string | null };
  };
  for (let round = 0; performance.now() < deadline; round++) {
    for (const status of ['', 'pending', 'processing', 'shipped', 'delivered', 'completed']) {
      let cursor: string | null | undefined = null;
      for (let page = 0; page < 5; page++) {
        const answer = await get(
          `/api/admin/orders?limit=50${status ? `&status=${status}` : ''}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
    }
    const n = (round * 7919) % orders;
    await get(`/api/admin/orders?limit=50&q=${encodeURIComponent(`customer${n}@example.com`)}`);
    await get(`/api/admin/orders?limit=50&q=${encodeURIComponent(postcodeOf(n))}`);
    await get(`/api/admin/orders?limit=50&from=2026-02-01&to=2026-03-01`);
    await get('/api/admin/reviews?limit=50');
  }
  return requests;
}

export const historySection: Section = {
  name: section,
  async run(report: BenchReport, { quick, scratch }: BenchOptions) {
    await buildServer();
    const many = quick ? 10_000 : 100_000;
    const few = 1_000;
    // Reviews added to the large log until it holds about a million events (orders write about six each).
    const reviews = quick ? 20_000 : 180_000;
    const secret = randomBytes(32).toString('base64url');
    const headers = { authorization: `Bearer ${signAdminToken(secret, 'admin')}` };
    const servers: BenchServer[] = [];
    const stop = async (server: BenchServer) => {
      await server.stop();
      servers.splice(servers.indexOf(server), 1);
    };
    try {
      let written = performance.now();
      const bigDir = join(scratch, 'history-big');
      const bigEvents = await writeHistory(join(bigDir, 'events.sqlite'), { orders: many, reviews });
      const smallDir = join(scratch, 'history-small');
      const smallEvents = await writeHistory(join(smallDir, 'events.sqlite'), {
        orders: few,
        reviews: quick ? 2_000 : 3_500,
      });
      report.note(
        section,
        `Logs written for this run: ${whole(many)} orders and ${whole(reviews)} reviews (${whole(bigEvents)} events); ${whole(few)} orders (${whole(smallEvents)} events). Each order has its checkout, two e-mails and up to four status changes; postcodes spread over a few hundred districts. Written in ${oneDecimal((performance.now() - written) / 1000)} s.`,
      );

      // First starts fold the whole log into DATA_DIR/readmodels.sqlite; the starts measured are the next ones.
      written = performance.now();
      await foldOnce(bigDir, secret);
      report.figure(
        section,
        `first start on ${whole(bigEvents)} events: folding the whole log into readmodels.sqlite`,
        `${oneDecimal((performance.now() - written) / 1000)} s`,
      );
      await foldOnce(smallDir, secret);

      const bigStarts: number[] = [];
      const smallStarts: number[] = [];
      for (let round = 0; round < (quick ? 1 : 3); round++) {
        const small = await startShop(smallDir, secret, { folded: false });
        servers.push(small.server);
        smallStarts.push(small.startMs);
        await stop(small.server);
        const big = await startShop(bigDir, secret, { folded: false });
        servers.push(big.server);
        bigStarts.push(big.startMs);
        await stop(big.server);
      }
      const bigStart = median(bigStarts);
      const smallStart = median(smallStarts);
      report.figure(
        section,
        `start to first answer, ${whole(smallEvents)} events (median of ${smallStarts.length})`,
        `${whole(smallStart)} ms`,
      );
      report.figure(
        section,
        `start to first answer, ${whole(bigEvents)} events (median of ${bigStarts.length})`,
        `${whole(bigStart)} ms`,
      );
      report.target(
        section,
        'with 1,000,000 events the embedded shop answers its first request within 3 s of starting, ≤ 1.5× the start with 10,000 events',
        `${oneDecimal(bigStart / 1000)} s with ${whole(bigEvents)} events, ${oneDecimal(bigStart / smallStart)}× the ${oneDecimal(smallStart / 1000)} s with ${whole(smallEvents)} (from spawning node to the first 200 of /healthz; the compiled server in production)`,
        bigStart <= 3000 && bigStart / smallStart <= 1.5,
      );

      // The small shop serves the console for a minute: its memory is the yardstick. The large one serves it for the ten
      // minutes the target names (ten seconds each in a quick run).
      const soak = quick ? 10 : 60;
      const longSoak = quick ? 10 : 600;
      const small = await startShop(smallDir, secret, { folded: false });
      servers.push(small.server);
      const smallRequests = await serveConsole(small.server, headers, few, soak);
      const smallMemory = await small.server.memory();
      report.figure(
        section,
        `memory with ${whole(few)} orders after ${whole(smallRequests)} console requests over ${soak} s (after a full GC)`,
        `RSS ${megabytes(smallMemory.rss)}, heap ${megabytes(smallMemory.heapUsed)}`,
      );
      await stop(small.server);

      const hello = await startServer('hello-world', helloScript, ['$PORT'], {}, '/', undefined, { runtime: 'node' });
      servers.push(hello);
      const big = await startShop(bigDir, secret, { folded: false });
      servers.push(big.server);
      const pagePath = '/api/admin/orders?limit=50';
      // Asked for as the console's browser asks: with its token and the encodings it accepts.
      const pageHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
      const pageBytes = (await (await fetch(big.server.url + pagePath, { headers })).arrayBuffer()).byteLength;
      const wireBytes = await encodedLength(big.server.url + pagePath, pageHeaders);
      const duration = quick ? 2 : 10;
      const rounds = quick ? 1 : 5;
      await load(`${hello.url}/`, {}, 1);
      await load(big.server.url + pagePath, pageHeaders, 1);
      const baseline: Load[] = [];
      const paged: Load[] = [];
      for (let round = 0; round < rounds; round++) {
        baseline.push(await load(`${hello.url}/`, {}, duration / rounds));
        paged.push(await load(big.server.url + pagePath, pageHeaders, duration / rounds));
      }
      const share = median(paged.map((l, i) => l.perSecond / baseline[i]!.perSecond));
      const p99Ratio = median(paged.map((l, i) => l.p99 / Math.max(1, baseline[i]!.p99)));
      const failures = paged.reduce((n, l) => n + l.non2xx + l.errors, 0);
      report.figure(
        section,
        'bare Koa hello-world',
        `${whole(median(baseline.map((l) => l.perSecond)))} req/s, p99 ${median(baseline.map((l) => l.p99))} ms`,
      );
      report.figure(
        section,
        `GET ${pagePath} with ${whole(many)} orders, a ${whole(pageBytes)}-byte answer (${whole(wireBytes)} bytes sent, br)`,
        `${whole(median(paged.map((l) => l.perSecond)))} req/s, p99 ${median(paged.map((l) => l.p99))} ms`,
      );
      report.target(
        section,
        `with ${whole(many)} orders a page of the admin order list ≥ 50% of hello-world's req/s, p99 ≤ 3×, zero non-2xx`,
        `${whole(share * 100)}%, p99 ${oneDecimal(p99Ratio)}× (medians of ${rounds} rounds, autocannon 50 connections), ${failures} non-2xx or errors`,
        share >= 0.5 && p99Ratio <= 3 && failures === 0,
      );

      const count = quick ? 200 : 1000;
      const emails = await searches(
        big.server,
        headers,
        Array.from({ length: count }, (_, i) => `customer${(i * 7919) % many}@example.com`),
      );
      const postcodes = await searches(
        big.server,
        headers,
        Array.from({ length: count }, (_, i) =>
          postcodeOf((i * 7907) % many)
            .toLowerCase()
            .replace(' ', ''),
        ),
      );
      const p99Email = percentile(emails, 0.99);
      const p99Postcode = percentile(postcodes, 0.99);
      report.target(
        section,
        `with ${whole(many)} orders a search by postcode or e-mail under 20 ms at p99`,
        `e-mail p99 ${oneDecimal(p99Email)} ms (p50 ${oneDecimal(percentile(emails, 0.5))}), postcode p99 ${oneDecimal(p99Postcode)} ms (p50 ${oneDecimal(percentile(postcodes, 0.5))}); ${count} different searches each, one at a time, none from the answer cache`,
        p99Email < 20 && p99Postcode < 20,
      );

      const bigRequests = await serveConsole(big.server, headers, many, longSoak);
      const bigMemory = await big.server.memory();
      report.figure(
        section,
        `memory with ${whole(many)} orders after ${whole(bigRequests)} console requests over ${longSoak} s (after a full GC)`,
        `RSS ${megabytes(bigMemory.rss)}, heap ${megabytes(bigMemory.heapUsed)}`,
      );
      report.target(
        section,
        `RSS after serving the ${whole(many)}-order console ≤ 1.5× its RSS with ${whole(few)} orders`,
        `${oneDecimal(bigMemory.rss / smallMemory.rss)}× (${megabytes(bigMemory.rss)} against ${megabytes(smallMemory.rss)}; ${longSoak >= 600 ? `${longSoak / 60} minutes` : `${longSoak} seconds, a quick run`} of tab pages, cursors, searches and date ranges against ${soak} s with the small log)`,
        bigMemory.rss / smallMemory.rss <= 1.5,
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  },
};
