// The composition root: picks the adapters the configuration asks for and wires the shop together.
import { bundleOfferOf, type BundleRule } from '../../contracts/catalog/bundle.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { allProjections } from '../../projections/index.ts';
import type { Reactor } from '../../projections/engine/reactor.ts';
import { ReadModels } from '../../projections/engine/generations.ts';
import type { Projection } from '../../projections/engine/projection.ts';
import type { ProjectionRunner } from '../../projections/engine/runner.ts';
import { createApp } from '../../service/app.ts';
import { seedCatalog } from '../../service/catalog/seed.ts';
import type { PositionWaiter } from '../../contracts/ports/positionWaiter.ts';
import type { Config } from '../../service/config.ts';
import type { ShopDeps } from '../../service/deps.ts';
import { reactorCheckpointWaiter, startEffects } from '../../service/effects.ts';
import type { StoredEventStore } from '../../contracts/ports/eventStore.ts';
import type { Mailer } from '../../contracts/ports/mailer.ts';
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { Operations } from '../../service/operations.ts';
import type { PaymentGateway } from '../../contracts/ports/payments.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { createMemoryReadStore } from '../readstore/memoryReadStore.ts';
import type { Server } from 'node:http';
import { resolveAdminCredentials } from '../../service/admin/credentials.ts';
import { resolveJwtSecret } from '../../service/admin/tokens.ts';
import { logHasher } from '../../service/logHashes.ts';
import { createLimits } from '../../service/http/limits.ts';
import { createHeavyWork } from '../../service/http/heavyWork.ts';
import { retentionReport, unsealedReport } from '../../service/privacy/erasure.ts';
import { eventCatalog } from '../../contracts/eventCatalog.ts';
import { assertLogReadable, withEventVersions, type VersionedEventStore } from '../eventstore/versionedEventStore.ts';
import { withSealedPersonalData } from '../eventstore/sealedEventStore.ts';
import type { KeyStore } from '../../contracts/ports/keyStore.ts';
import { resolveDataKey } from '../keys/masterKey.ts';
import { openSqliteKeyStore } from '../keys/sqliteKeyStore.ts';
import { assertKeyFileMatchesLog } from '../keys/keyFileCheck.ts';
import { checkTokenSecret, configuredTokenSecret } from './tokenSecretCheck.ts';
import { ownerBackup } from '../backup/backup.ts';
import { assertNoUnfinishedRestore } from '../backup/restoreMarker.ts';
import { mediaFolderName, openFileImageStore } from '../images/fileImageStore.ts';
import { ensurePrivateDir } from '../../service/dataFiles.ts';
import type { Lease } from '../../contracts/ports/lease.ts';
import { openSqliteLease } from '../lease/sqliteLease.ts';
import { assertNoUnfinishedMigration, readSealMigration } from '../eventstore/sqlite/sealMigration.ts';

/** Refusals to start that say all there is to say in their message: a key file missing or not the log's, or another master key. */
export { KeyFileRefused } from '../keys/keyFileCheck.ts';
export { TokenSecretRefused } from './tokenSecretCheck.ts';
export { WrongMasterKey } from '../keys/sqliteKeyStore.ts';

async function openStoredEvents(config: Config): Promise<StoredEventStore> {
  if (config.EVENTSTORE_URL) {
    // Loaded only when configured: the EventStoreDB client pulls in gRPC.
    const { openEsdbEventStore } = await import('../eventstore/esdb/esdbEventStore.ts');
    return openEsdbEventStore(config.EVENTSTORE_URL);
  }
  const { openSqliteEventStore } = await import('../eventstore/sqlite/sqliteEventStore.ts');
  // Never on a log whose copy-and-transform migration was started and not finished (decision 059).
  assertNoUnfinishedMigration(config.DATA_DIR);
  return openSqliteEventStore(join(config.DATA_DIR, 'events.sqlite'));
}

/**
 * The log as every reader sees it: events upcast to their newest shape. A log holding an event type or version this
 * release does not know is refused here, before anything reads or appends.
 */
