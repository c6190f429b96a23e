// The read store in Redis (chosen by REDIS_URL): read models that outlive the process, shared by every instance.
//
// Keys, all under shop:<namespace>:
//   doc:<collection>  hash  id → JSON document
//   idx:<index>       sorted set  id scored; equal scores order by id, as the memory store does
//   checkpoints       hash  projection → position
// and, outside every namespace, shop:generation (hash: namespace, versions): the generation that answers queries.
import { Redis } from 'ioredis';
import type {
  Checkpoint,
  LiveGeneration,
  RangeOptions,
  ReadStore,
  ScoreBounds,
  Write,
} from '../../contracts/ports/readStore.ts';

/** Namespaces become part of key names and SCAN patterns, so they are kept to plain characters. */
const NAMESPACE = /^[A-Za-z0-9._-]+$/;

/** Redis formats scores its own way ("inf", exponents); reading them back as numbers gives the memory store's text. */
const scoreText = (reply: string) => String(Number(reply));

/** Per key, only the last write to an id counts, so a batch folds into one HSET/HDEL/ZADD/ZREM per key. */
type Folded = { docs: Map<string, Map<string, string | null>>; index: Map<string, Map<string, number | null>> };

function fold(writes: readonly Write[]): Folded {
  const docs: Folded['docs'] = new Map();
  const index: Folded['index'] = new Map();
  const slot = <V>(map: Map<string, Map<string, V>>, key: string) => {
    let entries = map.get(key);
    if (!entries) map.set(key, (entries = new Map<string, V>()));
    return entries;
  };
  for (const w of writes) {
    switch (w.op) {
      case 'put': {
        // Serialised before anything is sent: a document that cannot be written fails the batch with nothing applied.
        const json = JSON.stringify(w.doc);
        if (json === undefined) throw new Error(`Document ${w.collection}/${w.id} is not JSON`);
        slot(docs, w.collection).set(w.id, json);
        break;
      }
      case 'delete':
        slot(docs, w.collection).set(w.id, null);
        break;
      case 'index':
        // Redis would refuse a bad score only at EXEC, after the commands before it had run.
        if (!Number.isFinite(w.score)) throw new Error(`Index ${w.index}: score for ${w.id} is not a finite number`);
        slot(index, w.index).set(w.id, w.score);
        break;
      case 'unindex':
        slot(index, w.index).set(w.id, null);
        break;
    }
  }
  return { docs, index };
}

/**
 * One connection, shared by every namespace on it. Commands are never queued while disconnected nor resent after a
 * reconnect: a Redis that came back empty must not receive a batch (and a checkpoint) meant for the data it lost.
 */
class Connection {
  readonly redis: Redis;
  /** counts connections made; a store that saw another one must re-read its checkpoints before committing */
  epoch = 0;
  private waiting: Promise<void> | null = null;

  /** the commands sent and not yet answered, each able to fail its caller */
  readonly inFlight = new InFlight();

  constructor(url: string) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 1,
    });
    this.redis.on('ready', () => (this.epoch += 1));
    this.redis.on('close', () =>
      this.inFlight.failAll(new Error('The connection to Redis dropped while the command was in flight')),
    );
    // Failures surface on the commands that fail; without a listener ioredis would also print every one.
    this.redis.on('error', () => {});
  }

  /**
   * A command's answer, or a failure if the connection drops before it comes. ioredis, told not to resend commands
   * after a reconnect, forgets the ones in flight without settling them; a caller awaiting one would wait forever
   * (the projection runner with it).
   */
  guard<T>(command: Promise<T>): Promise<T> {
    return this.inFlight.track(command);
  }

  /** Resolves once connected, waiting a little through a (re)connect rather than failing at once. */
  ready(timeoutMs = 5000): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    this.waiting ??= new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting = null;
        resolve();
      };
      const timer = setTimeout(() => {
        this.redis.off('ready', done);
        this.waiting = null;
        reject(new Error('Redis is not reachable'));
      }, timeoutMs);
      this.redis.once('ready', done);
    });
    return this.waiting;
  }
}

/** Promises being waited on, which can all be failed at once; each leaves as soon as it settles. */
export class InFlight {
  private readonly failers = new Set<(error: Error) => void>();

  get size(): number {
    return this.failers.size;
  }

  track<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      this.failers.add(fail);
      promise.then(
        (value) => {
          this.failers.delete(fail);
          resolve(value);
        },
        (error: unknown) => {
          this.failers.delete(fail);
          reject(error);
        },
      );
    });
  }

  failAll(error: Error): void {
    for (const fail of this.failers) fail(error);
    this.failers.clear();
  }
}

export class ReadStoreReconnected extends Error {
  constructor() {
    super(
      'Redis reconnected since the checkpoints were read; the read models may be gone, so resume from what Redis holds',
    );
    this.name = 'ReadStoreReconnected';
  }
}

