// E-mail crash rounds: the real service (SQLite log, embedded read models, e-mail to the outbox) takes a burst of
// concurrent sandbox orders and is killed with SIGKILL, either at a moment in the burst or while its outbox cannot be
// written (so every order placed in the round still owes its e-mails). After each restart the reactor reads the log
// again: every order in it gets its owner's notification and its confirmation exactly once, as one file each in the
// outbox and one EmailSent each in the log, and no e-mail of an earlier round is written again.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type BenchServer } from '../bench/servers.ts';
import { freePort } from '../testing/ports.ts';

export type EmailCrashRound = {
  round: number;
  mode: 'burst' | 'outbox-down';
  /** orders answered 2xx before the kill */
  acknowledged: number;
  /** orders in the log after the kill (acknowledged, and any whose answer the kill cut off) */
  placed: number;
  /** of those, the orders whose e-mails were not all recorded when the kill came: the window this run is about */
  owedAtKill: number;
  /** e-mails still not sent once the restarted service had a while to catch up */
  missing: string[];
  /** order numbers with more than one copy of an e-mail in the outbox, or more than one EmailSent of one kind */
  twice: string[];
  /** outbox files of earlier rounds that this round's restart wrote again */
  rewritten: number;
};

export type EmailCrashSite = {
  restart(): Promise<void>;
  round(
    round: number,
    options: { mode: EmailCrashRound['mode']; killAfterMs: number; clients?: number },
  ): Promise<EmailCrashRound>;
  close(): Promise<void>;
};

const payBody = (n: number) => ({
  shippingOptionId: 'uk-shipping',
  email: `crash${n}@example.com`,
  name: `Crash Shopper ${n}`,
  address: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
  card: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
});

async function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

type Ledger = { orders: Map<string, string>; sent: Map<string, number> };

/** Every order in the log (id → number) and how many EmailSent each `orderId:kind` has, read after the fact. */
function ledger(file: string): Ledger {
  const db = new Database(file, { readonly: true });
  try {
    const orders = new Map(
      db
        .prepare<[], { id: string; n: string }>(
          `SELECT json_extract(data, '$.orderId') AS id, json_extract(data, '$.orderNumber') AS n FROM events WHERE type = 'OrderPlaced'`,
        )
        .all()
        .map((r) => [r.id, r.n]),
    );
    const sent = new Map(
      db
        .prepare<[], { k: string; c: number }>(
          `SELECT json_extract(data, '$.notificationId') || ':' || json_extract(data, '$.kind') AS k, COUNT(*) AS c FROM events WHERE type = 'EmailSent' GROUP BY k`,
        )
        .all()
        .map((r) => [r.k, r.c]),
    );
    return { orders, sent };
  } finally {
    db.close();
  }
}

const owes = (l: Ledger, id: string) =>
  ['order-to-owner', 'order-confirmation'].filter((kind) => (l.sent.get(`${id}:${kind}`) ?? 0) === 0);

export async function openEmailCrashSite(): Promise<EmailCrashSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-email-crash-'));
  const file = join(dataDir, 'events.sqlite');
  const outbox = join(dataDir, 'outbox');
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    OWNER_EMAIL: 'owner@amanahhouse.co.uk',
  };
  let service: BenchServer | null = null;
  const restart = async () => {
    service = await startServer('shop', 'infra/main/shop.ts', [], env, '/healthz', port);
  };
  /** outbox file → last modified, as the previous round left it */
  let settled = new Map<string, number>();
  let ordersBefore = 0;

  const outboxFiles = () =>
    existsSync(outbox) && statSync(outbox).isDirectory() ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];

  return {
    restart,

    async round(round, { mode, killAfterMs, clients = 8 }) {
      if (!service) throw new Error('start the service first');
      const target = service;
      if (mode === 'outbox-down') {
        // A file where the outbox directory should be: every send fails until it is gone, so the e-mails stay owed.
        if (existsSync(outbox)) renameSync(outbox, `${outbox}.kept`);
        writeFileSync(outbox, 'not a directory');
      }
      let killed = false;
      // Set by the submitters' callbacks: declared wide, as the compiler cannot see those assignments from here.
      let killing = null as Promise<void> | null;
      let acknowledged = 0;
      let n = 0;
      const shopper = async () => {
        while (!killed) {
          const i = round * 10_000 + n++;
          try {
            const started = await post(`${target.url}/api/cart/checkout`, {
              items: [{ bookId: 1 + (i % 3), quantity: 1 }],
              customerCountry: 'GB',
            });
            if (started.status !== 200) continue;
            const sessionId: string = started.json.sessionId;
            if ((await post(`${target.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, payBody(i))).status !== 200)
              continue;
            const confirmed = await post(`${target.url}/api/checkout/confirm`, { sessionId });
            if (confirmed.status === 200) {
              acknowledged += 1;
              killing ??= new Promise((r) => setTimeout(r, killAfterMs)).then(() => {
                killed = true;
                return target.kill();
              });
            }
          } catch {
            // The connection died with the server.
          }
        }
      };
      const giveUp = setTimeout(() => {
        killed = true;
        killing ??= target.kill();
      }, 60_000);
      await Promise.all(Array.from({ length: clients }, shopper));
      clearTimeout(giveUp);
      await killing;
      service = null;

      const atKill = ledger(file);
      const owedAtKill = [...atKill.orders.keys()].filter((id) => owes(atKill, id).length > 0).length;
      if (mode === 'outbox-down') {
        rmSync(outbox, { force: true });
        if (existsSync(`${outbox}.kept`)) renameSync(`${outbox}.kept`, outbox);
      }

      // The same command on the same DATA_DIR: the reactor reads the log from its start and sends what is owed.
      await restart();
      const deadline = Date.now() + 30_000;
      let after = ledger(file);
      while (Date.now() < deadline && [...after.orders.keys()].some((id) => owes(after, id).length > 0)) {
        await new Promise((r) => setTimeout(r, 100));
        after = ledger(file);
      }
      const missing = [...after.orders.keys()].flatMap((id) =>
        owes(after, id).map((kind) => `${after.orders.get(id)} ${kind}`),
      );
      const copies = new Map<string, number>();
      for (const f of outboxFiles()) {
        const text = readFileSync(join(outbox, f), 'utf8');
        const number = /AH-[A-Za-z0-9]{8}/.exec(text)?.[0] ?? f;
        const kind = /^To: owner@amanahhouse\.co\.uk/m.test(text) ? 'owner' : 'confirmation';
        copies.set(`${number} ${kind}`, (copies.get(`${number} ${kind}`) ?? 0) + 1);
      }
      const twice = [
        ...[...copies].filter(([, c]) => c > 1).map(([k]) => k),
        ...[...after.sent].filter(([, c]) => c > 1).map(([k]) => k),
      ];
      let rewritten = 0;
      for (const [f, mtime] of settled) {
        if (existsSync(join(outbox, f)) && statSync(join(outbox, f)).mtimeMs !== mtime) rewritten += 1;
      }
      settled = new Map(outboxFiles().map((f) => [f, statSync(join(outbox, f)).mtimeMs]));
      const placed = atKill.orders.size - ordersBefore;
      ordersBefore = atKill.orders.size;
      return { round, mode, acknowledged, placed, owedAtKill, missing, twice, rewritten };
    },

    async close() {
      await service?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