export async function openEventStore(
  config: Config,
  catalog = eventCatalog,
): Promise<VersionedEventStore & { readonly keys: KeyStore }> {
  // Never on a folder a restore began and did not finish with every check passed (decision 093).
  assertNoUnfinishedRestore(config.DATA_DIR);
  // DATA_DIR holds personal data and keys: the shop's user alone may enter it (decision 056).
  ensurePrivateDir(config.DATA_DIR);
  const stored = await openStoredEvents(config);
  let keys: KeyStore;
  try {
    await assertLogReadable(stored, catalog);
    // The data keys live beside the embedded log, and beside the service when the log is in EventStoreDB (decision 034).
    // A key file that is missing or not the log's is refused before it is opened (opening creates a missing one).
    const keyFile = join(config.DATA_DIR, 'keys.sqlite');
    await assertKeyFileMatchesLog(stored, keyFile);
    keys = openSqliteKeyStore(keyFile, resolveDataKey(config));
  } catch (error) {
    await stored.close();
    throw error;
  }
  return Object.assign(withEventVersions(withSealedPersonalData(stored, keys), catalog, { storedBytes: stored }), {
    keys,
  });
}

export async function openReadStore(
  config: Config,
  options: { logHead?: number; logger?: Logger } = {},
): Promise<ReadStore> {
  if (config.REDIS_URL) {
    const { createRedisReadStore } = await import('../readstore/redisReadStore.ts');
    return createRedisReadStore(config.REDIS_URL);
  }
  if (config.READ_STORE === 'sqlite') {
    const { openSqliteReadStore } = await import('../readstore/sqliteReadStore.ts');
    return openSqliteReadStore(join(config.DATA_DIR, 'readmodels.sqlite'), 'v1', {
      ...(options.logHead === undefined ? {} : { logHead: options.logHead }),
      onReset: (reason) => options.logger?.warn(reason),
    });
  }
  const { createMemoryReadStore } = await import('../readstore/memoryReadStore.ts');
  return createMemoryReadStore();
}

export async function openPaymentGateway(config: Config): Promise<PaymentGateway> {
  if (config.STRIPE_SECRET_KEY) {
    const { createStripeGateway } = await import('../payments/stripe/stripeGateway.ts');
    return createStripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      ...(config.STRIPE_PUBLISHABLE_KEY ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
      ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
      ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
    });
  }
  const { createSandboxGateway } = await import('../payments/sandbox/sandboxGateway.ts');
  return createSandboxGateway({
    dir: join(config.DATA_DIR, 'sandbox-payments'),
    ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
  });
}

/**
 * The reactor's lease: one reactor per log, whichever processes start one (decision 051). It lives in DATA_DIR, which
 * every process on the embedded log shares, as do the service and the runner beside it with EventStoreDB (their keys).
 */
export function openReactorLease(config: Config): Lease {
  return openSqliteLease(config.DATA_DIR, 'reactor:emails');
}

/**
 * The lease under which a runner drops and marks a shared read store that has no mark (lost, or new), so that of the
 * processes folding it one does, once (decision 094). In DATA_DIR beside the reactor's, for the same reasons.
 */
export function openReadModelsLease(config: Config): Lease {
  return openSqliteLease(config.DATA_DIR, 'readmodels:mark');
}

export async function openMailer(config: Config, logger: Logger): Promise<Mailer> {
  const { createMailer } = await import('../mail/mailer.ts');
  return createMailer({
    from: config.MAIL_FROM,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    logger,
    logHash: logHasher(resolveJwtSecret(config)),
    ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
  });
}

const retentionCheckMs = 24 * 60 * 60 * 1000;

async function checkRetention(deps: ShopDeps) {
  try {
    const report = await retentionReport(deps);
    if (report.due.length > 0)
      deps.logger.warn(
        { due: report.due.length, months: report.months },
        'people are past the retention period: see /admin/privacy or npm run events -- retention',
      );
  } catch (error) {
    deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'the retention report failed');
  }
}

export type Shop = {
  deps: ShopDeps;
  /** the runner folding the live read models in this process (PROJECTIONS=inline) */
  runner: ProjectionRunner | null;
  /** which generation of read models is live, its runner, and rebuilds beside it */
  readModels: ReadModels;
  /** the reactor that sends e-mails, when it runs in this process (PROJECTIONS=inline) */
  reactor: Reactor | null;
  listen(port?: number, host?: string): Promise<Server>;
  close(): Promise<void>;
};

