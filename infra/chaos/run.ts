// `npm run chaos [-- scenario ...]`: the long runs of the reliability and security scenarios, with their results
// written to docs/reliability.md (when every scenario ran). `npm test` runs the short versions of the same code.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { writeSeason } from '../bench/workload.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { BenchReport, spliceGenerated, whole, type Verdict } from '../bench/report.ts';
import { loginLimits } from '../../service/admin/throttle.ts';
import { paidCartCheckout, sandboxPayBody, sandboxShopEnv, testWebhookSecret } from '../testing/checkout.ts';
import { defaultLimits } from '../../service/http/limits.ts';
import { floodSignIns, floodWrites, routeVariantRun } from './abuse.ts';
import { adminHeaders, floodLimits, startTestShop, testAdmin } from '../testing/shop.ts';
import { loginStorm, missingSecurityHeaders, tryBadTokens } from './adminAuth.ts';
import { paymentStorm } from './payments.ts';
import { openCrashSite } from './crash.ts';
import { openEmailCrashSite } from './emailCrash.ts';
import { openLossSite, type Loss } from './readStoreLoss.ts';
import { openTogetherSite, type TogetherRound } from './startTogether.ts';
import { fuzz, hostileRequests, routesToFuzz } from './hostileInput.ts';
import { accountWithTwoStep, openTwoStepSite, raceSignIns, replay, twoStepRace } from './twoStepRace.ts';
import {
  checkoutWithForgedHost,
  forgedNotice,
  noticeFlood,
  ownerMisuse,
  parallelVerify,
  productionWithoutPublicUrl,
} from './guards.ts';
import { heavyWorkMessages } from '../../service/http/heavyWork.ts';
import { holdFlood, holdFloodKept, type HoldFloodOptions, type HoldFloodResult } from './holds.ts';

type Scenario = { name: string; run(report: BenchReport): Promise<void> };

const crash: Scenario = {
  name: 'crash',
  async run(report) {
    const section = 'crash';
    const site = await openCrashSite();
    try {
      let acknowledged = 0;
      let logged = 0;
      let cutOff = 0;
      const lost: string[] = [];
      const duplicated: string[] = [];
      const broken: string[] = [];
      const first = await site.restart();
      if (!first.verified) broken.push('the first start did not verify');
      for (let round = 1; round <= 20; round++) {
        // Kill points spread from the first acknowledgement to well into the burst.
        const killAfterMs = 75 * round;
        const result = await site.crash(round, killAfterMs);
        const restart = await site.restart();
        acknowledged += result.acknowledged;
        logged += result.logged;
        cutOff += result.cutOff;
        lost.push(...result.lost);
        duplicated.push(...result.duplicated);
        if (
          result.integrity !== 'ok' ||
          !restart.verified ||
          restart.lag !== 0 ||
          restart.missingFromOwnersList !== 0
        ) {
          broken.push(
            `round ${round}: integrity ${result.integrity}, verified ${restart.verified}, lag ${restart.lag}, ${restart.missingFromOwnersList} acknowledged reviews not listed`,
          );
        }
        report.figure(
          section,
          `round ${round}: kill -9 ${killAfterMs} ms after the first 2xx`,
          `${whole(result.acknowledged)} acknowledged, ${whole(result.cutOff)} cut off in flight, ${whole(result.logged)} in the log, ${result.lost.length} lost, ${result.duplicated.length} twice, integrity ${result.integrity}; after restart: lag ${restart.lag}, verify ${restart.verified ? 'match' : 'MISMATCH'}`,
        );
      }
      report.target(
        section,
        '20 rounds of kill -9 mid-burst: every acknowledged submission in the log exactly once',
        `${whole(acknowledged)} acknowledged, ${whole(cutOff)} cut off in flight by the kills, ${lost.length} lost, ${duplicated.length} duplicated`,
        lost.length === 0 && duplicated.length === 0 && acknowledged > 0 && cutOff > 0,
      );
      report.target(
        section,
        'after each restart the projections catch up, verify against a rebuild of the log, and list every acknowledged review; the file passes integrity_check',
        broken.length ? broken.join('; ') : '20 of 20 rounds',
        broken.length === 0,
      );
      report.note(
        section,
        `${whole(logged - acknowledged)} submissions were committed but their answer was cut off by the kill; each is in the log once.`,
      );
      report.note(
        section,
        'Each round: the service (the entry npm start runs, with its SQLite log, read models in a private redis-server) takes 32 concurrent POST /api/reviews/submit clients and is killed with SIGKILL; the restart is the same command on the same DATA_DIR and Redis, whose runner resumes from its checkpoint.',
      );
    } finally {
      await site.close();
    }
  },
};

