// The ways around the shop's rules that issue 31 found, tried again as an attacker would: forged owner notices and a
// flood of them, a pile of long admin tasks, a refund listing a line twice, status changes without the revision seen
// or going back unconfirmed, and a forged Host. The short versions run in `npm test` (guards.test.ts), the long ones in
// `npm run chaos -- guards`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { PurchaseNotified } from '../../contracts/checkout/events.ts';
import { readableMessage } from '../mail/mailer.ts';
import { allEvents, ofType, outboxFiles, paidCartCheckout } from '../testing/checkout.ts';
import { adminHeaders, call, type TestShop } from '../testing/shop.ts';
import { nodeArgs } from '../testing/programs.ts';

/** What an attacker's page sends: the owner's own shop asked to mail "refund pending, verify here", with any total. */
export const forgedNoticeBody = (n = 0) => ({
  customerName: `Refund pending — verify your account at http://evil.example/r/${n} or www.evil.example`,
  customerEmail: 'billing@evil.example',
  shippingAddress: 'Confirm at https://evil.example/confirm (urgent)',
  items: [
    { name: 'Together We Shine', quantity: 1, price: 999_999_999 },
    { name: 'Payment received — see HTTPS://EVIL.EXAMPLE/pay', quantity: 1, price: 1 },
  ],
  totalAmount: 999_999_999,
  shippingCost: 0,
  paymentMethod: 'javascript:alert(document.domain)',
});

/** Anything a mail program would make clickable, the attacker's domain, or the attacker's amounts. */
const linkLike = /https?:\/\/|\bwww\.|evil\.example|javascript:|@evil/i;
const forgedAmounts = /9,999,999|999999|£0\.01\b/;

export type ForgedNoticeResult = {
  status: number;
  subject: string;
  text: string;
  linksLeft: string[];
  amountsLeft: string[];
  figures: string[];
};

/** One forged notice through the real path: the route, the log, the reactor, the outbox. */
export async function forgedNotice(shop: TestShop): Promise<ForgedNoticeResult> {
  const res = await call(`${shop.url}/api/direct-notify`, { body: forgedNoticeBody() });
  const notified = ofType(await allEvents(shop), 'PurchaseNotified').at(-1) as unknown as PurchaseNotified | undefined;
  const sent = ofType(await allEvents(shop), 'EmailSent').find(
    (e) => e.data.notificationId === notified?.data.notificationId,
  );
  const file = outboxFiles(shop).find(
    (f) => notified && f.startsWith(`${notified.data.notificationId}_purchase-notice`),
  );
  const text = file ? readableMessage(readFileSync(join(shop.dataDir, 'outbox', file))) : '';
  const message = text.slice(text.search(/\r?\n\r?\n/));
  // What a reader sees: the plain-text part and the HTML part's text, with its markup (the doctype's own address
  // among it) left out; the HTML part's links are checked apart, and only the shop's mailto: may be one.
  const hrefs = [...message.matchAll(/href="([^"]*)"/gi)].map((m) => m[1]!);
  const body = message.replace(/<[^>]*>/g, ' ');
  return {
    status: res.status,
    subject: sent?.data?.subject ?? '',
    text: body,
    linksLeft: [
      ...(body.match(new RegExp(linkLike.source, 'gi')) ?? []),
      ...hrefs.filter((href) => !href.startsWith('mailto:')),
    ],
    amountsLeft: body.match(new RegExp(forgedAmounts.source, 'g')) ?? [],
    // both parts show the same figures: each is listed once
    figures: [...new Set(body.match(/£[\d,.]+/g) ?? [])],
  };
}

export type NoticeFloodResult = {
  notices: number;
  accepted: number;
  noticeMails: number;
  withheld: number;
  /** the paid order's e-mails in the outbox after the flood: its owner's and its buyer's */
  paidOrderMails: string[];
  ms: number;
};

/**
 * `notices` forged notices naming a real book, each from its own address (TRUST_PROXY=1 and a forged X-Forwarded-For,
 * the worst case for the shop-wide cap), then one paid order: its e-mails must still reach the outbox.
 */
export async function noticeFlood(shop: TestShop, notices: number, concurrency = 16): Promise<NoticeFloodResult> {
  const started = performance.now();
  let accepted = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < notices; i = next++) {
      const from = `198.51.${(i >> 8) & 255}.${i & 255}`;
      const res = await call(`${shop.url}/api/direct-notify`, {
        body: forgedNoticeBody(i),
        headers: { 'x-forwarded-for': from },
      });
      if (res.status === 200) accepted += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const orderId = await paidCartCheckout(shop);
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 20_000);
  const files = outboxFiles(shop);
  const events = await allEvents(shop);
  return {
    notices,
    accepted,
    noticeMails: files.filter((f) => f.includes('purchase-notice')).length,
    withheld: ofType(events, 'EmailWithheld').length,
    paidOrderMails: ['order-confirmation', 'order-to-owner'].filter((kind) =>
      files.some((f) => f.startsWith(`${orderId}_${kind}-`)),
    ),
    ms: performance.now() - started,
  };
}