export type ShopOverrides = {
  logger?: Logger;
  clock?: () => Date;
  webDist?: string;
  payments?: PaymentGateway;
  /** the read models to keep, for tests that bump a projection's version */
  projections?: readonly Projection[];
  /** the bundle rule instead of the content file's, for tests of a shop with it changed or off (decision 072) */
  bundle?: BundleRule;
  /** the mailer instead of the configured one, for tests of what happens when e-mail fails */
  mailer?: Mailer;
  /** told the password of an admin account made on a first start outside production, to print it for a person */
  onAdminCreated?: (account: { username: string; password: string }) => void;
};

export async function createShop(config: Config, overrides: ShopOverrides = {}): Promise<Shop> {
  const logger = overrides.logger ?? pino({ level: config.LOG_LEVEL, base: { service: 'shop' } });
  const clock = overrides.clock ?? (() => new Date());
  const events = await openEventStore(config);
  // Accounts' password hashes and two-step secrets are sealed under the token secret: with none configured (a new one
  // would be made, as after a restore that left it out) the shop does not start; with one that does not open them it
  // says so loudly (decision 056, amended).
  let tokenSecretWarning: string | null;
  try {
    tokenSecretWarning = await checkTokenSecret(events.stored, configuredTokenSecret(config), config.DATA_DIR);
  } catch (error) {
    await events.close();
    throw error;
  }
  if (tokenSecretWarning) logger.error(tokenSecretWarning);
  // The log's head tells a read store folded from another log (a restored or replaced events file) from this one's.
  const store = await openReadStore(config, { logHead: await events.headPosition(), logger });
  // Queries read through the live generation's name, so a rebuild beside it and the switch are invisible to them.
  const storeLease = config.PROJECTIONS === 'inline' ? openReadModelsLease(config) : null;
  const readModels = new ReadModels(events, store, overrides.projections ?? allProjections, {
    fold: config.PROJECTIONS === 'inline',
    logger,
    ...(storeLease ? { runner: { lease: storeLease } } : {}),
  });
  const reads = readModels.reads;
  const waiter: PositionWaiter = readModels;
  const projectionStatus: ShopDeps['projectionStatus'] = async () => {
    const position = await readModels.position();
    return {
      position,
      lag: Math.max(0, (await events.headPosition()) - position),
      lastError: readModels.liveRunner?.lastError ?? null,
      rebuilding: readModels.rebuilding,
    };
  };

  const admin = await resolveAdminCredentials(config, (message) => logger.warn(message), overrides.onAdminCreated);
  const payments = overrides.payments ?? (await openPaymentGateway(config));
  if (config.NODE_ENV === 'production' && payments.provider === 'sandbox') {
    // Only with ALLOW_TEST_PAYMENTS=true (the configuration refuses production otherwise): a demo shop.
    logger.warn(
      'payments run in the sandbox (ALLOW_TEST_PAYMENTS): test cards only, no real card is charged, every page says test mode',
    );
  }
  const configuredMailer = overrides.mailer ?? (await openMailer(config, logger));
  // The owner's alerts go straight through the mailer (the reactor may be what is stuck); everything else is counted.
  const operations = new Operations({
    clock,
    logger,
    mailer: configuredMailer,
    ownerEmail: config.OWNER_EMAIL ?? shopContent.shop.contactEmail,
    webhookPath: checkoutApi.paymentsWebhook.path,
  });
  const mailer = operations.countingMailer(configuredMailer);
  let reactor: Reactor | null = null;
  const lease = config.PROJECTIONS === 'inline' ? openReactorLease(config) : null;
  // The reactor runs beside the runner: in this process inline, else with `npm run projections`. Inline but standing
  // by (another process holds the lease), e-mails are awaited through the checkpoint the holder saves.
  const checkpointWaiter = reactorCheckpointWaiter(reads);
  const effects: PositionWaiter =
    config.PROJECTIONS === 'inline'
      ? {
          waitFor: (position, timeoutMs) =>
            reactor?.active
              ? reactor.waitFor(position, timeoutMs)
              : reactor
                ? checkpointWaiter.waitFor(position, timeoutMs)
                : Promise.resolve(false),
        }
      : checkpointWaiter;
  const limits = createLimits(config, logger);
  const rebuildReadModels = () => {
    const started = !readModels.rebuilding;
    const done = readModels
      .rebuild()
      .catch((error) =>
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          'rebuild failed; the live read models are unchanged',
        ),
      );
    return { started, done };
  };
  // The long admin tasks take turns across every process on DATA_DIR (decision 062).
  const heavyWork = createHeavyWork(openSqliteLease(config.DATA_DIR, 'admin:long-task'), limits);
  const refreshReadModels = async () => {
    if (readModels.rebuilding) await readModels.rebuild().catch(() => {});
    await readModels.rebuild();
    await store.compact?.();
  };
  // The owner's Backup button copies the embedded log's data folder; EventStoreDB has its own backups.
  const backup = config.EVENTSTORE_URL ? {} : { backup: () => ownerBackup(config, clock) };
  // A verification folds the log into the process's memory, never into the live backend (decision 062).
  const scratchReads = () => createMemoryReadStore(`verify-${process.pid}-${Date.now()}`);
  const deps: ShopDeps = {
    ...backup,
    config,
    logger,
    events,
    keys: events.keys,
    refreshReadModels,
    reads,
    scratchReads,
    waiter,
    effects,
    projectionStatus,
    rebuildReadModels,
    clock,
    jwtSecret: resolveJwtSecret(config),
    admin,
    payments,
    mailer,
    limits,
    heavyWork,
    operations,
    reactorStatus: () => ({
      running: reactor?.running ?? false,
      active: reactor?.active ?? false,
      position: reactor?.position ?? 0,
      retries: reactor?.retries ?? 0,
    }),
    // Uploaded images live in the data folder, so a backup holds them (decision 078).
    images: openFileImageStore(join(config.DATA_DIR, mediaFolderName)),
    bundle: bundleOfferOf(overrides.bundle ?? shopContent.bundle),
  };

  const seeded = await seedCatalog(events, clock().toISOString());
  if (seeded > 0) logger.info({ events: seeded }, 'catalog seeded from contracts/content/shop.json');
  await readModels.start();
  await readModels.catchUp(60_000);
  if (lease)
    reactor = await startEffects(
      { ...deps, lease },
      {
        onFailure: (failure) => operations.failed('reactor', `${failure.message} (${failure.type})`, failure.since),
        onRecovered: () => operations.recovered('reactor'),
      },
    );
  // A log written before sealing, or migrated with the old file still kept: the owner is told at every start what to do
  // (decision 059). The scan reads the stored log beside the shop.
  void unsealedReport(events)
    .then((report) => report.message && logger.warn({ events: report.events, streams: report.streams }, report.message))
    .catch(() => {});
  const migration = config.EVENTSTORE_URL ? null : readSealMigration(config.DATA_DIR);
  if (migration?.state === 'migrated') {
    logger.warn(
      `The log was migrated to sealed personal fields on ${migration.migratedAt}; the old log, still holding them in plain text, is kept as ${migration.keptAs} in DATA_DIR. Once the shop answers as before, delete it with npm run events -- migrate-seal --confirm (decision 059).`,
    );
  }
  // Once a day the retention report is made (a dry run): the owner sees it on the privacy screen and applies it there
  // or with `npm run events -- retention --apply`; nobody is erased without an owner's action.
  const retentionCheck = config.RETENTION_MONTHS
    ? setInterval(() => void checkRetention(deps), retentionCheckMs)
    : null;
  retentionCheck?.unref();

  // The browser may reach the payment provider's origins only when that provider is in use.
  const app = createApp(deps, { webDist: overrides.webDist ?? 'web/dist', extraCsp: payments.browserOrigins });
  let server: Server | null = null;

  return {
    deps,
    get runner() {
      return readModels.liveRunner;
    },
    readModels,
    get reactor() {
      return reactor;
    },
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
      if (retentionCheck) clearInterval(retentionCheck);
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      server?.closeAllConnections?.();
      await readModels.stop();
      await reactor?.stop();
      lease?.close();
      storeLease?.close();
      heavyWork.close();
      await mailer.close();
      await limits.close();
      await store.close();
      await events.close();
    },
  };
}
