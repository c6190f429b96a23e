// Read-model answers serialised once per committed position: the JSON text, its length and its ETag are kept until the
// projection runner commits anything, so a read after a write still sees the write.
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { apiRoot, isApiPath } from '../../contracts/shared/endpoint.ts';

/** The app's compression settings (koa-compress in app.ts), shared with the answers compressed here once. */
export const compression = {
  threshold: 1024,
  br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  gzip: { level: 6 },
} as const;

type Encoding = 'br' | 'gzip';

export type JsonAnswer = {
  readonly body: Buffer;
  /** weak: the answer may leave compressed, and the tag names its content, not its bytes on the wire */
  readonly etag: string;
  /** the body compressed, each encoding made the first time a client asks for it */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
};

const jsonType = 'application/json; charset=utf-8';

export function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, encoded: {} };
}

function encodedBody(answer: JsonAnswer, encoding: Encoding): Buffer {
  return (answer.encoded[encoding] ??=
    encoding === 'br' ? brotliCompressSync(answer.body, compression.br) : gzipSync(answer.body, compression.gzip));
}

/**
 * br or gzip, whichever the client weighs higher (br on a tie, as koa-compress prefers it), or null for none. `*`
 * stands for an encoding the header does not name; q=0 refuses one.
 */
export function preferredEncoding(acceptEncoding: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name!.trim() && !Number.isNaN(weight)) weights.set(name!.trim().toLowerCase(), weight);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * Sends a cached answer: 304 with no body when the client already holds it (If-None-Match), else the JSON, compressed
 * once per answer rather than by koa-compress on every request. The security and request-id middleware see it like
 * any other answer; koa-compress has already said Vary: Accept-Encoding.
 */
export function sendJsonAnswer(ctx: Context, answer: JsonAnswer): void {
  ctx.set('Content-Type', jsonType);
  ctx.set('ETag', answer.etag);
  ctx.compress = false;
  ctx.body = answer.body;
  // ctx.fresh compares If-None-Match with the ETag (weakly, as RFC 9110 asks for GET); skipped when nothing is asked.
  if (ctx.get('If-None-Match') && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (answer.body.length < compression.threshold || !ctx.get('Accept-Encoding') || ctx.method === 'HEAD') return;
  const encoding = preferredEncoding(ctx.get('Accept-Encoding'));
  if (encoding) {
    ctx.set('Content-Encoding', encoding);
    ctx.body = encodedBody(answer, encoding);
  }
}

type Entry = { position: string; answer: JsonAnswer };

export type AnswerCache<K> = {
  /** The answer for `key`, built by `build` unless one built at the current position is kept; null is never kept. */
  get(key: K, build: () => Promise<unknown>): Promise<JsonAnswer | null>;
};

/**
 * Answers keyed by `key` and by the committed checkpoints of the projections they are read from. Every commit of the
 * runner moves those checkpoints with the writes, in one go, so a kept answer is stale the moment a new event is
 * folded. The position is read before the data: data newer than the position it is kept under only costs one more
 * build on the next request, never a stale answer. At most `maxEntries` keys are kept (oldest dropped first).
 */
export function answerCache<K>(
  reads: Pick<ReadStore, 'checkpoint'> & { readonly namespace?: string },
  projections: readonly string[],
  { maxEntries = 64 } = {},
): AnswerCache<K> {
  const entries = new Map<K, Entry>();
  // The generation's namespace too: a new generation of the read models may answer differently at the same position.
  const position = async () => {
    const namespace = reads.namespace ?? '';
    if (projections.length === 1) return `${namespace}:${await reads.checkpoint(projections[0]!)}`;
    return `${namespace}:${(await Promise.all(projections.map((p) => reads.checkpoint(p)))).join(':')}`;
  };
  return {
    async get(key, build) {
      const at = await position();
      const kept = entries.get(key);
      if (kept && kept.position === at) return kept.answer;
      const value = await build();
      if (value === null) {
        entries.delete(key);
        return null;
      }
      const answer = jsonAnswer(value);
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { position: at, answer });
      return answer;
    },
  };
}

