// Runs a whole shop in the test process on a free port, with its own data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { loadConfig } from '../../service/config.ts';
import type { Projection } from '../../projections/engine/projection.ts';
import type { PaymentGateway } from '../../contracts/ports/payments.ts';
import type { Mailer } from '../../contracts/ports/mailer.ts';
import type { BundleRule } from '../../contracts/catalog/bundle.ts';
import { createShop, type Shop } from '../composition/shop.ts';
import { fetchWithin } from './http.ts';

/** The event store the configuration names, opened as the shop opens it: for tests that read a shop's log directly. */
export { openEventStore } from '../composition/shop.ts';

/** The admin every test shop starts with (ADMIN_PASSWORD is accepted outside production). */
export const testAdmin = { username: 'admin', password: 'test-admin-password-1' } as const;

/**
 * testAdmin's password hashed once with the production cost (a test proves it matches), so a test shop starts without
 * spending a tenth of a second of scrypt; signing in still verifies at that cost.
 */
export const testAdminPasswordHash =
  'scrypt$32768$8$1$3NfPq4Bu6rTmWwf9Emgp7g$vE12GxPT1FSTF9k3F2Ge_BPER80JASzpd62xPmXTbMg';

/**
 * RATE_LIMITS for a shop that a test or a chaos run floods from one address on purpose (every client is 127.0.0.1);
 * the tests of the limits themselves keep the defaults.
 */
export const floodLimits =
  'reviews=1000000/1,notices=1000000/1,checkouts=1000000/1,sandbox=1000000/1,reports=1000000/1,noticeMails=1000000/1,noticeMailsFromOne=1000000/1,unknownNames=1000000/1,adminWork=1000000/1,discountGuesses=1000000/1,messages=1000000/1,messagesShop=1000000/1,messageMails=1000000/1,backInStock=1000000/1,orderLookups=1000000/1';

export type TestShop = { url: string; shop: Shop; dataDir: string; close(): Promise<void> };

export async function startTestShop(
  env: Record<string, string> = {},
  options: {
    clock?: () => Date;
    keepData?: boolean;
    payments?: PaymentGateway;
    projections?: readonly Projection[];
    logger?: Logger;
    /** the bundle rule instead of the content file's (decision 072) */
    bundle?: BundleRule;
    /** the built web app to serve (web/dist unless named) */
    webDist?: string;
    /** the mailer instead of the outbox */
    mailer?: Mailer;
  } = {},
): Promise<TestShop> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'shop-test-'));
  // A test that names a password or a hash gets what it names; the others, testAdmin.
  const admin =
    env.ADMIN_PASSWORD_HASH !== undefined
      ? {}
      : env.ADMIN_PASSWORD !== undefined
        ? { ADMIN_USERNAME: testAdmin.username }
        : { ADMIN_USERNAME: testAdmin.username, ADMIN_PASSWORD_HASH: testAdminPasswordHash };
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...admin, ...env });
  const shop = await createShop(config, {
    logger: options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.projections ? { projections: options.projections } : {}),
    ...(options.bundle ? { bundle: options.bundle } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  const server = await shop.listen(0, '127.0.0.1');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    shop,
    dataDir,
    async close() {
      await shop.close();
      if (!options.keepData && !env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch with a JSON body and a deadline, answering the status and the parsed body */
export async function call(
  url: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    raw?: string | Uint8Array<ArrayBuffer>;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | Uint8Array<ArrayBuffer> | undefined = init.raw;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetchWithin(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A valid admin bearer header for a test shop, without going through the login form. */
export async function adminHeaders(
  shop: TestShop,
  username = shop.shop.deps.admin.username,
): Promise<Record<string, string>> {
  const { signAdminToken } = await import('../../service/admin/tokens.ts');
  return { authorization: `Bearer ${signAdminToken(shop.shop.deps.jwtSecret, username)}` };
}

/**
 * Everything the reactor owes so far is done (receipt numbers, e-mails) and the read models show it, including what
 * that work itself recorded.
 */
export async function settled(shop: TestShop): Promise<void> {
  for (;;) {
    const head = await shop.shop.deps.events.headPosition();
    await shop.shop.deps.effects.waitFor(head, 30_000);
    await shop.shop.deps.waiter.waitFor(head, 30_000);
    if ((await shop.shop.deps.events.headPosition()) === head) return;
  }
}
