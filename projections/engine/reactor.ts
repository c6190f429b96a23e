// Side effects of events (e-mails today), carried out from their own checkpointed subscription to the log, never from a
// projection: rebuilding a read model folds the log again, and a fold must not send anything.
//
// Each reaction is at-least-once here and exactly-once by its own idempotency key: the reactor runs an event's reaction
// before it moves its checkpoint past the event, so a crash repeats the reaction rather than losing it; the reaction
// looks up what it already recorded (EmailSent) and hands the mailer a key, so a repeat sends nothing new.
//
// With a lease (see docs/decisions/051) only one process on a log reacts: the others stand by, asking for the lease
// every `renewMs`, and the first to get it after the holder stops or dies resumes from the checkpoint.
import type { ShopEvent, ShopEventOf, ShopEventType } from '../../contracts/eventCatalog.ts';
import type { DomainEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import type { EventStore, Subscription } from '../../contracts/ports/eventStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import type { Lease } from '../../contracts/ports/lease.ts';
import { PositionWaiters } from './positionWaiters.ts';

/** What to do about one event; it must be safe to run again for the same event. */
export type Reaction = (event: RecordedEvent) => Promise<void>;

/** Event type → reaction, as the reactor runs them. */
export type Reactions = Readonly<Record<string, Reaction>>;

/** Event type → reaction, each given its event as the catalogue types it. A new side effect of an event is one line. */
export type TypedReactions = {
  readonly [T in ShopEventType]?: (event: RecordedEvent<ShopEventOf<T>>) => Promise<void>;
};

/** The reactor's table from typed reactions: the one place a log event meets its type (the catalogue read it so). */
export function defineReactions(typed: TypedReactions): Reactions {
  const table: Record<string, Reaction> = {};
  for (const [type, react] of Object.entries(typed) as [string, (event: RecordedEvent<ShopEvent>) => Promise<void>][])
    table[type] = (event) => react(event as RecordedEvent<ShopEvent>);
  return table;
}

export type ReactorLogger = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export type ReactorOptions = {
  /** the checkpoint's name in `checkpoints` */
  name?: string;
  logger?: ReactorLogger;
  /** first pause after a failed reaction; doubled on each further failure of the same event, up to `maxRetryDelayMs` */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** one reactor per log: without the lease this one stands by */
  lease?: Lease;
  /** the time failures are stamped with (the shop's clock) */
  clock?: () => Date;
  /** told of each failed attempt at a reaction, with the moment the reactions began failing (for the owner's alerts) */
  onFailure?: (failure: ReactorFailure) => void;
  /** told when a reaction succeeds after failures */
  onRecovered?: () => void;
};

/** A reaction that failed: the event's type and position, the error, when this attempt failed and since when they have. */
export type ReactorFailure = { type: string; position: number; message: string; at: Date; since: Date };

/** The read-store namespace that keeps reactors' checkpoints: no read-model generation, so no rebuild resets it. */
export const REACTOR_NAMESPACE = 'reactor';

export class Reactor {
  private subscription: Subscription | null = null;
  private readonly waiters = new PositionWaiters();
  private stopped = true;
  private saving: Promise<void> = Promise.resolve();
  private saveScheduled = false;
  private saved = 0;
  private wakeRetry: (() => void) | null = null;
  /** position of the last event whose reaction is done */
  position = 0;
  /** reactions that failed and were tried again */
  retries = 0;
  /** reacting now: always without a lease, with one while this process holds it */
  active = false;
  /** when the reaction now being tried first failed; null while reactions succeed */
  failingSince: Date | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private tending: Promise<void> = Promise.resolve();

  constructor(
    private readonly events: EventStore<DomainEvent>,
    /** where the checkpoint lives (a namespace of its own, see REACTOR_NAMESPACE) */
    private readonly checkpoints: ReadStore,
    private readonly reactions: Reactions,
    private readonly options: ReactorOptions = {},
  ) {}

  /** started and not stopped: reacting, or standing by while another process holds the lease */
  get running(): boolean {
    return !this.stopped;
  }

  private get name() {
    return this.options.name ?? 'emails';
  }

  async start(): Promise<void> {
    this.stopped = false;
    const lease = this.options.lease;
    if (!lease) return this.begin();
    if (await lease.acquire()) await this.begin();
    else
      this.options.logger?.info(
        { reactor: this.name, holder: lease.holder },
        'another process runs this reactor; standing by',
      );
    this.leaseTimer = setInterval(() => {
      this.tending = this.tending.then(() => this.tend(lease));
    }, lease.renewMs);
    this.leaseTimer.unref();
  }

  /** Keeps the lease while reacting, takes it over while standing by. */
  private async tend(lease: Lease): Promise<void> {
    if (this.stopped) return;
    try {
      const held = await lease.acquire();
      if (this.stopped) return;
      if (held && !this.active) {
        this.options.logger?.info({ reactor: this.name, holder: lease.holder }, 'reactor lease taken over; resuming');
        await this.begin();
      } else if (!held && this.active) {
        this.options.logger?.error(
          { reactor: this.name, holder: lease.holder },
          'reactor lease lost to another process; standing by',
        );
        await this.pause();
      }
    } catch (error) {
      this.options.logger?.error(
        { err: error instanceof Error ? error.message : String(error), reactor: this.name },
        'reactor lease not renewed',
      );
    }
  }

  private async begin(): Promise<void> {
    this.active = true;
    // A checkpoint that is gone (the embedded store starts empty; Redis may be flushed) only means more events are
    // looked at again: every reaction knows what it already did.
    const from = (await this.checkpoints.checkpoint(this.name)) ?? 0;
    this.position = from;
    this.saved = from;
    this.options.logger?.info({ from, reactor: this.name, reactions: Object.keys(this.reactions) }, 'reactor resuming');
    this.subscribe(from);
  }

  /** Stops reacting without stopping: the lease went to another process. */
  private async pause(): Promise<void> {
    this.active = false;
    this.wakeRetry?.();
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
    await this.saving;
  }

  private subscribe(from: number) {
    this.subscription = this.events.subscribe(
      from,
      (event) => this.react(event),
      (error) => {
        // The log went away under the subscription (a dropped connection): resume after the last event reacted to.
        this.options.logger?.error(
          { err: error instanceof Error ? error.message : String(error), position: this.position },
          'reactor subscription failed; resuming',
        );
        setTimeout(() => {
          if (!this.stopped && this.active) this.subscribe(this.position);
        }, this.options.retryDelayMs ?? 500).unref();
      },
    );
  }

  /** Resolves once the reactions of every event up to `position` are done; false if `timeoutMs` passed first. */
  waitFor(position: number, timeoutMs = 2000): Promise<boolean> {
    return this.waiters.wait(this.position, position, timeoutMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.leaseTimer = null;
    await this.tending;
    this.wakeRetry?.();
    await this.subscription?.close();
    this.subscription = null;
    await this.saving;
    if (this.active) await this.save();
    // The checkpoint is saved first, so the process that takes over resumes after what was done here.
    if (this.active) await this.options.lease?.release().catch(() => undefined);
    this.active = false;
    this.waiters.settleAll(this.position);
  }

  private async react(event: RecordedEvent): Promise<void> {
    const reaction = this.reactions[event.type];
    if (!this.active) return;
    if (reaction) {
      let delay = this.options.retryDelayMs ?? 500;
      for (;;) {
        if (this.stopped || !this.active) return;
        // Asked again right before each side effect: a process that was paused past its lease (and replaced) never
        // carries out an effect the new holder carries out too.
        const lease = this.options.lease;
        if (lease && !(await lease.acquire().catch(() => false))) {
          this.options.logger?.error(
            { reactor: this.name, holder: lease.holder, position: event.position },
            'reactor lease lost to another process; standing by',
          );
          void this.pause();
          return;
        }
        try {
          await reaction(event);
          if (this.failingSince) {
            this.failingSince = null;
            this.options.onRecovered?.();
          }
          break;
        } catch (error) {
          // Never skipped: a later event's effect waits behind this one rather than the e-mail being lost.
          this.retries += 1;
          const at = this.options.clock?.() ?? new Date();
          this.failingSince ??= at;
          this.options.onFailure?.({
            type: event.type,
            position: event.position,
            message: error instanceof Error ? error.message : String(error),
            at,
            since: this.failingSince,
          });
          this.options.logger?.error(
            {
              err: error instanceof Error ? error.message : String(error),
              type: event.type,
              position: event.position,
              retryInMs: delay,
            },
            'reaction failed; trying again',
          );
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay);
            this.wakeRetry = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wakeRetry = null;
          delay = Math.min(delay * 2, this.options.maxRetryDelayMs ?? 30_000);
        }
      }
    }
    this.position = event.position;
    this.waiters.reached(this.position);
    if (!this.saveScheduled) {
      // One checkpoint write per burst the subscription delivers, not one per event.
      this.saveScheduled = true;
      setImmediate(() => {
        this.saveScheduled = false;
        this.saving = this.saving.then(() => this.save());
      });
    }
  }

  private async save(): Promise<void> {
    const position = this.position;
    if (position <= this.saved) return;
    try {
      await this.checkpoints.commit([], [{ projection: this.name, position }]);
      this.saved = position;
    } catch (error) {
      // Only costs looking at these events again after a restart; the next burst tries to save again.
      this.options.logger?.error(
        { err: error instanceof Error ? error.message : String(error), position },
        'reactor checkpoint not saved',
      );
    }
  }
}
