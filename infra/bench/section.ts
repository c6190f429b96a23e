// What every bench section is given, and how it takes part in a run.
import type { BenchReport } from './report.ts';

export type BenchOptions = {
  /** a short smoke run: small sizes and durations, figures not worth publishing */
  quick: boolean;
  /** a scratch directory for this run, removed at the end */
  scratch: string;
};

export type Section = {
  name: string;
  run(report: BenchReport, options: BenchOptions): Promise<void>;
};

/** Calls `step` back to back until `ms` have passed; answers how many calls completed and the seconds taken. */
export async function forDuration(ms: number, step: (i: number) => Promise<unknown>): Promise<{ count: number; seconds: number }> {
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < ms) await step(count++);
  return { count, seconds: (performance.now() - started) / 1000 };
}