/** The live generation's record. No namespace's keys can match it: they all start `shop:<namespace>:`. */
export const GENERATION_KEY = 'shop:generation';

/** Compare-and-set of the live generation, in one step on the server. ARGV: expected namespace ('' for none), namespace, versions. */
const SET_LIVE = `
local current = redis.call('HGET', KEYS[1], 'namespace')
if (ARGV[1] == '' and not current) or current == ARGV[1] then
  redis.call('HSET', KEYS[1], 'namespace', ARGV[2], 'versions', ARGV[3])
  return 1
end
return 0`;

/**
 * A batch committed only if the checkpoints it was folded from still stand, checked and written in one step on the
 * server. KEYS[1]: the checkpoints hash; KEYS[2…]: the documents' and indexes' keys. ARGV[1]: JSON of
 * { expected: [name, position][], checkpoints: [name, position, …], ops: [key number, command, args…][] }, every
 * value a string (scores too, so Lua's numbers never round them). Each op carries at most a few hundred arguments:
 * Lua's unpack has a limit.
 */
const GUARDED_COMMIT = `
local plan = cjson.decode(ARGV[1])
for _, e in ipairs(plan.expected) do
  local current = redis.call('HGET', KEYS[1], e[1])
  if e[2] == '0' then
    if current and current ~= '0' then return 0 end
  elseif current ~= e[2] then
    return 0
  end
end
for _, op in ipairs(plan.ops) do
  redis.call(op[2], KEYS[op[1]], unpack(op, 3))
end
if #plan.checkpoints > 0 then redis.call('HSET', KEYS[1], unpack(plan.checkpoints)) end
return 1`;

/** arguments per command of a guarded commit */
const OP_ARGS = 400;

export function createRedisReadStore(url: string, namespace = 'v1'): ReadStore {
  return storeOn(new Connection(url), namespace, true);
}

