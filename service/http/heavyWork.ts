// The owner's and auditor's expensive jobs — verifying and rebuilding the read models, a backup, applying the retention
// period, erasing a person — run one at a time per shop and a limited number of times per account. Each rebuilds or
// reads the whole log, so a pile of them (twenty clicks, a script) would starve the shoppers of the same process.
//
// One at a time across every process on the data folder: the job holds a lease (contracts/ports/lease.ts, in
// DATA_DIR/leases.sqlite like the reactor's; decision 062), renewed while it runs, given up when it ends. Within one
// process a flag answers first, and names the job that runs.
import type { Context } from 'koa';
import type { Lease } from '../../contracts/ports/lease.ts';
import { conflict } from '../../contracts/shared/errors.ts';
import type { Limits } from './limits.ts';
import { adminOf } from './adminRouter.ts';
import { HttpError, tooManyRequests } from './errors.ts';

export type HeavyJob = 'verify' | 'rebuild' | 'backup' | 'retention' | 'erasure';

const jobNames: Record<HeavyJob, string> = {
  verify: 'A verification of the read models',
  rebuild: 'A rebuild of the read models',
  backup: 'A backup',
  retention: 'Applying the retention period',
  erasure: 'An erasure',
};

export const heavyWorkMessages = {
  /** another job of this process runs */
  busy: (job: HeavyJob) =>
    `${jobNames[job]} is running on this shop. Long tasks run one at a time: try again when it has finished.`,
  /** another process on the same data folder runs one */
  busyElsewhere:
    'Another long task (a verification, rebuild, backup, retention run or erasure) is running on this shop. Long tasks run one at a time: try again when it has finished.',
  tooMany: (when: string) =>
    `Too many long tasks (verifications, rebuilds, backups, retention runs, erasures) from your account. Please try again in ${when}.`,
} as const;

/** Gives the job's turn back: the next one may start. Safe to call more than once. */
export type Release = () => Promise<void>;

export type HeavyWork = {
  /**
   * Takes the shop's one turn for `job`, counted against `account`: the release to call when the job has ended; a 409
   * (`Conflict`) while another job runs here or in another process; a 429 past the account's limit.
   */
  begin(job: HeavyJob, account: string): Promise<Release>;
  /** begin, run, release: for a job that ends when its answer is ready */
  run<T>(job: HeavyJob, account: string, work: () => Promise<T>): Promise<T>;
  /** the job this process runs, if any */
  readonly running: HeavyJob | null;
  close(): void;
};

const waitText = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return {
    seconds,
    when:
      seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`,
  };
};

/** A 429 that says when to come back; the error middleware sets Retry-After from `retryAfter`. */
function tooMany(waitMs: number) {
  const { seconds, when } = waitText(waitMs);
  const error = tooManyRequests(heavyWorkMessages.tooMany(when));
  return Object.assign(error, { retryAfterSeconds: seconds });
}

/** `lease` null: a process alone on its data (a test's in-memory log); the flag alone keeps jobs apart. */
export function createHeavyWork(lease: Lease | null, limits: Pick<Limits, 'take'>): HeavyWork {
  let running: HeavyJob | null = null;
  let closed = false;

  async function begin(job: HeavyJob, account: string): Promise<Release> {
    if (running) throw conflict(heavyWorkMessages.busy(job === running ? job : running));
    // Claimed before anything is awaited, so two requests of this process never both pass.
    running = job;
    let renew: NodeJS.Timeout | null = null;
    try {
      if (lease && !(await lease.acquire())) throw conflict(heavyWorkMessages.busyElsewhere);
      // Counted only when the job would run: a refusal while another runs costs the account nothing.
      const waitMs = await limits.take('adminWork', account);
      if (waitMs > 0) throw tooMany(waitMs);
    } catch (error) {
      running = null;
      await lease?.release().catch(() => {});
      throw error;
    }
    if (lease) {
      // Kept while the job runs, however long; a process that dies loses it (the lease lasts 15 s past a renewal).
      renew = setInterval(() => void lease.acquire().catch(() => {}), lease.renewMs);
      renew.unref();
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      if (renew) clearInterval(renew);
      running = null;
      if (!closed) await lease?.release().catch(() => {});
    };
  }

  return {
    begin,
    async run(job, account, work) {
      const release = await begin(job, account);
      try {
        return await work();
      } finally {
        await release();
      }
    },
    get running() {
      return running;
    },
    close() {
      closed = true;
      lease?.close();
    },
  };
}

/**
 * In a route: takes the turn for `job` on the signed-in account's behalf (a 429 carries Retry-After). The route calls
 * the release when the job has ended — at once for a job that answers when done, later for one left running.
 */
export async function beginHeavyJob(ctx: Context, heavy: HeavyWork, job: HeavyJob): Promise<Release> {
  try {
    return await heavy.begin(job, `account:${adminOf(ctx)}`);
  } catch (error) {
    const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (error instanceof HttpError && seconds !== undefined) ctx.set('Retry-After', String(seconds));
    throw error;
  }
}

/** In a route: runs `work` as `job` once it has the turn, and gives the turn back when it ends. */
export async function runHeavyJob<T>(
  ctx: Context,
  heavy: HeavyWork,
  job: HeavyJob,
  work: () => Promise<T>,
): Promise<T> {
  const release = await beginHeavyJob(ctx, heavy, job);
  try {
    return await work();
  } finally {
    await release();
  }
}