/** Reads a cached GET's answer for this request; throws (or answers null) when it is not one the route answers 200. */
export type CachedRead = (ctx: Context) => Promise<JsonAnswer | null>;

/** Decides whether a request may be answered from the lane at all (the admin router's token check); never throws. */
export type LaneAdmission = (ctx: Context) => Promise<boolean>;

export type LaneRoute = { read: CachedRead; headers: readonly (readonly [string, string])[]; admit?: LaneAdmission };
type Lane = { routes: Map<string, LaneRoute>; admit?: LaneAdmission; headers: readonly (readonly [string, string])[] };

const lanes = new WeakMap<object, Lane>();

function laneOf(router: object): Lane {
  let lane = lanes.get(router);
  if (!lane) lanes.set(router, (lane = { routes: new Map(), headers: [] }));
  return lane;
}

/**
 * Routes registered on `router` with `cachedGet` are answered from the lane only once `admit` lets the request in, with
 * `headers` added (the admin router: its token check and Cache-Control: no-store).
 */
export function guardLane(router: object, admit: LaneAdmission, headers: readonly (readonly [string, string])[]): void {
  const lane = laneOf(router);
  lane.admit = admit;
  lane.headers = headers;
}

type Router = { get(path: string, handler: (ctx: Context) => Promise<void>): unknown };

/**
 * `GET path` answered from an answer cache: registered on the router as any route is, and also in the router's answer
 * lane (see `answerLane`), which serves the same answer without the rest of the middleware chain.
 */
export function cachedGet(
  router: Router,
  path: string,
  read: CachedRead,
  { headers = [] as readonly (readonly [string, string])[] } = {},
): void {
  router.get(path, async (ctx) => {
    const answer = await read(ctx);
    if (!answer) throw new Error(`${path} has no answer`);
    for (const [name, value] of headers) ctx.set(name, value);
    sendJsonAnswer(ctx, answer);
  });
  laneOf(router).routes.set(path, { read, headers });
}

/** Header names and values in turn, as `res.writeHead` takes them. */
type Head = readonly string[];
type Heads = Partial<Record<Encoding | 'identity', Head>>;

/** A GET the lane answers: its route, the router's pattern and the path's parameter. */
export type LaneHit = { route: LaneRoute; pattern: string; params?: Record<string, string> };

export type AnswerLane = {
  /** The Koa middleware, just after the request line's and the error middleware (see `answerLane`). */
  middleware: (ctx: Context, next: () => Promise<unknown>) => Promise<unknown>;
  /** The lane's route a path names, matched as the router would (case-sensitive, strict); undefined for any other. */
  match(path: string): LaneHit | undefined;
  /** The bytes to send for `answer` to a client that sent `acceptEncoding`, and every header but X-Request-Id. */
  prepared(answer: JsonAnswer, route: LaneRoute, acceptEncoding: string | undefined): { body: Buffer; head: Head };
  /** Marks a request the lane in front of Koa already tried: the middleware then leaves it to the chain at once. */
  tried(req: object): void;
};

/**
 * The answer lane: a GET of a path registered with `cachedGet` whose answer is kept is sent straight away, with the
 * same headers the whole chain would have given it (`common`: the security headers of /api answers and Vary:
 * Accept-Encoding), each set of them built once per answer and encoding. Anything else, or anything unusual about the
 * request (If-None-Match, a refused token, a query the route refuses, no answer), goes down the chain, which answers it
 * as before. Its middleware runs just after the request line's and the error middleware; `frontLane` (frontLane.ts)
 * answers the open routes before Koa makes a context at all.
 */