function storeOn(connection: Connection, namespace: string, ownsConnection: boolean): ReadStore {
  if (!NAMESPACE.test(namespace))
    throw new Error(`Read store namespace "${namespace}" may only hold letters, digits, ".", "_" and "-"`);
  const { redis } = connection;
  const prefix = `shop:${namespace}:`;
  const docKey = (collection: string) => `${prefix}doc:${collection}`;
  const indexKey = (index: string) => `${prefix}idx:${index}`;
  const checkpointKey = `${prefix}checkpoints`;
  /** the connection this store first worked on, or last committed on */
  let seenEpoch: number | null = null;
  const connected = async () => {
    await connection.ready();
    seenEpoch ??= connection.epoch;
  };

  async function keysMatching(pattern: string): Promise<string[]> {
    await connected();
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await connection.guard(redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000));
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    return [...new Set(keys)];
  }

  const store: ReadStore = {
    kind: 'redis',
    namespace,

    async get<T>(collection: string, id: string) {
      await connected();
      const json = await connection.guard(redis.hget(docKey(collection), id));
      return json === null ? null : (JSON.parse(json) as T);
    },

    async getMany<T>(collection: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      await connected();
      const found = await connection.guard(redis.hmget(docKey(collection), ...ids));
      return found.map((json) => (json === null ? null : (JSON.parse(json) as T)));
    },

    async range(index: string, { offset = 0, limit = Infinity, reverse = false, min, max }: RangeOptions = {}) {
      if (limit <= 0) return [];
      await connected();
      if (min !== undefined || max !== undefined) {
        const low = min === undefined ? '-inf' : String(min);
        const high = max === undefined ? '+inf' : String(max);
        const count = limit === Infinity ? -1 : limit;
        return connection.guard(
          reverse
            ? redis.zrevrangebyscore(indexKey(index), high, low, 'LIMIT', offset, count)
            : redis.zrangebyscore(indexKey(index), low, high, 'LIMIT', offset, count),
        );
      }
      const stop = String(limit === Infinity ? -1 : offset + limit - 1);
      return connection.guard(
        reverse ? redis.zrevrange(indexKey(index), offset, stop) : redis.zrange(indexKey(index), offset, stop),
      );
    },

    async count(index: string, { min, max }: ScoreBounds = {}) {
      await connected();
      if (min !== undefined || max !== undefined)
        return connection.guard(
          redis.zcount(
            indexKey(index),
            min === undefined ? '-inf' : String(min),
            max === undefined ? '+inf' : String(max),
          ),
        );
      return connection.guard(redis.zcard(indexKey(index)));
    },

    async commit(writes: readonly Write[], checkpoints: readonly Checkpoint[], expected: readonly Checkpoint[] = []) {
      const { docs, index } = fold(writes);
      await connected();
      // Redis went away since this store last committed (or first read): the batch was folded onto state that may be
      // gone. Fail once, so the runner resumes from the checkpoints Redis holds now (none, if it came back empty).
      if (seenEpoch !== connection.epoch) {
        seenEpoch = connection.epoch;
        throw new ReadStoreReconnected();
      }
      /** per key: the values to set (field, value… or score, member…) and the ids to remove */
      const plan: { key: string; set: 'hset' | 'zadd'; del: 'hdel' | 'zrem'; put: string[]; removed: string[] }[] = [];
      for (const [collection, entries] of docs) {
        const step = {
          key: docKey(collection),
          set: 'hset',
          del: 'hdel',
          put: [] as string[],
          removed: [] as string[],
        };
        for (const [id, json] of entries) {
          if (json === null) step.removed.push(id);
          else step.put.push(id, json);
        }
        plan.push(step as (typeof plan)[number]);
      }
      for (const [name, entries] of index) {
        const step = { key: indexKey(name), set: 'zadd', del: 'zrem', put: [] as string[], removed: [] as string[] };
        for (const [id, score] of entries) {
          if (score === null) step.removed.push(id);
          else step.put.push(String(score), id);
        }
        plan.push(step as (typeof plan)[number]);
      }
      if (expected.length) {
        const keys = [checkpointKey];
        const ops: (string | number)[][] = [];
        for (const step of plan) {
          keys.push(step.key);
          for (let i = 0; i < step.put.length; i += OP_ARGS)
            ops.push([keys.length, step.set, ...step.put.slice(i, i + OP_ARGS)]);
          for (let i = 0; i < step.removed.length; i += OP_ARGS)
            ops.push([keys.length, step.del, ...step.removed.slice(i, i + OP_ARGS)]);
        }
        const body = JSON.stringify({
          expected: expected.map((c) => [c.projection, String(c.position)]),
          checkpoints: checkpoints.flatMap((c) => [c.projection, String(c.position)]),
          ops,
        });
        const done = await connection.guard(redis.eval(GUARDED_COMMIT, keys.length, ...keys, body));
        return done === 1;
      }
      const tx = redis.multi();
      for (const step of plan) {
        if (step.put.length) tx[step.set](step.key, ...step.put);
        if (step.removed.length) tx[step.del](step.key, ...step.removed);
      }
      if (checkpoints.length) tx.hset(checkpointKey, ...checkpoints.flatMap((c) => [c.projection, String(c.position)]));
      // One MULTI/EXEC, sent as one pipeline: one round-trip, and all of it or none of it.
      const results = await connection.guard(tx.exec());
      if (results === null) throw new Error('Redis discarded the read-model transaction');
      const failed = results.find(([error]) => error)?.[0];
      if (failed) throw failed;
      return true;
    },

    async checkpoint(projection: string) {
      await connected();
      const position = await connection.guard(redis.hget(checkpointKey, projection));
      return position === null ? null : Number(position);
    },

    async *dump() {
      // The memory store's exact lines and order, so content hashes compare across adapters.
      const nameAfter = (key: string, kind: string) => key.slice(prefix.length + kind.length);
      const collections = (await keysMatching(`${prefix}doc:*`)).map((k) => nameAfter(k, 'doc:')).sort();
      for (const collection of collections) {
        const docs = await connection.guard(redis.hgetall(docKey(collection)));
        for (const id of Object.keys(docs).sort()) yield `doc ${collection} ${id} ${docs[id]}`;
      }
      const indexes = (await keysMatching(`${prefix}idx:*`)).map((k) => nameAfter(k, 'idx:')).sort();
      for (const name of indexes) {
        const flat = await connection.guard(redis.zrange(indexKey(name), 0, '-1', 'WITHSCORES'));
        const scores = new Map<string, string>();
        for (let i = 0; i < flat.length; i += 2) scores.set(flat[i]!, scoreText(flat[i + 1]!));
        for (const id of [...scores.keys()].sort()) yield `idx ${name} ${id} ${scores.get(id)}`;
      }
    },

    async drop() {
      const keys = await keysMatching(`${prefix}*`);
      for (let i = 0; i < keys.length; i += 500) await connection.guard(redis.unlink(...keys.slice(i, i + 500)));
    },

    withNamespace(other: string) {
      return storeOn(connection, other, false);
    },

    async live() {
      await connected();
      const record = await connection.guard(redis.hgetall(GENERATION_KEY));
      return record.namespace ? { namespace: record.namespace, versions: record.versions ?? '' } : null;
    },

    async setLive(next: LiveGeneration, expectedNamespace: string | null) {
      if (!NAMESPACE.test(next.namespace))
        throw new Error(`Read store namespace "${next.namespace}" may only hold letters, digits, ".", "_" and "-"`);
      await connected();
      const done = await connection.guard(
        redis.eval(SET_LIVE, 1, GENERATION_KEY, expectedNamespace ?? '', next.namespace, next.versions),
      );
      return done === 1;
    },

    async ping() {
      try {
        await connection.ready(1000);
        return (await connection.guard(redis.ping())) === 'PONG';
      } catch {
        return false;
      }
    },

    async close() {
      // Stores made by withNamespace share the connection; the one that opened it closes it.
      if (ownsConnection && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
  return store;
}