const emailCrash: Scenario = {
  name: 'email-crash',
  async run(report) {
    const section = 'e-mail crash';
    const site = await openEmailCrashSite();
    try {
      await site.restart();
      let placed = 0;
      let owed = 0;
      const broken: string[] = [];
      for (let round = 1; round <= 10; round++) {
        // Odd rounds: the outbox cannot be written, so every order of the round owes its e-mails at the kill. Even
        // rounds: the kill lands wherever it lands in a burst of orders.
        const mode = round % 2 === 1 ? 'outbox-down' : 'burst';
        const killAfterMs = mode === 'burst' ? 100 * round : 500;
        const result = await site.round(round, { mode, killAfterMs });
        placed += result.placed;
        owed += result.owedAtKill;
        if (result.missing.length || result.twice.length || result.rewritten) {
          broken.push(
            `round ${round}: ${result.missing.length} never sent, ${result.twice.length} twice, ${result.rewritten} earlier ones written again`,
          );
        }
        report.figure(
          section,
          `round ${round}: kill -9 ${killAfterMs} ms after the first order ${mode === 'outbox-down' ? 'while the outbox cannot be written' : 'mid-burst'}`,
          `${whole(result.acknowledged)} acknowledged, ${whole(result.placed)} placed, ${whole(result.owedAtKill)} owing e-mails at the kill; after restart: ${result.missing.length} never sent, ${result.twice.length} twice, ${result.rewritten} earlier ones written again`,
        );
      }
      report.target(
        section,
        '10 rounds of kill -9 between orders being placed and their e-mails being sent: after restart every e-mail sent exactly once',
        broken.length
          ? broken.join('; ')
          : `${whole(placed)} orders, ${whole(owed)} owing e-mails at a kill; every e-mail once, none lost, none twice`,
        broken.length === 0 && owed > 0,
      );
      report.note(
        section,
        'Each round: 8 concurrent shoppers place sandbox orders (cart checkout, test card, confirm) against the service as npm start runs it (SQLite log, embedded read models, e-mail to DATA_DIR/outbox) until it is killed with SIGKILL; the restart is the same command on the same DATA_DIR. Checked from the log and the outbox: one EmailSent and one .eml file per e-mail owed, and no file of an earlier round written again.',
      );
    } finally {
      await site.close();
    }
  },
};

