// The embedded read store: plain maps, rebuilt from the event log at every start.
import type {
  Checkpoint,
  LiveGeneration,
  RangeOptions,
  ReadStore,
  ScoreBounds,
  Write,
} from '../../contracts/ports/readStore.ts';

type Space = {
  docs: Map<string, Map<string, string>>;
  indexes: Map<string, Map<string, number>>;
  checkpoints: Map<string, number>;
};

function emptySpace(): Space {
  return { docs: new Map(), indexes: new Map(), checkpoints: new Map() };
}

/** Sorted ids of an index: by score, then id, so equal scores have a stable order. */
function sortedIds(index: Map<string, number>): string[] {
  return [...index.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([id]) => id);
}

const inBounds = (score: number, { min, max }: ScoreBounds) =>
  (min === undefined || score >= min) && (max === undefined || score <= max);

/** Every namespace of one embedded backend, and which of them is live. */
type Backend = { spaces: Map<string, Space>; live: LiveGeneration | null };

export function createMemoryReadStore(
  namespace = 'v1',
  backend: Backend = { spaces: new Map(), live: null },
): ReadStore {
  const { spaces } = backend;
  const space = () => {
    let s = spaces.get(namespace);
    if (!s) spaces.set(namespace, (s = emptySpace()));
    return s;
  };
  // Sorted views are cached per index and dropped when the index changes.
  const sortedCache = new Map<string, string[]>();

  const store: ReadStore = {
    kind: 'memory',
    namespace,

    async get<T>(collection: string, id: string) {
      const json = space().docs.get(collection)?.get(id);
      return json === undefined ? null : (JSON.parse(json) as T);
    },

    async getMany<T>(collection: string, ids: readonly string[]) {
      const docs = space().docs.get(collection);
      return ids.map((id) => {
        const json = docs?.get(id);
        return json === undefined ? null : (JSON.parse(json) as T);
      });
    },

    async range(indexName: string, { offset = 0, limit = Infinity, reverse = false, min, max }: RangeOptions = {}) {
      const index = space().indexes.get(indexName);
      if (!index) return [];
      let ids = sortedCache.get(indexName);
      if (!ids) sortedCache.set(indexName, (ids = sortedIds(index)));
      const within =
        min === undefined && max === undefined ? ids : ids.filter((id) => inBounds(index.get(id)!, { min, max }));
      const ordered = reverse ? [...within].reverse() : within;
      return ordered.slice(offset, limit === Infinity ? undefined : offset + limit);
    },

    async count(indexName: string, bounds: ScoreBounds = {}) {
      const index = space().indexes.get(indexName);
      if (!index) return 0;
      if (bounds.min === undefined && bounds.max === undefined) return index.size;
      let n = 0;
      for (const score of index.values()) if (inBounds(score, bounds)) n += 1;
      return n;
    },

    async commit(writes: readonly Write[], checkpoints: readonly Checkpoint[], expected: readonly Checkpoint[] = []) {
      const s = space();
      if (expected.some((c) => (s.checkpoints.get(c.projection) ?? 0) !== c.position)) return false;
      // Validate by serialising first, so a bad document cannot leave half a batch applied.
      const prepared = writes.map((w) => (w.op === 'put' ? { ...w, json: JSON.stringify(w.doc) } : w));
      for (const w of prepared) {
        switch (w.op) {
          case 'put': {
            let docs = s.docs.get(w.collection);
            if (!docs) s.docs.set(w.collection, (docs = new Map<string, string>()));
            docs.set(w.id, (w as { json: string }).json);
            break;
          }
          case 'delete':
            s.docs.get(w.collection)?.delete(w.id);
            break;
          case 'index': {
            let index = s.indexes.get(w.index);
            if (!index) s.indexes.set(w.index, (index = new Map<string, number>()));
            index.set(w.id, w.score);
            sortedCache.delete(w.index);
            break;
          }
          case 'unindex':
            s.indexes.get(w.index)?.delete(w.id);
            sortedCache.delete(w.index);
            break;
        }
      }
      for (const c of checkpoints) s.checkpoints.set(c.projection, c.position);
      return true;
    },

    async checkpoint(projection: string) {
      return space().checkpoints.get(projection) ?? null;
    },

    async *dump() {
      const s = space();
      for (const collection of [...s.docs.keys()].sort()) {
        const docs = s.docs.get(collection)!;
        for (const id of [...docs.keys()].sort()) yield `doc ${collection} ${id} ${docs.get(id)}`;
      }
      for (const name of [...s.indexes.keys()].sort()) {
        const index = s.indexes.get(name)!;
        for (const id of [...index.keys()].sort()) yield `idx ${name} ${id} ${index.get(id)}`;
      }
    },

    async drop() {
      spaces.delete(namespace);
      sortedCache.clear();
    },

    withNamespace(other: string) {
      return createMemoryReadStore(other, backend);
    },

    async live() {
      return backend.live ? { ...backend.live } : null;
    },

    async setLive(next: LiveGeneration, expectedNamespace: string | null) {
      if ((backend.live?.namespace ?? null) !== expectedNamespace) return false;
      backend.live = { ...next };
      return true;
    },

    async ping() {
      return true;
    },

    async close() {},
  };
  return store;
}
