// Per-request context: an id for logs and event metadata, and the command metadata it implies.
import { randomUUID } from 'node:crypto';
import { Stream } from 'node:stream';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { CommandMeta } from '../commands.ts';

const acceptableId = /^[A-Za-z0-9._-]{8,64}$/;

export function requestContext(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = acceptableId.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    // At LOG_LEVEL=warn and above no request line is written: skip the timing and the object built for it.
    if (!logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
    }
  };
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
