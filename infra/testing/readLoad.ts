// A steady load of the shop's read endpoints, each answer checked: no 5xx, and no list that is empty when it must not be.
export type ReadLoad = { stop(): Promise<{ requests: number; failures: string[] }> };

export type ReadProbe = { path: string; headers?: Record<string, string>; /** what a right answer holds; a message if it does not */ check(body: any): string | null };

export function startReadLoad(url: string, probes: readonly ReadProbe[], clients = 8): ReadLoad {
  let running = true;
  let requests = 0;
  const failures: string[] = [];
  const client = async (n: number) => {
    for (let i = n; running; i++) {
      const probe = probes[i % probes.length]!;
      try {
        const res = await fetch(`${url}${probe.path}`, { headers: probe.headers ?? {} });
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
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return {
    async stop() {
      running = false;
      await done;
      return { requests, failures };
    },
  };
}
