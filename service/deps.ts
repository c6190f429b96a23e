// What the HTTP slices are given: ports, the clock and the log, wired once in the composition root.
import type { Logger } from 'pino';
import type { AdminCredentials } from './admin/credentials.ts';
import type { Config } from './config.ts';
import type { PositionWaiter } from '../contracts/ports/positionWaiter.ts';
import type { Limits } from './http/limits.ts';
import type { HeavyWork } from './http/heavyWork.ts';
import type { EventStore } from '../contracts/ports/eventStore.ts';
import type { ImageStore } from '../contracts/ports/imageStore.ts';
import type { KeyStore } from '../contracts/ports/keyStore.ts';
import type { Mailer } from '../contracts/ports/mailer.ts';
import type { PaymentGateway } from '../contracts/ports/payments.ts';
import type { ReadStore } from '../contracts/ports/readStore.ts';
import type { BackupSummary } from '../contracts/audit/model.ts';
import type { BundleOffer } from '../contracts/catalog/bundle.ts';
import type { Operations } from './operations.ts';

export type ShopDeps = {
  config: Config;
  logger: Logger;
  events: EventStore;
  reads: ReadStore;
  /** read-your-writes: resolves once the read models have folded a position */
  waiter: PositionWaiter;
  /** resolves once the side effects (e-mails) of every event up to a position are carried out by the reactor */
  effects: PositionWaiter;
  /** committed projection position and lag, for /healthz; the runner's last failure and whether a rebuild runs, for the audit console */
  projectionStatus: () => Promise<{
    position: number;
    lag: number;
    lastError?: { message: string; at: string } | null;
    rebuilding?: boolean;
  }>;
  clock: () => Date;
  /** key that signs and verifies admin tokens */
  jwtSecret: string;
  /**
   * Starts building a new generation of every read model beside the live one (decision 018); answers whether this
   * call started it (false: one was already building) and when it ends. Absent where the process keeps no read models.
   */
  rebuildReadModels?: () => { started: boolean; done: Promise<unknown> };
  /** the data keys personal fields are sealed under (decision 047); forgetting a person deletes theirs */
  keys?: KeyStore;
  /**
   * Builds every read model again from the log into a new generation, resolves once it is live and the old one removed,
   * and compacts the store so no removed row stays readable: after an erasure, the stand-ins are all that is left.
   */
  refreshReadModels?: () => Promise<void>;
  /**
   * Backs up the data folder (the log, the key file, the accounts file and the rest the shop cannot rebuild) into a new
   * folder of BACKUP_DIR, with a manifest (decision 056). Absent when the log is in EventStoreDB.
   */
  backup?: () => Promise<BackupSummary>;
  /**
   * An empty read store in this process's memory for a verification to fold the log into (decision 062): the live
   * backend (its SQLite file, its Redis) is written nothing and dropped nothing. Absent: a scratch namespace of the live
   * backend.
   */
  scratchReads?: () => ReadStore;
  /** the admin's username and password hash */
  admin: AdminCredentials;
  /** Stripe when STRIPE_SECRET_KEY is set, else the sandbox */
  payments: PaymentGateway;
  /** SMTP when SMTP_URL is set, else .eml files in the outbox */
  mailer: Mailer;
  /** per-address limits on anonymous writes and sign-ins; counters in Redis when REDIS_URL is set */
  limits: Limits;
  /** the bundle saving every checkout is priced with (decision 072): the content file's rule, null when it is off */
  bundle: BundleOffer;
  /** the uploaded images, their originals and served variants, kept by content (decision 078) */
  images: ImageStore;
  /** the long admin tasks, one at a time per shop (across processes on DATA_DIR) and limited per account (decision 062) */
  heavyWork: HeavyWork;
  /** request metrics, failure counters and the owner's alerts (service/operations.ts) */
  operations?: Operations;
  /**
   * The reactor as /readyz and /metrics see it, when it runs in this process (PROJECTIONS=inline): started and not
   * stopped, reacting now (else standing by for another holder), and the position of its last reaction done.
   */
  reactorStatus?: () => { running: boolean; active: boolean; position: number; retries: number };
};
