// Per-request context: an id for logs and event metadata, and the command metadata it implies.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Stream } from 'node:stream';
import type { Context, Next } from 'koa';
import pino, { type Logger } from 'pino';
import { apiRoot } from '../../contracts/shared/endpoint.ts';
import { clientRouteOf } from '../../contracts/shared/clientRoutes.ts';
import type { CommandMeta } from '../commands.ts';

const acceptableId = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The head of the chain, outside the error middleware, so the line it writes has the status the client was sent. One
 * line per request at `info`: method, the route pattern that answered (never the raw path, which may hold ids), status,
 * time, request id and body bytes; no query string, body, address or header of the client's.
 */
export function requestContext(logger: Logger, options: { recordOrigin?: boolean } = {}) {
  const writeLine = requestLineWriter(logger);
  const recordOrigin = options.recordOrigin === true;
  return (ctx: Context, next: Next) => {
    // A shop without PUBLIC_URL records where each request reached it with what the request writes (decision 112).
    if (recordOrigin) ctx.state.recordOrigin = true;
    const requestId = requestIdOf(ctx.req);
    ctx.state.requestId = requestId;
    ctx.res.setHeader('X-Request-Id', requestId);
    // At LOG_LEVEL=warn and above no request line is written: skip the timing and the object built for it.
    if (!logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    const line = { streamed: -1 };
    // 'close' comes once the answer is written (or the client has gone): the status then is the one on the wire.
    ctx.res.once('close', () => {
      const res = ctx.res;
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const status = res.statusCode;
      const fields: RequestLine = {
        requestId,
        method: ctx.method,
        route: routeOf(ctx, status),
        status,
        ms,
        bytes: bytesSent(ctx, status, line.streamed),
      };
      if (!res.writableFinished) fields.aborted = true;
      writeLine(fields);
    });
    return next().then(() => {
      // A body made on the fly (compressed, or a file) has no length up front: its chunks are counted as they go.
      const body: unknown = ctx.body;
      if (body instanceof Stream) {
        line.streamed = 0;
        body.on('data', (chunk: Buffer | string) => {
          line.streamed += chunk.length;
        });
      }
    });
  };
}

/** The client's X-Request-Id when it is a plain one, else a new id. */
export function requestIdOf(req: IncomingMessage): string {
  // Node's own header table, not Koa's case-folding getters and setters: this runs on every request.
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && acceptableId.test(incoming) ? incoming : randomUUID();
}

const { symbols } = pino;
const lineKeys = ['requestId', 'method', 'route', 'status', 'ms', 'bytes', 'aborted'];

/**
 * Writes the request line as `logger.info(fields, 'request')` would, byte for byte, but without pino's walk over an
 * object of unknown shape: the line's fields are known, and this is the one log call every request makes. A logger
 * that would shape the line differently (a mixin, formatters, serialisers or hooks, another message key, a
 * destination that reads each line's metadata) gets the ordinary call instead.
 */
export function requestLineWriter(logger: Logger): (fields: RequestLine) => void {
  const ordinary = (fields: RequestLine) => logger.info(fields, 'request');
  // pino keeps its settings under symbols its types do not declare: read each as the logger's own property.
  const own = (key: symbol): unknown => Reflect.get(logger, key);
  const formatters = own(symbols.formattersSym) as { log?: unknown; level?: unknown } | undefined;
  const serializers = (own(symbols.serializersSym) ?? {}) as Record<string, unknown>;
  const stringifiers = (own(symbols.stringifiersSym) ?? {}) as Record<string | symbol, unknown>;
  const hooks = (own(symbols.hooksSym) ?? {}) as { streamWrite?: unknown; logMethod?: unknown };
  const stream = own(symbols.streamSym) as { write(line: string): unknown } & Record<symbol, unknown>;
  const time = own(symbols.timeSym) as (() => string) | undefined;
  const levels = own(symbols.lsCacheSym) as Record<number, string> | undefined;
  const plain =
    !own(symbols.mixinSym) &&
    !formatters?.log &&
    own(symbols.messageKeySym) === 'msg' &&
    !own(symbols.nestedKeySym) &&
    !own((symbols as Record<string, symbol>).msgPrefixSym ?? Symbol()) &&
    own(symbols.endSym) === '}\n' &&
    !hooks.streamWrite &&
    !hooks.logMethod &&
    lineKeys.every((key) => !serializers[key] && !stringifiers[key]) &&
    !stringifiers[symbols.wildcardFirstSym] &&
    typeof time === 'function' &&
    typeof levels?.[30] === 'string' &&
    typeof stream?.write === 'function' &&
    stream[Symbol.for('pino.metadata')] !== true &&
    logger.levels.values.info === 30;
  if (!plain) return ordinary;
  const head = levels[30]!;
  const number = (n: number) => (Number.isFinite(n) ? n : null);
  return (fields) => {
    if (!logger.isLevelEnabled('info')) return;
    // Read per line: a child logger made after start, or bindings changed at run time, still show.
    const chindings = own(symbols.chindingsSym) as string;
    stream.write(
      `${head}${time.call(logger)}${chindings},"requestId":${JSON.stringify(fields.requestId)},"method":${JSON.stringify(fields.method)},"route":${JSON.stringify(fields.route)},"status":${number(fields.status)},"ms":${number(fields.ms)},"bytes":${number(fields.bytes)}${fields.aborted ? ',"aborted":true' : ''},"msg":"request"}\n`,
    );
  };
}

export type RequestLine = {
  requestId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  bytes: number;
  aborted?: true;
};

/**
 * The router's pattern (`/api/reviews/book/:bookId`). A page or asset the web app served is named by its own path,
 * which is one of the shop's files or client routes; anything else unmatched is not repeated back into the log.
 */
function routeOf(ctx: Context, status: number): string {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  if (status >= 400 || ctx.path.startsWith(apiRoot)) return '(unmatched)';
  // A page with a parameter is named by its pattern: an order page's or a receipt's token is a key to it.
  return clientRouteOf(ctx.path) ?? ctx.path;
}

function bytesSent(ctx: Context, status: number, streamed: number): number {
  if (ctx.method === 'HEAD' || status === 204 || status === 304) return 0;
  if (streamed >= 0) return streamed;
  return Number(ctx.res.getHeader('Content-Length') ?? 0);
}

export function commandMeta(ctx: Context, causedBy: string, now: Date): CommandMeta {
  const meta: CommandMeta = { causedBy, requestId: ctx.state.requestId as string, now: now.toISOString() };
  if (ctx.state.recordOrigin === true) {
    const origin = originOfRequest(ctx);
    if (origin) meta.origin = origin;
  }
  return meta;
}

/** An address is recorded only in the plain shape of one: a scheme, a host and a port, nothing a header could smuggle. */
const plainOrigin = /^https?:\/\/[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?$/;

/** Where this request reached the shop ("http://127.0.0.1:43000"), or null when its Host is not plainly an address. */
export function originOfRequest(ctx: Pick<Context, 'protocol' | 'host'>): string | null {
  const origin = `${ctx.protocol}://${ctx.host}`;
  return plainOrigin.test(origin) ? origin : null;
}

/**
 * Turns an object body into its JSON text once, on the way out. Without it the compression middleware (to learn
 * the length) and Koa (to send it) would each stringify the same object.
 */
export async function serialiseJsonOnce(ctx: Context, next: Next) {
  await next();
  const body: unknown = ctx.body;
  if (
    body !== null &&
    typeof body === 'object' &&
    !Buffer.isBuffer(body) &&
    !(body instanceof Stream) &&
    ctx.response.type === 'application/json'
  ) {
    ctx.body = JSON.stringify(body);
  }
}