const startTogether: Scenario = {
  name: 'start-together',
  async run(report) {
    const section = 'processes started together';
    const site = await openTogetherSite();
    try {
      const rounds: TogetherRound[] = [];
      for (let n = 1; n <= 20; n++) {
        const round = await site.round();
        rounds.push(round);
        report.figure(
          section,
          `round ${n}: 3 processes started at once, one paused, one restarted, stopped in the order ${round.stopOrder.join(', ')}`,
          `${whole(round.acknowledged)} reviews acknowledged, ${round.lost} not listed by every process, ${round.rebuilds} rebuilds, ${round.marked} stores marked anew`,
        );
      }
      const verified = await site.verified();
      const rebuilds = rounds.reduce((n, r) => n + r.rebuilds + r.marked, 0);
      const lost = rounds.reduce((n, r) => n + r.lost, 0);
      const acknowledged = rounds.reduce((n, r) => n + r.acknowledged, 0);
      report.target(
        section,
        '20 starts of 3 processes together on one Redis (one lagging, one restarted, stopped in every order): no rebuild, no document lost',
        `${rebuilds} rebuilds or drops, ${lost} of ${whole(acknowledged)} acknowledged reviews missing from a process's list; verify ${verified ? 'match' : 'MISMATCH'}`,
        rebuilds === 0 && lost === 0 && verified && acknowledged > 0,
      );
      const flushed = await site.flush();
      const flushVerified = await site.verified();
      report.figure(
        section,
        'Redis flushed (FLUSHALL) under 3 running processes',
        `${flushed.rebuilds} rebuild, ${flushed.marked} stores marked anew otherwise; every review listed again: ${flushed.recovered ? 'yes' : 'NO'}; verify ${flushVerified ? 'match' : 'MISMATCH'}`,
      );
      report.target(
        section,
        'a flushed Redis under 3 processes is rebuilt exactly once, by one of them, and lists every review again',
        `${flushed.rebuilds} rebuilds, ${flushed.lost} reviews missing`,
        flushed.rebuilds === 1 && flushed.marked === 0 && flushed.recovered && flushed.lost === 0 && flushVerified,
      );
      report.note(
        section,
        "Each round: three services as npm start runs them (PROJECTIONS=inline) on one data folder and one private redis-server, started at once; 12 reviews over all three, 12 more while one is paused (SIGSTOP), another restarted, 12 more; each must then list every review ever acknowledged. Rebuilds and drops are counted from the processes' logs (decision 094).",
      );
    } finally {
      await site.close();
    }
  },
};

const hostileInput: Scenario = {
  name: 'hostile-input',
  async run(report) {
    const section = 'hostile input';
    const shop = await startTestShop();
    try {
      const { deps } = shop.shop;
      const routes = routesToFuzz(deps);
      const requests = hostileRequests(routes, signAdminToken(deps.jwtSecret, 'admin'), 20_000, 20_260_101);
      const result = await fuzz(shop.url, requests, deps.events);
      const statuses = [...result.byStatus]
        .sort((a, b) => a[0] - b[0])
        .map(([status, n]) => `${status === -1 ? 'connection closed by the server' : status}: ${whole(n)}`);
      report.figure(section, `requests over ${routes.length} routes`, whole(result.requests));
      report.figure(section, 'answers by status', statuses.join(', '));
      const fives = result.findings.filter((f) => f.status >= 500).length;
      const leaks = result.findings.filter((f) => f.problem.startsWith('body shows')).length;
      report.target(
        section,
        '≥ 5,000 malformed requests: zero 5xx',
        `${whole(result.requests)} requests, ${fives} 5xx`,
        result.requests >= 5000 && fives === 0,
      );
      report.target(section, 'zero stack traces or internals in any body', `${leaks} bodies`, leaks === 0);
      report.target(
        section,
        'nothing appended by a refused request',
        `${result.appendedWhenRefused} appends`,
        result.appendedWhenRefused === 0,
      );
      for (const f of result.findings.slice(0, 20)) report.note(section, `${f.problem}: ${f.request}`);
    } finally {
      await shop.close();
    }
  },
};