export function answerLane(routers: readonly object[], common: readonly (readonly [string, string])[]): AnswerLane {
  const routes = new Map<string, LaneRoute>();
  // Patterns whose one parameter is their last segment (`/api/reviews/book/:id`), by the literal part before it.
  const lastParam: Array<{ prefix: string; name: string; pattern: string; route: LaneRoute }> = [];
  for (const router of routers) {
    const lane = lanes.get(router);
    if (!lane) continue;
    for (const [path, route] of lane.routes) {
      if (!isApiPath(path)) throw new Error(`the answer lane serves ${apiRoot} paths only, not ${path}`);
      // The route's own headers after the router's, one of each name, as setting them in turn would leave them.
      const headers = new Map(
        [...lane.headers, ...route.headers].map(([name, value]) => [name.toLowerCase(), [name, value] as const]),
      );
      const laneRoute = {
        read: route.read,
        headers: [...headers.values()],
        ...(lane.admit ? { admit: lane.admit } : {}),
      };
      const param = /^([^:]*\/):([A-Za-z_][A-Za-z0-9_]*)$/.exec(path);
      if (param) lastParam.push({ prefix: param[1]!, name: param[2]!, pattern: path, route: laneRoute });
      else if (path.includes(':'))
        throw new Error(`the answer lane serves a parameter only as the last segment, not in ${path}`);
      else routes.set(path, laneRoute);
    }
  }
  const match = (path: string): LaneHit | undefined => {
    const exact = routes.get(path);
    if (exact) return { route: exact, pattern: path };
    for (const { prefix, name, pattern, route } of lastParam) {
      if (!path.startsWith(prefix)) continue;
      const raw = path.slice(prefix.length);
      if (raw === '' || raw.includes('/')) continue;
      try {
        return { route, pattern, params: { [name]: decodeURIComponent(raw) } };
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
  const heads = new WeakMap<JsonAnswer, Heads>();
  const headOf = (answer: JsonAnswer, route: LaneRoute, encoding: Encoding | null, body: Buffer): Head => {
    let kept = heads.get(answer);
    if (!kept) heads.set(answer, (kept = {}));
    return (kept[encoding ?? 'identity'] ??= [
      ...common,
      ...route.headers,
      ['Content-Type', jsonType],
      ['ETag', answer.etag],
      ['Content-Length', String(body.length)],
      ...(encoding ? ([['Content-Encoding', encoding]] as const) : []),
    ].flat());
  };
  // Clients send a handful of different Accept-Encoding headers: each is weighed once.
  const negotiated = new Map<string, Encoding | null>();
  const encodingFor = (accept: string | undefined): Encoding | null => {
    if (!accept) return null;
    let encoding = negotiated.get(accept);
    if (encoding === undefined) {
      encoding = preferredEncoding(accept);
      if (negotiated.size < 64 && accept.length <= 256) negotiated.set(accept, encoding);
    }
    return encoding;
  };
  const prepared = (answer: JsonAnswer, route: LaneRoute, acceptEncoding: string | undefined) => {
    const encoding = answer.body.length < compression.threshold ? null : encodingFor(acceptEncoding);
    const body = encoding ? encodedBody(answer, encoding) : answer.body;
    return { body, head: headOf(answer, route, encoding, body) };
  };
  const triedInFront = new WeakSet<object>();
  const middleware = async (ctx: Context, next: () => Promise<unknown>) => {
    const found = ctx.method === 'GET' && !triedInFront.has(ctx.req) ? match(ctx.path) : undefined;
    if (!found || ctx.req.headers['if-none-match'] !== undefined) return next();
    const { route } = found;
    let answer: JsonAnswer | null;
    try {
      if (found.params) (ctx as { params?: Record<string, string> }).params = found.params;
      if (route.admit && !(await route.admit(ctx))) return next();
      answer = await route.read(ctx);
    } catch {
      answer = null;
    }
    if (!answer) return next();
    const { body, head } = prepared(answer, route, ctx.req.headers['accept-encoding']);
    const res = ctx.res;
    for (let i = 0; i < head.length; i += 2) res.setHeader(head[i]!, head[i + 1]!);
    // The request line names the route, as the router would have.
    (ctx as { _matchedRoute?: string })._matchedRoute = found.pattern;
    res.statusCode = 200;
    ctx.respond = false;
    res.end(body);
  };
  return { middleware, match, prepared, tried: (req) => triedInFront.add(req) };
}