export type ParallelTasksResult = {
  calls: number;
  ran: number;
  refused: number;
  otherStatuses: number[];
  messages: string[];
};

/** `n` verify calls at once by the owner: how many ran, how many were refused and with what. */
export async function parallelVerify(shop: TestShop, n: number): Promise<ParallelTasksResult> {
  const owner = await adminHeaders(shop);
  const answers = await Promise.all(
    Array.from({ length: n }, () => call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner })),
  );
  return {
    calls: n,
    ran: answers.filter((a) => a.status === 200).length,
    refused: answers.filter((a) => a.status === 409 || a.status === 429).length,
    otherStatuses: answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409 && s !== 429),
    messages: [...new Set(answers.filter((a) => a.status !== 200).map((a) => String(a.json?.message)))],
  };
}

export type OwnerMisuseResult = { name: string; status: number; message: string; appended: number };

const revisionOf = async (shop: TestShop, orderId: string) =>
  (await shop.shop.deps.events.readStream(`order-${orderId}`)).at(-1)!.revision;

/**
 * The owner's API misused on a paid order: a refund listing a line twice, a status change without the revision seen,
 * moves back without confirmation. Each must be refused with a 4xx and a message, and append nothing.
 */
export async function ownerMisuse(shop: TestShop): Promise<OwnerMisuseResult[]> {
  const owner = await adminHeaders(shop);
  const orderId = await paidCartCheckout(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 2, quantity: 2 },
  ]);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 5000);
  const post = (path: string, body: unknown) =>
    call(`${shop.url}/api/admin/orders/${orderId}${path}`, { body, headers: owner });
  const tried: [string, () => Promise<{ status: number; json: { message?: string } }>][] = [
    [
      'refund listing a line bought once twice',
      async () =>
        post('/refunds', {
          lines: [
            { line: 0, quantity: 1 },
            { line: 0, quantity: 1 },
          ],
          reason: 'Damaged',
          expectedRevision: await revisionOf(shop, orderId),
        }),
    ],
    [
      'refund listing a line three times in parts',
      async () =>
        post('/refunds', {
          lines: [
            { line: 1, quantity: 1 },
            { line: 1, quantity: 1 },
            { line: 1, quantity: 0 },
          ],
          reason: 'Damaged',
        }),
    ],
    ['status change without expectedRevision', async () => post('/status', { status: 'shipped' })],
    [
      'status change with expectedRevision null',
      async () => post('/status', { status: 'shipped', expectedRevision: null }),
    ],
  ];
  const results: OwnerMisuseResult[] = [];
  const attempt = async (name: string, send: () => Promise<{ status: number; json: { message?: string } }>) => {
    const before = await shop.shop.deps.events.headPosition();
    const res = await send();
    results.push({
      name,
      status: res.status,
      message: String(res.json?.message ?? ''),
      appended: (await shop.shop.deps.events.headPosition()) - before,
    });
  };
  for (const [name, send] of tried) await attempt(name, send);
  // Shipped, then asked back to pending and, once cancelled, to shipped, without the confirmation.
  const move = async (body: object) => post('/status', { ...body, expectedRevision: await revisionOf(shop, orderId) });
  if ((await move({ status: 'shipped' })).status !== 200) throw new Error('could not ship the order');
  await attempt('shipped → pending without confirmBackward', () => move({ status: 'pending' }));
  if ((await move({ status: 'cancelled' })).status !== 200) throw new Error('could not cancel the order');
  await attempt('cancelled → shipped without confirmBackward', () => move({ status: 'shipped' }));
  await attempt('cancelled → shipped with confirmBackward "yes"', () =>
    move({ status: 'shipped', confirmBackward: 'yes' }),
  );
  return results;
}

/** A cart checkout sent with a forged Host (and X-Forwarded-Host): the payment page's address the shop answers. */
export function checkoutWithForgedHost(url: string, headers: Record<string, string>): Promise<string> {
  const target = new URL(url);
  const body = JSON.stringify({ items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: '/api/cart/checkout',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { url?: string; message?: string };
          if (!answer.url) reject(new Error(`cart checkout answered ${res.statusCode}: ${answer.message}`));
          else resolve(answer.url);
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** `NODE_ENV=production` without PUBLIC_URL, everything else set: the real entry point's exit code and first line. */
export function productionWithoutPublicUrl(): { exitCode: number | null; stderr: string } {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATA_DIR: join('/nonexistent', 'never-opened'),
    JWT_SECRET: 'x'.repeat(40),
    DATA_KEY: Buffer.alloc(32, 5).toString('base64'),
    ADMIN_PASSWORD_HASH: `scrypt$32768$8$1$${'a'.repeat(22)}$${'b'.repeat(43)}`,
    ALLOW_TEST_PAYMENTS: 'true',
    LOG_LEVEL: 'silent',
  };
  const run = spawnSync(process.execPath, nodeArgs('infra/main/shop.ts'), {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { exitCode: run.status, stderr: run.stderr.trim() };
}