const auth: Scenario = {
  name: 'auth',
  async run(report) {
    const section = 'auth';
    const shop = await startTestShop();
    try {
      const tokens = await tryBadTokens(shop.url, shop.shop.deps);
      report.target(
        section,
        'missing, expired, tampered, wrong-algorithm and alg:none tokens → 401 on every admin route',
        `${whole(tokens.attempts)} attempts on ${tokens.routes} routes, ${tokens.failures.length} not refused`,
        tokens.failures.length === 0,
      );
      for (const failure of tokens.failures.slice(0, 20)) report.note(section, failure);
      for (const mode of ['guessing', 'spraying'] as const) {
        const fresh = await startTestShop();
        try {
          const storm = await loginStorm(fresh.url, testAdmin, mode);
          report.target(
            section,
            `brute-force ${mode === 'guessing' ? 'guessing of one username' : 'spraying of many usernames from one address'}: throttled after ${loginLimits.failures} failures`,
            `${storm.attempts} parallel attempts: ${storm.refused401} × 401, ${storm.throttled429} × 429 (${storm.withRetryAfter} with Retry-After); the right password next: ${storm.rightPasswordAfterwards}`,
            storm.refused401 <= loginLimits.failures &&
              storm.throttled429 === storm.attempts - storm.refused401 &&
              storm.rightPasswordAfterwards === 429,
          );
        } finally {
          await fresh.close();
        }
      }
      const missing = await missingSecurityHeaders(shop.url);
      report.target(
        section,
        'CSP with frame-ancestors, nosniff and Referrer-Policy on pages, API answers, errors and assets',
        missing.length ? missing.join(', ') : 'all present',
        missing.length === 0,
      );
    } finally {
      await shop.close();
    }
  },
};

const payments: Scenario = {
  name: 'payments',
  async run(report) {
    const section = 'payments';
    const shop = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret, RATE_LIMITS: floodLimits });
    try {
      const storm = await paymentStorm(shop, { payments: 1000, copies: 3, concurrency: 24, seed: 7 });
      report.figure(
        section,
        'paid checkouts (paid at the sandbox gateway only, so only a webhook can place the order)',
        whole(storm.payments),
      );
      report.figure(
        section,
        'signed checkout.session.completed deliveries, 3 per payment, shuffled, 24 at a time',
        whole(storm.deliveries),
      );
      report.target(
        section,
        '1,000 payment webhooks, each delivered 3 times in shuffled order → exactly 1,000 orders',
        `${whole(storm.ordersInLog)} OrderPlaced in the log, ${storm.doubled.length} payments placed twice, ${whole(storm.ordersInReadModel)} in the owner's list, ${storm.refused.length} deliveries refused`,
        storm.ordersInLog === 1000 &&
          storm.doubled.length === 0 &&
          storm.ordersInReadModel === 1000 &&
          storm.refused.length === 0,
      );
    } finally {
      await shop.close();
    }
  },
};

const readStoreLoss: Scenario = {
  name: 'read-store-loss',
  async run(report) {
    const section = 'read store loss';
    const site = await openLossSite();
    try {
      const rounds = [];
      for (const loss of [
        'flush',
        'restart',
        'flush',
        'restart',
        'flush',
        'restart',
        'flush',
        'restart',
        'flush',
        'restart',
      ] as Loss[]) {
        const round = await site.round(loss, { clients: 16 });
        rounds.push(round);
        report.figure(
          section,
          `round ${rounds.length}: Redis ${loss === 'flush' ? 'flushed (FLUSHALL)' : 'restarted empty'} mid-traffic`,
          `${whole(round.acknowledged)} acknowledged, ${whole(round.refused)} refused while it was away; every review listed again after ${round.recoveredMs === null ? 'NEVER' : `${whole(round.recoveredMs)} ms`}; verify ${round.verified ? 'match' : 'MISMATCH'}; log ${round.logUntouched ? 'untouched' : 'CHANGED'}`,
        );
      }
      const broken = rounds.filter(
        (r) => r.recoveredMs === null || !r.verified || !r.logUntouched || !r.sameProcess || r.acknowledged === 0,
      );
      const slowest = Math.max(...rounds.map((r) => r.recoveredMs ?? Infinity));
      report.target(
        section,
        'Redis flushed or restarted mid-traffic: the running service rebuilds, serves every acknowledged review again and matches a rebuild of the log; nothing in the log is touched',
        broken.length
          ? `${broken.length} of ${rounds.length} rounds failed`
          : `${rounds.length} of ${rounds.length} rounds (5 flushes, 5 restarts), no service restart; recovered within ${whole(slowest)} ms at worst`,
        broken.length === 0,
      );
      report.note(
        section,
        'Each round: 16 concurrent POST /api/reviews/submit clients for 0.4 s, then FLUSHALL or a kill and restart of the private redis-server (no persistence), 0.6 s more traffic; recovery is timed from the loss until GET /api/admin/reviews lists every review acknowledged so far.',
      );
    } finally {
      await site.close();
    }
  },
};

