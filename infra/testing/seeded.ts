// A seeded random for benchmarks and chaos runs: the same seed gives the same log shape, requests or deliveries, so
// a run, and whatever it found, can be replayed.

/** Mulberry32: numbers in [0, 1), the same sequence for the same seed. */
export function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
