// What every bench section is given, and how it takes part in a run.
import { median, type BenchReport } from './report.ts';

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
export async function forDuration(
  ms: number,
  step: (i: number) => Promise<unknown>,
): Promise<{ count: number; seconds: number }> {
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < ms) await step(count++);
  return { count, seconds: (performance.now() - started) / 1000 };
}

/**
 * Rounds that alternate between two ways of doing the same work (after one warm-up of the second), so a neighbour's
 * burst of work on the machine falls on both; the medians of each. The order within a round alternates as well (first
 * then second, second then first), so neither way always runs just after the other and inherits what it left behind
 * (its garbage still to collect, its file still being written back).
 */
export async function alternate(
  rounds: number,
  run: (second: boolean, round: number) => Promise<number>,
): Promise<{ first: number; second: number }> {
  const first: number[] = [];
  const second: number[] = [];
  await run(true, -1);
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      first.push(await run(false, round));
      second.push(await run(true, round));
    } else {
      second.push(await run(true, round));
      first.push(await run(false, round));
    }
  }
  return { first: median(first), second: median(second) };
}
