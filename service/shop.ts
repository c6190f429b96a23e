// The composition root: picks the adapters the configuration asks for and wires the shop together.
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { allProjections } from '../projections/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { createApp } from './app.ts';
import { seedCatalog } from './catalog/seed.ts';
import type { PositionWaiter } from './commands.ts';
import type { Config } from './config.ts';
import type { ShopDeps } from './deps.ts';
import type { EventStore } from './ports/eventStore.ts';
import type { Mailer } from './ports/mailer.ts';
import type { PaymentGateway } from './ports/payments.ts';
import type { ReadStore } from './ports/readStore.ts';
import type { Server } from 'node:http';
import { resolveAdminCredentials } from './admin/credentials.ts';
import { resolveJwtSecret } from './admin/tokens.ts';
import { eventCatalog } from '../contracts/eventCatalog.ts';
import { assertLogReadable, withEventVersions, type VersionedEventStore } from '../infra/eventstore/versionedEventStore.ts';

async function openStoredEvents(config: Config): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    // Loaded only when configured: the EventStoreDB client pulls in gRPC.
    const { openEsdbEventStore } = await import('../infra/eventstore/esdb/esdbEventStore.ts');
    return openEsdbEventStore(config.EVENTSTORE_URL);
  }
  const { openSqliteEventStore } = await import('../infra/eventstore/sqlite/sqliteEventStore.ts');
  return openSqliteEventStore(join(config.DATA_DIR, 'events.sqlite'));
}

/**
 * The log as every reader sees it: events upcast to their newest shape. A log holding an event type or version this
 * release does not know is refused here, before anything reads or appends.
 */
export async function openEventStore(config: Config, catalog = eventCatalog): Promise<VersionedEventStore> {
  const stored = await openStoredEvents(config);
  try {
    await assertLogReadable(stored, catalog);
  } catch (error) {
    await stored.close();
    throw error;
  }
  return withEventVersions(stored, catalog);
}

export async function openReadStore(config: Config): Promise<ReadStore> {
  if (config.REDIS_URL) {
    const { createRedisReadStore } = await import('../infra/readstore/redisReadStore.ts');
    return createRedisReadStore(config.REDIS_URL);
  }
  const { createMemoryReadStore } = await import('../infra/readstore/memoryReadStore.ts');
  return createMemoryReadStore();
}

export async function openPaymentGateway(config: Config): Promise<PaymentGateway> {
  if (config.STRIPE_SECRET_KEY) {
    const { createStripeGateway } = await import('../infra/payments/stripe/stripeGateway.ts');
    return createStripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      ...(config.STRIPE_PUBLISHABLE_KEY ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
      ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
    });
  }
  const { createSandboxGateway } = await import('../infra/payments/sandbox/sandboxGateway.ts');
  return createSandboxGateway({
    dir: join(config.DATA_DIR, 'sandbox-payments'),
    ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
  });
}

export async function openMailer(config: Config, logger: Logger): Promise<Mailer> {
  const { createMailer } = await import('../infra/mail/mailer.ts');
  return createMailer({
    from: config.MAIL_FROM,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    logger,
    ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
  });
}

/** With the runner in another process, read-your-writes polls the checkpoint it commits. */
function checkpointWaiter(reads: ReadStore): PositionWaiter {
  return {
    async waitFor(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const committed = await Promise.all(allProjections.map((p) => reads.checkpoint(p.name)));
        if (committed.every((c) => (c ?? 0) >= position)) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

export type Shop = {
  deps: ShopDeps;
  runner: ProjectionRunner | null;
  listen(port?: number, host?: string): Promise<Server>;
  close(): Promise<void>;
};

export type ShopOverrides = { logger?: Logger; clock?: () => Date; webDist?: string; payments?: PaymentGateway };

export async function createShop(config: Config, overrides: ShopOverrides = {}): Promise<Shop> {
  const logger = overrides.logger ?? pino({ level: config.LOG_LEVEL, base: { service: 'shop' } });
  const clock = overrides.clock ?? (() => new Date());
  const events = await openEventStore(config);
  const reads = await openReadStore(config);

  let runner: ProjectionRunner | null = null;
  let waiter: PositionWaiter;
  let projectionStatus: ShopDeps['projectionStatus'];
  if (config.PROJECTIONS === 'inline') {
    const inline = new ProjectionRunner(events, reads, allProjections, { logger });
    runner = inline;
    waiter = inline;
    projectionStatus = async () => ({ position: inline.position, lag: await inline.lag() });
  } else {
    waiter = checkpointWaiter(reads);
    projectionStatus = async () => {
      const committed = await Promise.all(allProjections.map((p) => reads.checkpoint(p.name)));
      const position = Math.min(...committed.map((c) => c ?? 0));
      return { position, lag: Math.max(0, (await events.headPosition()) - position) };
    };
  }

  const admin = await resolveAdminCredentials(config, (message) => logger.warn(message));
  const payments = overrides.payments ?? (await openPaymentGateway(config));
  if (config.NODE_ENV === 'production' && payments.provider === 'sandbox') {
    logger.warn('payments run in the sandbox: test cards only, no real card is charged; set STRIPE_SECRET_KEY to take real payments');
  }
  const mailer = await openMailer(config, logger);
  const deps: ShopDeps = { config, logger, events, reads, waiter, projectionStatus, clock, jwtSecret: resolveJwtSecret(config), admin, payments, mailer };

  const seeded = await seedCatalog(events, clock().toISOString());
  if (seeded > 0) logger.info({ events: seeded }, 'catalog seeded from contracts/content/shop.json');
  if (runner) {
    await runner.start();
    await runner.waitFor(await events.headPosition(), 60_000);
  }

  // The browser may reach the payment provider's origins only when that provider is in use.
  const app = createApp(deps, { webDist: overrides.webDist ?? 'web/dist', extraCsp: payments.browserOrigins });
  let server: Server | null = null;

  return {
    deps,
    runner,
    listen(port = config.PORT, host = config.HOST) {
      return new Promise((resolve, reject) => {
        const s = app.listen(port, host);
        s.once('listening', () => {
          server = s;
          resolve(s);
        });
        s.once('error', reject);
      });
    },
    async close() {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      server?.closeAllConnections?.();
      await runner?.stop();
      await mailer.close();
      await reads.close();
      await events.close();
    },
  };
}
