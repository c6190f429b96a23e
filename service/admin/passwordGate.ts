// A cap on concurrent password checks: scrypt costs about a tenth of a second and 32 MB each, so a flood of sign-ins
// would otherwise queue the owner's own check behind hundreds of others.

export const gateBusy = Symbol('busy');

export type PasswordGate = {
  /** Runs `check` when a place is free; answers gateBusy at once when `queueLimit` checks already wait. */
  run<T>(check: () => Promise<T>): Promise<T | typeof gateBusy>;
  readonly waiting: number;
};

export function createPasswordGate(concurrency: number, queueLimit: number): PasswordGate {
  let running = 0;
  const queue: (() => void)[] = [];
  return {
    get waiting() {
      return queue.length;
    },
    async run(check) {
      if (running < concurrency) running++;
      else if (queue.length >= queueLimit) return gateBusy;
      // The place is handed over by the check that ends, so `running` stays counted for the one that waited.
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await check();
      } finally {
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