const routeVariants: Scenario = {
  name: 'route-variants',
  async run(report) {
    const section = 'route variants';
    const shop = await startTestShop({ RATE_LIMITS: floodLimits });
    try {
      await paidCartCheckout(shop);
      const personal = [sandboxPayBody().email, sandboxPayBody().address.line1];
      const run = await routeVariantRun(shop.url, shop.shop.deps, personal, 200);
      const statuses = [...run.byStatus].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status}: ${whole(n)}`);
      report.figure(section, 'answers by status', statuses.join(', '));
      report.target(
        section,
        'every admin route (read from the admin router) in other spellings without a token, and with tokens for strangers: never 2xx, never personal data',
        `${whole(run.requests)} requests on ${run.routes} routes, ${run.findings.length} not refused or leaking`,
        run.findings.length === 0,
      );
      for (const finding of run.findings.slice(0, 20)) report.note(section, finding);
      report.note(
        section,
        'Spellings: upper, mixed and capitalised case, percent-encoded letters and slashes, doubled and trailing slashes, dot segments, NUL and ";" suffixes, and 200 seeded random respellings per route; sent byte for byte over node:http.',
      );
    } finally {
      await shop.close();
    }
  },
};

const flood: Scenario = {
  name: 'flood',
  async run(report) {
    const section = 'flood';
    const shop = await startTestShop();
    try {
      const results = await floodWrites(shop.url, 300);
      for (const r of results) {
        const other = [...r.other].map(([status, n]) => `${n} × ${status}`).join(', ');
        report.figure(
          section,
          `${r.route}: 300 at once from one address`,
          `${r.accepted} accepted, ${r.refused429} × 429 (${r.withRetryAfter} with Retry-After)${other ? `, ${other}` : ''}`,
        );
      }
      const reviews = results.find((r) => r.route === 'POST /api/reviews/submit')!;
      const notices = results.find((r) => r.route === 'POST /api/direct-notify')!;
      const starts = results.filter(
        (r) => /checkout-session|cart\/checkout|payment-intent/.test(r.route) && !r.route.includes('sandbox'),
      );
      const started = starts.reduce((n, r) => n + r.accepted, 0);
      report.target(
        section,
        `anonymous writes from one address held to their limits (reviews ${defaultLimits.reviews.points}, notices ${defaultLimits.notices.points}, checkout starts ${defaultLimits.checkouts.points} per 10 min); every 429 with Retry-After`,
        `reviews ${reviews.accepted}, notices ${notices.accepted}, checkout starts ${started} of 900`,
        reviews.accepted === defaultLimits.reviews.points &&
          notices.accepted === defaultLimits.notices.points &&
          started === defaultLimits.checkouts.points &&
          results.every((r) => r.withRetryAfter === r.refused429),
      );
    } finally {
      await shop.close();
    }
    const proxied = await startTestShop({ TRUST_PROXY: '1' });
    try {
      const signIns = await floodSignIns(proxied.url, proxied.shop.deps, testAdmin, 300);
      report.figure(
        section,
        '300 concurrent sign-ins with invented names from 300 addresses',
        `${signIns.refused401} × 401, ${signIns.busy429} × 429 (turned away past the queue); ${signIns.appended} events appended, ${signIns.newStreams} new streams`,
      );
      report.target(
        section,
        "the owner's own sign-in during that flood: answered in under 5 s; the log grows by a bounded amount, in no stream per typed name",
        `${signIns.ownerStatus} in ${whole(Math.round(signIns.ownerMs))} ms; ${signIns.appended} events in ${signIns.newStreams} new streams`,
        signIns.ownerStatus === 200 &&
          signIns.ownerMs < 5000 &&
          signIns.newStreams <= 2 &&
          signIns.appended <= defaultLimits.unknownNames.points + 1,
      );
    } finally {
      await proxied.close();
    }
  },
};

const twoStep: Scenario = {
  name: 'two-step',
  async run(report) {
    const section = 'two-step';
    const parallel = 50;
    const site = await openTwoStepSite({ entry: 'infra/main/shop.ts' });
    try {
      const now = () => Date.now();
      const account = await accountWithTwoStep(site, 'racer', now);
      const race = await twoStepRace(site, account, now, parallel);
      const other = (r: { other: string[] }) => (r.other.length ? `, other: ${r.other.slice(0, 3).join('; ')}` : '');
      report.figure(
        section,
        `one recovery code in ${parallel} parallel sign-ins over both processes`,
        `${race.recovery.sessions} session, ${race.recovery.refused} × 401${other(race.recovery)}`,
      );
      report.figure(
        section,
        `one app code in ${parallel} parallel sign-ins over both processes`,
        `${race.code.sessions} session, ${race.code.refused} × 401${other(race.code)}`,
      );
      report.target(
        section,
        `one recovery code and one app code, each fired in ${parallel} parallel sign-ins over two shop processes on one data folder and one Redis: exactly one session each, every other sign-in refused`,
        `recovery code ${race.recovery.sessions} session, ${race.recovery.refused} refused; app code ${race.code.sessions} session, ${race.code.refused} refused; ${race.recovery.other.length + race.code.other.length} other answers`,
        race.recovery.sessions === 1 &&
          race.code.sessions === 1 &&
          race.recovery.refused === parallel - 1 &&
          race.code.refused === parallel - 1,
      );
      await site.restart();
      // The app code spent in the race may have left the drift window by now; the recovery code cannot.
      const after = await replay(site, account, [account.recovery[0]!]);
      const fresh = await raceSignIns(
        site.urls,
        { username: account.username, password: account.password, code: account.recovery[1]! },
        parallel,
      );
      report.target(
        section,
        'every spent code refused on both processes, and again after both restart; an unspent recovery code then still gives exactly one session',
        `${race.replays} replays before the restart, ${race.replaysNotRefused.length} not refused; ${after.tries} after, ${after.notRefused.length} not refused; a fresh recovery code in ${parallel} parallel sign-ins: ${fresh.sessions} session, ${fresh.refused} refused`,
        race.replaysNotRefused.length === 0 &&
          after.notRefused.length === 0 &&
          fresh.sessions === 1 &&
          fresh.refused === parallel - 1,
      );
      report.note(
        section,
        "Two processes of the service as `npm start` runs it, on one data folder (SQLite log) and one private redis-server, `TRUST_PROXY=1`; every sign-in from an address of its own (a forged X-Forwarded-For), so the throttle never answers in the code's place. A code is spent by an event appended at the account stream's revision (decision 060).",
      );
    } finally {
      await site.close();
    }
  },
};

const guards: Scenario = {
  name: 'guards',
  async run(report) {
    const section = 'guards';
    const noticeShop = await startTestShop({ ...sandboxShopEnv, TRUST_PROXY: '1' });
    try {
      const notice = await forgedNotice(noticeShop);
      report.target(
        section,
        "a forged owner notice (links, a £9,999,999.99 total, a forged subject line): the e-mail's subject and figures come from the catalogue, its links are inert",
        `subject "${notice.subject}"; figures ${notice.figures.join(', ') || 'none'}; ${notice.linksLeft.length} clickable links, ${notice.amountsLeft.length} forged amounts left`,
        notice.status === 200 &&
          notice.subject.endsWith('for Together We Shine') &&
          notice.linksLeft.length === 0 &&
          notice.amountsLeft.length === 0 &&
          notice.figures.join() === '£9.99',
      );
      const flood = await noticeFlood(noticeShop, 1000);
      report.figure(
        section,
        '1,000 forged notices from 1,000 forged addresses (TRUST_PROXY=1)',
        `${whole(flood.accepted)} recorded, ${flood.noticeMails} e-mailed, ${whole(flood.withheld)} withheld, in ${whole(Math.round(flood.ms))} ms`,
      );
      report.target(
        section,
        "after 1,000 notices the paid-order e-mails still go out (separate budgets): the owner's and the buyer's, in the outbox",
        `notice e-mails ${flood.noticeMails} (cap ${defaultLimits.noticeMails.points}); the paid order's: ${flood.paidOrderMails.join(', ') || 'none'}`,
        flood.noticeMails <= defaultLimits.noticeMails.points &&
          flood.paidOrderMails.join() === 'order-confirmation,order-to-owner',
      );
    } finally {
      await noticeShop.close();
    }
    // A log of a busy season, so that one verification takes long enough for the other calls to meet it running.
    const seasonDir = mkdtempSync(join(tmpdir(), 'chaos-guards-'));
    const seasonLog = openSqliteEventStore(join(seasonDir, 'events.sqlite'));
    await writeSeason(seasonLog, { reviews: 300, orders: 2000 });
    await seasonLog.close();
    const verifyShop = await startTestShop({ DATA_DIR: seasonDir, RATE_LIMITS: floodLimits });
    try {
      const run = await parallelVerify(verifyShop, 20);
      report.figure(
        section,
        '20 parallel verify calls on a log of 300 reviews and 2,000 orders',
        `${run.ran} ran, ${run.refused} answered 409 at once`,
      );
      report.target(
        section,
        '20 parallel verify calls: one runs at a time, every other call a clear 409 at once',
        `${run.ran} ran, ${run.refused} refused (${run.messages.join(' / ') || 'no message'}), ${run.otherStatuses.length} other answers`,
        run.ran >= 1 &&
          run.ran + run.refused === 20 &&
          run.otherStatuses.length === 0 &&
          run.messages.every((m) => m === heavyWorkMessages.busy('verify')),
      );
    } finally {
      await verifyShop.close();
      rmSync(seasonDir, { recursive: true, force: true });
    }
    const ownerShop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
    try {
      const misuse = await ownerMisuse(ownerShop);
      for (const r of misuse) report.figure(section, r.name, `${r.status}: ${r.message}`);
      report.target(
        section,
        'repeated refund lines, status changes without the revision seen, moves back without confirmation: each a 400 or 409 with a message, nothing appended',
        `${misuse.filter((r) => (r.status === 400 || r.status === 409) && r.message && r.appended === 0).length} of ${misuse.length} refused cleanly`,
        misuse.every((r) => (r.status === 400 || r.status === 409) && r.message.length > 0 && r.appended === 0),
      );
    } finally {
      await ownerShop.close();
    }
    const hostShop = await startTestShop({
      PUBLIC_URL: 'https://shop.example',
      TRUST_PROXY: '1',
      RATE_LIMITS: floodLimits,
    });
    try {
      const origins = [];
      for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }] as Record<
        string,
        string
      >[])
        origins.push(new URL(await checkoutWithForgedHost(hostShop.url, headers)).origin);
      const start = productionWithoutPublicUrl();
      report.target(
        section,
        'production without PUBLIC_URL refuses to start, naming it; with it, a forged Host or X-Forwarded-Host never reaches a payment address',
        `exit ${start.exitCode}: "${start.stderr}"; payment pages at ${origins.join(', ')}`,
        start.exitCode === 1 &&
          start.stderr.includes('PUBLIC_URL') &&
          origins.every((o) => o === 'https://shop.example'),
      );
    } finally {
      await hostShop.close();
    }
  },
};

