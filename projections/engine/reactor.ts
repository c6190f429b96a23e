// Side effects of events (e-mails today), carried out from their own checkpointed subscription to the log, never from a
// projection: rebuilding a read model folds the log again, and a fold must not send anything.
//
// Each reaction is at-least-once here and exactly-once by its own idempotency key: the reactor runs an event's reaction
// before it moves its checkpoint past the event, so a crash repeats the reaction rather than losing it; the reaction
// looks up what it already recorded (EmailSent) and hands the mailer a key, so a repeat sends nothing new.
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { EventStore, Subscription } from '../../contracts/ports/eventStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { PositionWaiters } from './positionWaiters.ts';

/** What to do about one event; it must be safe to run again for the same event. */
export type Reaction = (event: RecordedEvent) => Promise<void>;

/** Event type → reaction. A new side effect of an event is one line here. */
export type Reactions = Readonly<Record<string, Reaction>>;

export type ReactorLogger = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export type ReactorOptions = {
  /** the checkpoint's name in `checkpoints` */
  name?: string;
  logger?: ReactorLogger;
  /** first pause after a failed reaction; doubled on each further failure of the same event, up to `maxRetryDelayMs` */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
};

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

  constructor(
    private readonly events: EventStore,
    /** where the checkpoint lives (a namespace of its own, see REACTOR_NAMESPACE) */
    private readonly checkpoints: ReadStore,
    private readonly reactions: Reactions,
    private readonly options: ReactorOptions = {},
  ) {}

  private get name() {
    return this.options.name ?? 'emails';
  }

  async start(): Promise<void> {
    this.stopped = false;
    // A checkpoint that is gone (the embedded store starts empty; Redis may be flushed) only means more events are
    // looked at again: every reaction knows what it already did.
    const from = (await this.checkpoints.checkpoint(this.name)) ?? 0;
    this.position = from;
    this.saved = from;
    this.options.logger?.info({ from, reactor: this.name, reactions: Object.keys(this.reactions) }, 'reactor resuming');
    this.subscribe(from);
  }

  private subscribe(from: number) {
    this.subscription = this.events.subscribe(
      from,
      (event) => this.react(event),
      (error) => {
        // The log went away under the subscription (a dropped connection): resume after the last event reacted to.
        this.options.logger?.error({ err: error instanceof Error ? error.message : String(error), position: this.position }, 'reactor subscription failed; resuming');
        setTimeout(() => {
          if (!this.stopped) this.subscribe(this.position);
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
    this.wakeRetry?.();
    await this.subscription?.close();
    this.subscription = null;
    await this.saving;
    await this.save();
    this.waiters.settleAll(this.position);
  }

  private async react(event: RecordedEvent): Promise<void> {
    const reaction = this.reactions[event.type];
    if (reaction) {
      let delay = this.options.retryDelayMs ?? 500;
      for (;;) {
        if (this.stopped) return;
        try {
          await reaction(event);
          break;
        } catch (error) {
          // Never skipped: a later event's effect waits behind this one rather than the e-mail being lost.
          this.retries += 1;
          this.options.logger?.error(
            { err: error instanceof Error ? error.message : String(error), type: event.type, position: event.position, retryInMs: delay },
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
      this.options.logger?.error({ err: error instanceof Error ? error.message : String(error), position }, 'reactor checkpoint not saved');
    }
  }

}
