// A steady load of the shop's read endpoints, each answer checked: no 5xx, and no list that is empty when it must not be.
import { fetchWithin } from './http.ts';
export type ReadLoad = {
  /** resolves once `n` requests have been answered or have failed: the load is under way */
  answered(n: number): Promise<void>;
  stop(): Promise<{ requests: number; failures: string[] }>;
};

export type ReadProbe = {
  path: string;
  headers?: Record<string, string>;
  /** what a right answer holds; a message if it does not */ check(body: any): string | null;
};

export function startReadLoad(url: string, probes: readonly ReadProbe[], clients = 8): ReadLoad {
  let running = true;
  let requests = 0;
  let tried = 0;
  const failures: string[] = [];
  const waiting: Array<{ n: number; resolve: () => void }> = [];
  const client = async (n: number) => {
    for (let i = n; running; i++) {
      const probe = probes[i % probes.length]!;
      try {
        const res = await fetchWithin(`${url}${probe.path}`, { headers: probe.headers ?? {} });
        const text = await res.text();
        requests += 1;
        if (res.status !== 200) failures.push(`${probe.path}: ${res.status} ${text.slice(0, 200)}`);
        else {
          const problem = probe.check(JSON.parse(text));
          if (problem) failures.push(`${probe.path}: ${problem}`);
        }
      } catch (error) {
        failures.push(`${probe.path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      // A failed request answers too: the load is under way, and the failure is reported at the end.
      tried += 1;
      for (const w of waiting.filter((w) => tried >= w.n)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return {
    answered(n) {
      return tried >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve }));
    },
    async stop() {
      running = false;
      await done;
      return { requests, failures };
    },
  };
}