const holds: Scenario = {
  name: 'holds',
  async run(report) {
    const section = 'holds';
    const describe = (r: HoldFloodResult) =>
      `${r.floodStarted} started (${r.heldAtHeight} copies held at the height); shoppers: ${r.shoppersRefusedAtStart} refused at the start, ${r.shoppersCharged} charged; flood charged ${r.floodCharged} copies; ${r.paymentsRefused} payments refused uncharged${[...r.paymentsOther].map(([status, n]) => `, ${n} × ${status}`).join('')}; ${r.onHandAfter} on hand after, ${r.shortfalls} flagged`;
    const runs: Array<{ label: string; env: Record<string, string>; options: Omit<HoldFloodOptions, 'admin'> }> = [
      {
        label:
          '500 unpaid checkouts of 10 from one address (limits lifted) for 30 copies; 20 shoppers and 50 of the flood pay at once',
        env: { RATE_LIMITS: floodLimits },
        options: {
          bookId: 3,
          copies: 30,
          flood: 500,
          floodQuantity: 10,
          floodAddresses: [],
          shoppers: 20,
          floodPayers: 50,
        },
      },
      {
        label:
          '500 unpaid checkouts from 50 forged addresses (TRUST_PROXY=1, default limits) for the last 3 copies; 10 shoppers and 100 of the flood pay at once',
        env: { TRUST_PROXY: '1' },
        options: {
          bookId: 3,
          copies: 3,
          flood: 500,
          floodQuantity: 1,
          floodAddresses: Array.from({ length: 50 }, (_, i) => `203.0.113.${i + 1}`),
          shoppers: 10,
          floodPayers: 100,
        },
      },
    ];
    const kept: string[] = [];
    for (const run of runs) {
      const shop = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret, ...run.env });
      try {
        const options = { ...run.options, admin: await adminHeaders(shop) };
        const settled = async () => {
          await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 30_000);
          await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 30_000);
        };
        const result = await holdFlood(shop.url, options, settled);
        report.figure(section, run.label, describe(result));
        if (!holdFloodKept(options, result)) kept.push(run.label);
      } finally {
        await shop.close();
      }
    }
    report.target(
      section,
      'unpaid checkouts for the last copies never show a paying shopper "out of stock" while copies are on the shelf; no copy charged twice; nothing flagged',
      kept.length ? `broken: ${kept.join('; ')}` : `${runs.length} of ${runs.length} runs`,
      kept.length === 0,
    );
    report.note(
      section,
      'Each run: the sandbox shop in the test process (SQLite log); the flood starts its checkouts at once, then the shoppers start theirs, then shoppers and part of the flood pay at once (decision 061).',
    );
  },
};

const scenarios: Scenario[] = [
  crash,
  emailCrash,
  readStoreLoss,
  startTogether,
  hostileInput,
  payments,
  auth,
  twoStep,
  routeVariants,
  flood,
  guards,
  holds,
];

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const chosen = wanted.length ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;
const report = new BenchReport(`npm run chaos${wanted.length ? ` -- ${wanted.join(' ')}` : ''}`);
let failed = false;
for (const scenario of chosen) {
  try {
    await scenario.run(report);
  } catch (error) {
    failed = true;
    report.note(scenario.name, `the scenario failed: ${error instanceof Error ? error.message : String(error)}`);
    console.error(error);
  }
}
const count = (met: Verdict) => report.targets.filter((t) => t.met === met).length;
console.log(`\n${count(true)} checks passed, ${count(false)} failed, ${count('pending')} pending`);
if (chosen.length === scenarios.length && !failed) {
  const file = 'docs/reliability.md';
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Reliability and security\n';
  writeFileSync(file, spliceGenerated(existing, report.markdown()));
  console.log(`Results written to ${file}`);
}
process.exit(failed || count(false) > 0 ? 1 : 0);
