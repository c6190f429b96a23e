// Per-request context: an id for logs and event metadata, and the command metadata it implies.
import { randomUUID } from 'node:crypto';
import { Stream } from 'node:stream';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { CommandMeta } from '../commands.ts';

const acceptableId = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The head of the chain, outside the error middleware, so the line it writes has the status the client was sent. One
 * line per request at `info`: method, the route pattern that answered (never the raw path, which may hold ids), status,
 * time, request id and body bytes; no query string, body, address or header of the client's.
 */
export function requestContext(logger: Logger) {
  return (ctx: Context, next: Next) => {
    // Node's own header table, not Koa's case-folding getters and setters: this runs on every request.
    const incoming = ctx.req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && acceptableId.test(incoming) ? incoming : randomUUID();
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
      const fields: RequestLine = { requestId, method: ctx.method, route: routeOf(ctx, status), status, ms, bytes: bytesSent(ctx, status, line.streamed) };
      if (!res.writableFinished) fields.aborted = true;
      logger.info(fields, 'request');
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

type RequestLine = { requestId: string; method: string; route: string; status: number; ms: number; bytes: number; aborted?: true };

/**
 * The router's pattern (`/api/reviews/book/:bookId`). A page or asset the web app served is named by its own path,
 * which is one of the shop's files or client routes; anything else unmatched is not repeated back into the log.
 */
function routeOf(ctx: Context, status: number): string {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  return status < 400 && !ctx.path.startsWith('/api') ? ctx.path : '(unmatched)';
}

function bytesSent(ctx: Context, status: number, streamed: number): number {
  if (ctx.method === 'HEAD' || status === 204 || status === 304) return 0;
  if (streamed >= 0) return streamed;
  return Number(ctx.res.getHeader('Content-Length') ?? 0);
}

export function commandMeta(ctx: Context, causedBy: string, now: Date): CommandMeta {
  return { causedBy, requestId: ctx.state.requestId as string, now: now.toISOString() };
}

/**
 * Turns an object body into its JSON text once, on the way out. Without it the compression middleware (to learn
 * the length) and Koa (to send it) would each stringify the same object.
 */
export async function serialiseJsonOnce(ctx: Context, next: Next) {
  await next();
  const body: unknown = ctx.body;
  if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && !(body instanceof Stream) && ctx.response.type === 'application/json') {
    ctx.body = JSON.stringify(body);
  }
}
